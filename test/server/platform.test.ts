// Not run again on PostgreSQL: health, documents and static files; the database kind is checked there in auth.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makeApp, signIn } from './helpers';

function fakeBuiltApp() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-dist-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    return dir;
}

describe('platform', () => {
    it('answers health with the database kind, unauthenticated', async () => {
        const { app } = await makeApp();
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe('ok');
    });

    it('publishes an OpenAPI document where every API route has a schema', async () => {
        const { app } = await makeApp();
        const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
        expect(res.statusCode).toBe(200);
        const doc = res.json();
        const paths = Object.keys(doc.paths);
        const expected = [
            ...['/api/categories', '/api/categories/{id}', '/api/categories/{id}/toggle', '/api/user_login', '/api/userverify-otp', '/api/userlogout', '/api/user_register', '/api/health'],
            ...['/api/subcategories', '/api/subcategories/{id}', '/api/subcategories/{id}/toggle-status', '/api/attribute', '/api/attribute/{id}', '/api/attribute/{id}/toggle-status'],
            ...['/api/gst', '/api/gst/{id}', '/api/gst/{id}/toggle', '/api/products', '/api/products/{id}', '/api/products/toggleProductStatus/{id}'],
            ...['/api/pincode', '/api/pincode/{id}', '/api/pincode/{id}/toggle'],
        ];
        for (const p of expected) expect(paths).toContain(p);
        for (const [p, operations] of Object.entries(doc.paths as Record<string, Record<string, { responses?: object }>>)) {
            for (const [method, op] of Object.entries(operations)) expect(op.responses, `${method} ${p}`).toBeDefined();
        }
        expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    });

    it('answers unknown API paths with a JSON 404', async () => {
        const { app } = await makeApp();
        const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
    });

    it('answers malformed JSON with 400, not 500', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name": ' });
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
        const wrongType = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...headers, 'content-type': 'text/plain' }, payload: 'hello' });
        expect(wrongType.statusCode).toBe(400);
    });

    it('serves the built app: cached hashed assets, and the app for any deep link', async () => {
        const appDir = fakeBuiltApp();
        const { app } = await makeApp({ appDir });
        const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toContain('immutable');
        for (const url of ['/', '/categories/5', '/categories?page=2', '/AddCategoryForm']) {
            const page = await app.inject({ method: 'GET', url });
            expect(page.statusCode, url).toBe(200);
            expect(page.headers['content-type']).toContain('text/html');
            expect(page.headers['cache-control']).toBe('no-cache');
            expect(page.body).toContain('<div id="root">');
        }
        expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);

        // A rebuild while the server runs: the new hashed file is served without a restart.
        fs.writeFileSync(path.join(appDir, 'assets', 'index-def456.js'), 'console.log(2)');
        expect((await app.inject({ method: 'GET', url: '/assets/index-def456.js' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/uploads/missing.png' })).statusCode).toBe(404);
    });

    it('limits how often a client may call the sign-in routes', async () => {
        const { app } = await makeApp({ authRateLimit: 3 });
        const codes = [];
        for (let i = 0; i < 4; i++) {
            codes.push((await app.inject({ method: 'POST', url: '/api/user_login', payload: { email: `user${i}@shop.test` } })).statusCode);
        }
        expect(codes).toEqual([200, 200, 200, 429]);
    });
});
