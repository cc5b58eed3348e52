// Not run again on PostgreSQL: plain CRUD and lists; image replacement races run there in hardening.
import { describe, expect, it } from 'vitest';
import { form, makeApp, PNG, signIn } from './helpers';
import { samePixels } from './images';

describe('categories', () => {
    it('creates a category from multipart with an image and serves the image', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: 'Fruits', description: 'Fresh fruit', image: PNG }) });
        expect(res.statusCode).toBe(201);
        const body = res.json();
        expect(body).toMatchObject({ success: true, message: 'Category added successfully', data: { id: 1, name: 'Fruits', description: 'Fresh fruit', status: 1 } });
        expect(body.data.image).toMatch(/^\/uploads\/[\w-]+\.png$/);

        const image = await t.app.inject({ method: 'GET', url: body.data.image });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect(image.headers['x-content-type-options']).toBe('nosniff');
        // Re-encoded on upload (upright, without metadata): the same pixels, not the same bytes.
        expect(await samePixels(image.rawPayload, PNG)).toBe(true);
    });

    it('creates without an image', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: 'Staples', description: 'Rice and dal' }) });
        expect(res.statusCode).toBe(201);
        expect(res.json().data.image).toBeNull();
    });

    it('refuses a missing name and description with field messages', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: '   ' }) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
            success: false,
            errors: { name: 'Please enter the category name', description: 'Please enter the category description' },
        });
    });

    it('refuses a file that is not an image, whatever its name', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const payload = new FormData();
        payload.append('name', 'Dairy');
        payload.append('description', 'Milk');
        payload.append('image', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'evil.png');
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload });
        expect(res.statusCode).toBe(415);
        expect(res.json().message).toBe('Please upload a JPEG, PNG, GIF or WebP image');
        const list = await t.app.inject({ method: 'GET', url: '/api/categories', headers });
        expect(list.json()).toEqual([]);
    });

    it('refuses an image over 5 MB with 413', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
        const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: 'Big', description: 'Too big', image: big }) });
        expect(res.statusCode).toBe(413);
        expect(res.json().success).toBe(false);
    });

    it('reads one category and answers 404 for an unknown id and 400 for a bad id', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Bakery', description: 'Bread' } });
        const one = await t.app.inject({ method: 'GET', url: '/api/categories/1', headers });
        expect(one.statusCode).toBe(200);
        expect(one.json()).toMatchObject({ id: 1, name: 'Bakery', description: 'Bread', status: 1 });
        expect((await t.app.inject({ method: 'GET', url: '/api/categories/99', headers })).json()).toMatchObject({ success: false, message: 'Category not found' });
        expect((await t.app.inject({ method: 'GET', url: '/api/categories/abc', headers })).statusCode).toBe(400);
    });

    it('updates fields, keeps the image when none is sent, replaces it when one is', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const created = (await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: 'Veg', description: 'Greens', image: PNG }) })).json().data;
        const renamed = await t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ name: 'Vegetables', description: 'Fresh greens' }) });
        expect(renamed.statusCode).toBe(200);
        expect(renamed.json()).toMatchObject({ success: true, message: 'Category updated successfully', data: { name: 'Vegetables', description: 'Fresh greens', image: created.image } });

        const replaced = (await t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ image: PNG }) })).json().data;
        expect(replaced.image).not.toBe(created.image);
        expect((await t.app.inject({ method: 'GET', url: created.image })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'POST', url: '/api/categories/7', headers, payload: { name: 'X' } })).statusCode).toBe(404);
    });

    it('removes the image when an update sends it empty, and keeps it when the file part is empty', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const created = (await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: 'Tea', description: 'Assam', image: PNG }) })).json().data;
        // A named but empty file part is refused rather than read as "no new image"; the stored image stays.
        const emptyPart = await t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ name: 'Tea', image: Buffer.alloc(0) }) });
        expect(emptyPart.statusCode).toBe(400);
        expect((await t.app.inject({ method: 'GET', url: '/api/categories/1', headers })).json().image).toBe(created.image);

        const cleared = await t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ name: 'Tea', image: '' }) });
        expect(cleared.statusCode).toBe(200);
        expect(cleared.json().data.image).toBeNull();
        expect((await t.app.inject({ method: 'GET', url: created.image })).statusCode).toBe(404);
    });

    it('toggles the status to the value sent, and flips it when none is sent', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name: 'Snacks', description: 'Namkeen' } });
        const off = await t.app.inject({ method: 'POST', url: '/api/categories/1/toggle', headers, payload: { status: 0 } });
        expect(off.json()).toMatchObject({ success: true, message: 'Category status toggled successfully', data: { status: 0 } });
        const flipped = await t.app.inject({ method: 'POST', url: '/api/categories/1/toggle', headers });
        expect(flipped.json().data.status).toBe(1);
        const bad = await t.app.inject({ method: 'POST', url: '/api/categories/1/toggle', headers, payload: { status: 5 } });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.status).toBe('Status must be 1 (active) or 0 (inactive)');
    });

    describe('list', () => {
        async function withCategories() {
            const t = await makeApp();
            const headers = await signIn(t);
            const names = ['Fruits', 'Vegetables', 'Dairy', 'Bakery', 'Staples', 'Snacks & 100% Juice'];
            for (const name of names) {
                await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: { name, description: `All ${name.toLowerCase()}` } });
            }
            await t.app.inject({ method: 'POST', url: '/api/categories/3/toggle', headers, payload: { status: 0 } });
            return { ...t, headers };
        }

        it('answers every row as a bare array when called bare, with the total in X-Total-Count', async () => {
            const { app, headers } = await withCategories();
            const res = await app.inject({ method: 'GET', url: '/api/categories', headers });
            expect(res.headers['x-total-count']).toBe('6');
            expect(res.json().map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
        });

        it('pages, sorts, searches and filters in SQL', async () => {
            const { app, headers } = await withCategories();
            const page = await app.inject({ method: 'GET', url: '/api/categories?page=2&perPage=2&sort=name&order=ASC', headers });
            expect(page.headers['x-total-count']).toBe('6');
            expect(page.json().map((c: { name: string }) => c.name)).toEqual(['Fruits', 'Snacks & 100% Juice']);

            const desc = await app.inject({ method: 'GET', url: '/api/categories?sort=id&order=DESC&perPage=1', headers });
            expect(desc.json()[0].id).toBe(6);

            const search = await app.inject({ method: 'GET', url: '/api/categories?q=VEG', headers });
            expect(search.json().map((c: { name: string }) => c.name)).toEqual(['Vegetables']);
            const literal = await app.inject({ method: 'GET', url: `/api/categories?q=${encodeURIComponent('100%')}`, headers });
            expect(literal.json()).toHaveLength(1);

            const inactive = await app.inject({ method: 'GET', url: '/api/categories?status=0', headers });
            expect(inactive.headers['x-total-count']).toBe('1');
            expect(inactive.json()[0].name).toBe('Dairy');

            const many = await app.inject({ method: 'GET', url: '/api/categories?id=2,4&id=5', headers });
            expect(many.json().map((c: { id: number }) => c.id)).toEqual([2, 4, 5]);
        });

        it('refuses unknown sort columns and bad paging with 400', async () => {
            const { app, headers } = await withCategories();
            expect((await app.inject({ method: 'GET', url: '/api/categories?sort=password', headers })).statusCode).toBe(400);
            expect((await app.inject({ method: 'GET', url: '/api/categories?page=0', headers })).statusCode).toBe(400);
            expect((await app.inject({ method: 'GET', url: '/api/categories?perPage=5000', headers })).statusCode).toBe(400);
        });
    });
});
