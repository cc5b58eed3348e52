// Not run again on PostgreSQL: filter validation before any SQL.
import { describe, expect, it } from 'vitest';
import { adminApp, catalogueBasics } from './catalogue';

// A filter a list does not have is refused, naming the ones it has, on the legacy paths too when it comes as a
// filter (the stock dialect's `filter={…}`): dropped silently, it would answer every row as if it had matched.
// The legacy paths' own query parameters keep their spec behaviour: a key they do not know is left alone.

const filter = (path: string, value: object) => `${path}?filter=${encodeURIComponent(JSON.stringify(value))}&range=${encodeURIComponent('[0,9]')}`;

describe('list filters on the legacy paths', () => {
    it('refuse a filter the list does not have, naming those it has, and take those it has', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        const refused = await call('GET', filter('/api/products', { colour: 'red' }));
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().message).toMatch(/^Unknown filter colour; this list filters by: .*\bcategoryId\b/);
        expect(refused.json().message).not.toMatch(/\b(page|perPage|range|sort)\b/);

        for (const url of [filter('/api/products', { categoryId: 1, q: 'apple' }), filter('/api/subcategories', { categoryId: 1 })]) {
            const res = await call('GET', url);
            expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        }
        for (const path of ['/api/orderr', '/api/users', '/api/contacts']) {
            const res = await call('GET', filter(path, { colour: 'red' }));
            expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
            expect(res.json().message, path).toMatch(/^Unknown filter colour; this list filters by: /);
        }
    });

    it('leave alone a query parameter they do not know, as the legacy clients send them', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        for (const url of ['/api/products?_=1732848000000', '/api/subcategories?categoryId=1&colour=red', '/api/products?page=1&perPage=5&colour=red']) {
            const res = await call('GET', url);
            expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        }
    });
});
