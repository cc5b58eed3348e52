// Not run again on PostgreSQL: role checks before any SQL that differs by database.
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { makeApp, signIn } from './helpers';

const ROUTES: Array<['GET' | 'POST' | 'DELETE', string]> = [
    ['GET', '/api/subcategories'],
    ['GET', '/api/subcategories/1'],
    ['POST', '/api/subcategories'],
    ['POST', '/api/subcategories/1'],
    ['POST', '/api/subcategories/1/toggle-status'],
    ['GET', '/api/attribute'],
    ['GET', '/api/attribute/1'],
    ['POST', '/api/attribute'],
    ['POST', '/api/attribute/1'],
    ['POST', '/api/attribute/1/toggle-status'],
    ['DELETE', '/api/attribute/1'],
    ['GET', '/api/gst'],
    ['GET', '/api/gst/1'],
    ['POST', '/api/gst'],
    ['POST', '/api/gst/1'],
    ['POST', '/api/gst/1/toggle'],
    ['DELETE', '/api/gst/1'],
    ['GET', '/api/products'],
    ['GET', '/api/products/1'],
    ['POST', '/api/products'],
    ['POST', '/api/products/1'],
    ['POST', '/api/products/toggleProductStatus/1'],
    ['GET', '/api/pincode'],
    ['GET', '/api/pincode/1'],
    ['POST', '/api/pincode'],
    ['POST', '/api/pincode/1'],
    ['POST', '/api/pincode/1/toggle'],
    ['DELETE', '/api/pincode/1'],
];

describe('catalogue access', () => {
    it('refuses customers with 403 on every catalogue route', async () => {
        const t = await makeApp();
        const headers = await signIn(t, 'customer@shop.test', ROLE.customer);
        for (const [method, url] of ROUTES) {
            const res = await t.app.inject({ method, url, headers, payload: {} });
            expect(res.statusCode, `${method} ${url}`).toBe(403);
        }
    });

    it('asks anonymous callers to sign in', async () => {
        const { app } = await makeApp();
        for (const [method, url] of ROUTES) expect((await app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    });

    it('lets sellers manage the catalogue, but not delivery charges', async () => {
        const t = await makeApp();
        const headers = await signIn(t, 'seller@shop.test', ROLE.seller);
        const category = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Dairy', description: 'Milk' } });
        expect(category.statusCode).toBe(201);
        const res = await t.app.inject({ method: 'POST', url: '/api/pincode', headers, payload: { pincode: '560001', prize: 0 } });
        expect(res.statusCode).toBe(403);
    });
});
