// Not run again on PostgreSQL: body parsing and validation before any SQL.
import { describe, expect, it } from 'vitest';
import { adminApp } from './catalogue';
import { makeApp, signIn, type TestApp } from './helpers';

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

/** A POST with a JSON content type and the body as given (none at all by default), as common clients send it. */
const post = (t: TestApp, url: string, headers: Record<string, string>, contentType: string, payload?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, ...(payload === undefined ? {} : { payload }) });

describe('an empty body sent as JSON', () => {
    it('is no body on a route that takes none: POST /userlogout signs out as it does without the header', async () => {
        const t = await makeApp();
        for (const contentType of JSON_TYPES) {
            for (const payload of [undefined, '', ' \r\n']) {
                const headers = await signIn(t);
                const res = await post(t, '/api/userlogout', headers, contentType, payload);
                expect(res.statusCode, `${contentType} ${JSON.stringify(payload)}: ${res.body}`).toBe(200);
                expect(res.json()).toMatchObject({ success: true, message: 'Signed out' });
                expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
            }
        }
    });

    it('still refuses a route that needs a body, with the message of each field it lacks, as an empty object would', async () => {
        const t = await adminApp();
        for (const contentType of JSON_TYPES) {
            const signIn = await post(t, '/api/user_login', {}, contentType);
            expect(signIn.statusCode, signIn.body).toBe(400);
            expect(signIn.json()).toMatchObject({ success: false, message: 'Invalid email', errors: { email: 'Invalid email' } });
            expect(signIn.json()).toEqual((await post(t, '/api/user_login', {}, contentType, '{}')).json());

            const category = await post(t, '/api/categories', t.headers, contentType);
            expect(category.statusCode, category.body).toBe(400);
            expect(Object.keys(category.json().errors)).toEqual(expect.arrayContaining(['name']));
            expect(category.json()).toEqual((await post(t, '/api/categories', t.headers, contentType, '{}')).json());
        }
        expect((await t.call('GET', '/api/categories')).json()).toHaveLength(0);
    });

    it('leaves malformed JSON refused as before', async () => {
        const t = await adminApp();
        for (const payload of ['{', 'nul', '{"a":1,}']) {
            const res = await post(t, '/api/categories', t.headers, 'application/json', payload);
            expect(res.statusCode, payload).toBe(400);
            expect(res.json().success).toBe(false);
        }
        const poisoned = await post(t, '/api/categories', t.headers, 'application/json', '{"__proto__":{"isAdmin":true},"name":"x"}');
        expect(poisoned.statusCode).toBe(400);
    });
});
