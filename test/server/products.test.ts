import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { form, PNG } from './helpers';
import { adminApp, apples, catalogueBasics, uploads, type Call } from './catalogue';

async function withBasics() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    return t;
}

const create = (call: Call, fields: Parameters<typeof form>[0] = {}) => call('POST', '/api/products', form({ ...apples, ...fields }));
const gallery = (count: number) => Array.from({ length: count }, () => PNG);

describe('products', () => {
    it('creates a product from multipart with an image and a gallery, with names of its category and subcategory', async () => {
        const { call } = await withBasics();
        const res = await create(call, { price: '120.50', image: PNG, images: gallery(2) });
        expect(res.statusCode).toBe(201);
        const { data, ...rest } = res.json();
        expect(rest).toEqual({ success: true, message: 'Product added successfully' });
        expect(data).toMatchObject({
            id: 1,
            name: 'Shimla Apples 1 kg',
            description: 'Crisp red apples from Himachal',
            categoryId: 1,
            categoryName: 'Fruits & Vegetables',
            subcategoryId: 1,
            subcategoryName: 'Fresh Fruits',
            attributeId: 1,
            gstId: 1,
            price: 120.5,
            status: 1,
        });
        expect(data.image).toMatch(/^\/uploads\/[\w-]+\.png$/);
        expect(data.images).toHaveLength(2);
        expect(new Set([data.image, ...data.images]).size).toBe(3);
    });

    it('records the signed-in user as creator and ignores the createdId the client sends', async () => {
        const { app, call } = await withBasics();
        const res = await create(call, { createdId: '2' });
        const admin = await app.db.selectFrom('users').select('id').where('email', '=', 'admin@shop.test').executeTakeFirstOrThrow();
        expect(admin.id).not.toBe(2);
        expect(res.json().data.createdBy).toBe(admin.id);
    });

    // The attribute is no longer among them: a product carries a set of attributes, possibly none (product-attributes.test.ts).
    it('refuses a product missing its required fields, with a message for each', async () => {
        const { call } = await withBasics();
        const res = await call('POST', '/api/products', form({ image: PNG }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({
            name: 'Please enter the product name',
            description: 'Please enter the product description',
            categoryId: 'Please choose a category',
            subcategoryId: 'Please choose a subcategory',
            gstId: 'Please choose a GST rate',
            price: 'Please enter the price',
        });
    });

    it('refuses a negative price', async () => {
        const { call } = await withBasics();
        const res = await create(call, { price: '-1' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ price: 'Price cannot be negative' });
    });

    it('refuses a price with more than two decimals', async () => {
        const { call } = await withBasics();
        const res = await create(call, { price: '120.505' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ price: 'Price can have at most 2 decimal places' });
    });

    it('takes a price as a JSON number and stores it as integer paise', async () => {
        const { app, call } = await withBasics();
        const res = await call('POST', '/api/products', { ...apples, price: 0.29 });
        expect(res.json().data.price).toBe(0.29);
        expect((await app.db.selectFrom('products').select('price').executeTakeFirstOrThrow()).price).toBe(29);
    });

    it('refuses a subcategory of another category', async () => {
        const { call } = await withBasics();
        const res = await create(call, { subcategoryId: '2' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ subcategoryId: 'Please choose a subcategory of the chosen category' });
    });

    it('refuses an update that moves the product to a category its subcategory is not in', async () => {
        const { call } = await withBasics();
        await create(call);
        const res = await call('POST', '/api/products/1', form({ categoryId: '2' }));
        expect(res.json().errors).toEqual({ subcategoryId: 'Please choose a subcategory of the chosen category' });
        expect((await call('POST', '/api/products/1', form({ categoryId: '2', subcategoryId: '2' }))).json().data).toMatchObject({ categoryName: 'Staples', subcategoryName: 'Rice' });
    });

    it('checks on update the references it changes, and a pair whenever either half is sent, as its subcategory may have moved', async () => {
        const { app, call } = await withBasics();
        await create(call);
        expect((await call('POST', '/api/products/1', form({ gstId: '999' }))).json().errors).toEqual({ gstId: 'Please choose an existing GST rate' });
        await app.db.updateTable('subcategories').set({ categoryId: 2 }).where('id', '=', 1).execute();
        const res = await call('POST', '/api/products/1', form({ categoryId: '1', subcategoryId: '1', gstId: '1', price: '99' }));
        expect(res.json().errors).toEqual({ subcategoryId: 'Please choose a subcategory of the chosen category' });
        expect((await call('POST', '/api/products/1', form({ categoryId: '2', subcategoryId: '1', gstId: '1', price: '99' }))).json().data).toMatchObject({ price: 99 });
    });

    it('refuses references to rows that do not exist, with a message for each field', async () => {
        const { call } = await withBasics();
        const res = await create(call, { categoryId: '7', subcategoryId: '8', attributeId: '9', gstId: '10' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({
            categoryId: 'Please choose an existing category',
            subcategoryId: 'Please choose an existing subcategory',
            attributeId: 'Please choose an existing attribute',
            gstId: 'Please choose an existing GST rate',
        });
    });

    it('updates from the older edit screen, which sends createdId and no GST or price', async () => {
        const { call } = await withBasics();
        const creator = (await create(call, { price: '189.00' })).json().data.createdBy;
        const { description, categoryId, subcategoryId, attributeId } = apples;
        const res = await call('POST', '/api/products/1', form({ name: 'Kinnaur Apples 1 kg', description, categoryId, subcategoryId, attributeId, createdId: '2' }));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: 'Product updated successfully', data: { name: 'Kinnaur Apples 1 kg', gstId: 1, price: 189, createdBy: creator } });
    });

    it('refuses to blank a field on update', async () => {
        const { call } = await withBasics();
        await create(call);
        const res = await call('POST', '/api/products/1', form({ name: ' ', price: '', gstId: '' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ name: 'Please enter the product name', price: 'Please enter the price', gstId: 'Please choose a GST rate' });
    });

    it('appends new gallery images on update, after the ones it has', async () => {
        const { call } = await withBasics();
        const before = (await create(call, { images: gallery(2) })).json().data.images;
        const after = (await call('POST', '/api/products/1', form({ images: PNG }))).json().data.images;
        expect(after).toHaveLength(3);
        expect(after.slice(0, 2)).toEqual(before);
    });

    it('removes the gallery images named in removeImages, repeated or comma-separated, and deletes their files', async () => {
        const { call, app } = await withBasics();
        const images: string[] = (await create(call, { images: gallery(4) })).json().data.images;
        const repeated = await call('POST', '/api/products/1', form({ removeImages: [images[0], images[1]] }));
        expect(repeated.json().data.images).toEqual(images.slice(2));
        const listed = await call('POST', '/api/products/1', { removeImages: `${images[2]}, /uploads/not-in-gallery.png` });
        expect(listed.json().data.images).toEqual([images[3]]);
        for (const path of images.slice(0, 3)) expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    });

    it('refuses more than 10 gallery images, on create and on update', async () => {
        const { call } = await withBasics();
        const tooMany = await create(call, { images: gallery(11) });
        expect(tooMany.statusCode).toBe(400);
        expect(tooMany.json().errors).toEqual({ images: 'A product can have at most 10 gallery images' });

        const images: string[] = (await create(call, { images: gallery(9) })).json().data.images;
        expect((await call('POST', '/api/products/1', form({ images: gallery(2) }))).statusCode).toBe(400);
        const swapped = await call('POST', '/api/products/1', form({ images: gallery(2), removeImages: images[0] }));
        expect(swapped.json().data.images).toHaveLength(10);
    });

    it('stores nothing when one gallery file is not an image', async () => {
        const { call, config } = await withBasics();
        const before = uploads(config.dataDir);
        const payload = form({ ...apples, image: PNG, images: PNG });
        payload.append('images', new Blob(['not an image']), 'notes.png');
        const res = await call('POST', '/api/products', payload);
        expect(res.statusCode).toBe(415);
        expect(uploads(config.dataDir)).toEqual(before);
        expect((await call('GET', '/api/products')).json()).toEqual([]);
    });

    it('removes the stored files when the row write fails', async () => {
        const { app, call, config } = await withBasics();
        const before = uploads(config.dataDir);
        vi.spyOn(app.db, 'transaction').mockReturnValueOnce({ execute: () => Promise.reject(new Error('disk full')) } as never);
        const res = await create(call, { image: PNG, images: gallery(2) });
        expect(res.statusCode).toBe(500);
        expect(uploads(config.dataDir)).toEqual(before);
    });

    it('sets the status to newStatus on toggleProductStatus, and flips it when none is sent', async () => {
        const { call } = await withBasics();
        await create(call);
        const off = await call('POST', '/api/products/toggleProductStatus/1', { newStatus: 0 });
        expect(off.json()).toMatchObject({ success: true, message: 'Product status toggled successfully', data: { status: 0 } });
        expect((await call('POST', '/api/products/toggleProductStatus/1')).json().data.status).toBe(1);
    });

    it('reads one product with its gallery, and answers 404 for an unknown id', async () => {
        const { call } = await withBasics();
        await create(call, { images: gallery(1) });
        expect((await call('GET', '/api/products/1')).json()).toMatchObject({ id: 1, categoryName: 'Fruits & Vegetables', images: [expect.any(String)] });
        expect((await call('GET', '/api/products/2')).json()).toMatchObject({ success: false, message: 'Product not found' });
    });

    describe('list', () => {
        async function withProducts() {
            const t = await withBasics();
            await t.call('POST', '/api/attribute', { name: 'Weight', value: '5 kg' });
            await t.call('POST', '/api/gst', { type: 'IGST', description: 'Nil', percent: 0 });
            const rows = [
                ['Shimla Apples', 'Crisp red apples', '1', '1', '1', '1', '189.00'],
                ['Robusta Bananas', 'Ripe and sweet', '1', '1', '1', '2', '48'],
                ['Basmati Rice', 'Aged long grain', '2', '2', '2', '1', '1000.00'],
                ['Sona Masoori Rice', 'Everyday rice', '2', '2', '2', '1', '349.50'],
                ['Alphonso Mangoes', 'Sweet apple-yellow mangoes', '1', '1', '1', '2', '9.99'],
            ];
            for (const [name, description, categoryId, subcategoryId, attributeId, gstId, price] of rows) {
                await t.call('POST', '/api/products', form({ name, description, categoryId, subcategoryId, attributeId, gstId, price, images: PNG }));
            }
            await t.call('POST', '/api/products/toggleProductStatus/2', { newStatus: 0 });
            return t;
        }
        const names = (res: { json(): { name: string }[] }) => res.json().map((p) => p.name);

        it('pages with the total in X-Total-Count', async () => {
            const { call } = await withProducts();
            const res = await call('GET', '/api/products?page=2&perPage=2');
            expect(res.headers['x-total-count']).toBe('5');
            expect(names(res)).toEqual(['Basmati Rice', 'Sona Masoori Rice']);
        });

        it('sorts by price numerically, both ways', async () => {
            const { call } = await withProducts();
            const prices = async (order: string) => (await call('GET', `/api/products?sort=price&order=${order}`)).json().map((p: { price: number }) => p.price);
            expect(await prices('ASC')).toEqual([9.99, 48, 189, 349.5, 1000]);
            expect(await prices('DESC')).toEqual([1000, 349.5, 189, 48, 9.99]);
        });

        it('sorts by name', async () => {
            const { call } = await withProducts();
            expect(names(await call('GET', '/api/products?sort=name&order=DESC&perPage=2'))).toEqual(['Sona Masoori Rice', 'Shimla Apples']);
        });

        it('searches name and description', async () => {
            const { call } = await withProducts();
            expect(names(await call('GET', '/api/products?q=APPLE'))).toEqual(['Shimla Apples', 'Alphonso Mangoes']);
        });

        it('filters by category, subcategory, attribute, GST rate and status', async () => {
            const { call } = await withProducts();
            expect(names(await call('GET', '/api/products?categoryId=2'))).toEqual(['Basmati Rice', 'Sona Masoori Rice']);
            expect(names(await call('GET', '/api/products?subcategoryId=1&gstId=2'))).toEqual(['Robusta Bananas', 'Alphonso Mangoes']);
            expect(names(await call('GET', '/api/products?attributeId=2&q=basmati'))).toEqual(['Basmati Rice']);
            expect(names(await call('GET', '/api/products?status=0'))).toEqual(['Robusta Bananas']);
        });

        it('reads the galleries of a whole page in one query', async () => {
            const { app, call } = await withProducts();
            const queries = vi.spyOn(app.db.getExecutor(), 'executeQuery');
            const countFor = async (url: string) => {
                queries.mockClear();
                const res = await call('GET', url);
                expect(res.json().every((p: { images: string[] }) => p.images.length === 1)).toBe(true);
                expect(queries).toHaveBeenCalled();
                return queries.mock.calls.length;
            };
            // Every row written, changing nothing: no record is kept at its version, so each page reads all its own.
            const freshen = () => sql`update products set updated_at = updated_at`.execute(app.db);
            // A first page counts the total; those after it check the kept total without a query of their own.
            await countFor('/api/products?perPage=2');
            await freshen();
            const five = await countFor('/api/products?perPage=5');
            await freshen();
            expect(five).toBe(await countFor('/api/products?perPage=1'));
        });
    });
});
