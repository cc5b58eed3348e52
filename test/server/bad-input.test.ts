import { describe, expect, it } from 'vitest';
import { form, PNG } from './helpers';
import { adminApp, apples, catalogueBasics } from './catalogue';

// Whatever a client sends, the answer is a 4xx that says why, never a 500.
describe('bad input', () => {
    it('refuses ids, filters and pages beyond what the database holds with 400', async () => {
        const { call } = await adminApp();
        for (const url of ['/api/products/99999999999', '/api/products?categoryId=99999999999', '/api/gst?page=1e300', '/api/pincode?status=abc']) {
            expect((await call('GET', url)).statusCode, url).toBe(400);
        }
        const res = await call('POST', '/api/subcategories', { categoryId: 99999999999, name: 'Fruits' });
        expect(res.json().errors).toEqual({ categoryId: 'Please choose a category' });
    });

    it('answers text with a NUL byte without a fault', async () => {
        const { call } = await adminApp();
        const res = await call('POST', '/api/attribute', { name: 'Weight\u0000', value: '1 kg' });
        // SQLite stores it; PostgreSQL cannot, and that is the client's value, not our fault.
        expect(res.statusCode).toBe(res.json().success ? 201 : 400);
        expect(res.statusCode).toBeLessThan(500);
    });

    it('searches for text with a NUL byte without a fault, also once the list knows its text index', async () => {
        const { call } = await adminApp();
        await call('POST', '/api/attribute', { name: 'Weight', value: '1 kg' });
        for (let i = 0; i < 2; i++) {
            const res = await call('GET', '/api/attribute?q=Wei%00ght&xtra=1');
            expect(res.statusCode, res.body).toBeLessThan(500);
        }
    });

    it('refuses values of the wrong shape with field messages', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        const res = await call('POST', '/api/products', { ...apples, name: ['Apples', 'Pears'], price: { rupees: 10 } });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toMatchObject({ name: 'Please enter the product name', price: 'Please enter the price' });
    });

    it('refuses more files than a request may carry with 413', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        const res = await call('POST', '/api/products', form({ ...apples, images: Array.from({ length: 25 }, () => PNG) }));
        expect(res.statusCode).toBe(413);
        expect(res.json().success).toBe(false);
    });
    it('answers a body cut off inside a part the route does not read with 400, and goes on serving', async () => {
        const { app, headers } = await adminApp();
        const boundary = '----cut';
        // The file part ends without its closing boundary: the part is skipped unread, then the body ends.
        const skipped = (field: string) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNaN\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot an image `;
        for (const [url, field] of [['/api/uploadvideo', 'image'], ['/api/categories', '__proto__']]) {
            const res = await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: skipped(field) });
            expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
            expect(res.json().message).toMatch(/cut off/);
        }
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
});
