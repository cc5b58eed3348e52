// Not run again on PostgreSQL: reads by ids, no writes.
import { describe, expect, it } from 'vitest';
import { entities } from '../../schema';
import { seedDemo } from '../../server/seed/demo';
import { createUser, makeApp, signIn } from './helpers';
import { ROLE } from '../../schema/access';

// react-admin's guessers take a field `fooId` for a reference to the resource `foos`: every such field of every
// /api/v1 resource must name a resource that answers, by id and in a getMany.

const plural = (word: string) => (/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);

describe('reference fields by react-admin convention', { timeout: 120_000 }, () => {
    it('every …Id field of every resource is a row its guessed resource answers', async () => {
        const t = await makeApp();
        await seedDemo(t.app);
        const headers = await signIn(t);
        const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
        const resources = [...entities.map((entity) => entity.name), 'users', 'orders', 'contacts', 'videos'];
        const seen = new Set<string>();
        for (const resource of resources) {
            const list = await get(`/${resource}?range=[0,49]`);
            expect(list.statusCode, `${resource}: ${list.body}`).toBe(200);
            for (const record of list.json() as Array<Record<string, unknown>>) {
                for (const [name, value] of Object.entries(record)) {
                    if (!name.endsWith('Id') || typeof value !== 'number') continue;
                    const target = plural(name.slice(0, -2));
                    const many = await get(`/${target}?filter=${encodeURIComponent(JSON.stringify({ id: [value] }))}`);
                    expect(many.statusCode, `${resource}.${name} → ${target}: ${many.body}`).toBe(200);
                    expect(many.json().map((row: { id: number }) => row.id), `${resource}.${name} → ${target}`).toEqual([value]);
                    const one = await get(`/${target}/${value}`);
                    expect(one.statusCode, `${resource}.${name} → ${target}/${value}`).toBe(200);
                    seen.add(`${resource}.${name}`);
                }
            }
        }
        for (const field of ['products.attributeId', 'products.gstId', 'products.categoryId', 'subcategories.categoryId', 'orders.customerId', 'users.roleId']) {
            expect(seen, field).toContain(field);
        }
    });

    it('answers customers (users of the customer role only) and the fixed roles, read-only', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const customer = await createUser(t.app, 'buyer@shop.test', ROLE.customer, 'Asha Buyer');
        const seller = await createUser(t.app, 'seller@shop.test', ROLE.seller, 'Sam Seller');
        const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
        const list = await get('/customers?range=[0,9]');
        expect(list.statusCode).toBe(200);
        expect(list.json().map((row: { email: string }) => row.email)).toEqual(['buyer@shop.test']);
        expect(list.headers['content-range']).toBe('customers 0-0/1');
        expect((await get(`/customers/${customer.id}`)).json()).toMatchObject({ id: customer.id, name: 'Asha Buyer', email: 'buyer@shop.test', orders: 0 });
        expect((await get(`/customers/${seller.id}`)).statusCode).toBe(404);
        expect((await get(`/customers?filter=${encodeURIComponent(JSON.stringify({ id: [customer.id, seller.id] }))}`)).json()).toHaveLength(1);

        const roles = await get('/roles');
        expect(roles.json()).toEqual([{ id: 1, name: 'Admin' }, { id: 2, name: 'Seller' }, { id: 3, name: 'Customer' }]);
        expect(roles.headers['content-range']).toBe('roles 0-2/3');
        expect((await get(`/roles?filter=${encodeURIComponent('{"id":[2]}')}`)).json()).toEqual([{ id: 2, name: 'Seller' }]);
        expect((await get('/roles/3')).json()).toEqual({ id: 3, name: 'Customer' });
        expect((await get('/roles/9')).statusCode).toBe(404);

        const write = await t.app.inject({ method: 'DELETE', url: `/api/v1/customers/${customer.id}`, headers });
        expect(write.statusCode).toBe(405);
        expect(write.headers.allow).toBe('GET');
        expect((await t.app.inject({ method: 'POST', url: '/api/v1/roles', headers, payload: { name: 'Boss' } })).statusCode).toBe(405);
    });

    it('answers attributes, gsts and pageCategories as the whole resource, writes included', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
        const created = await call('POST', '/attributes', { name: 'Weight', value: '1 kg' });
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json().id;
        expect((await call('GET', `/attribute/${id}`)).json().value).toBe('1 kg');
        expect((await call('PUT', `/attributes/${id}`, { value: '2 kg' })).json().value).toBe('2 kg');
        expect((await call('GET', '/gsts?range=[0,9]')).statusCode).toBe(200);
        expect((await call('POST', '/pageCategories', { name: 'Help', description: 'Help pages' })).statusCode).toBe(201);
        expect((await call('GET', '/pagecategories')).json()).toHaveLength(1);
        expect((await call('DELETE', `/attributes/${id}`)).statusCode).toBe(200);
    });

    it('answers 405 with Allow: GET to a write of the activity log, which the server alone writes', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        for (const [method, url] of [['POST', '/api/v1/activity'], ['PUT', '/api/v1/activity/1'], ['PATCH', '/api/v1/activity/1'], ['DELETE', '/api/v1/activity/1']] as const) {
            const res = await t.app.inject({ method, url, headers, ...(method === 'DELETE' ? {} : { payload: {} }) });
            expect(res.statusCode, `${method} ${url}`).toBe(405);
            expect(res.headers.allow).toBe('GET');
            expect(res.json().message).toBe('Activities are read-only: the server writes them as changes happen');
        }
    });
});
