import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { adminApp, apples, catalogueBasics, uploads } from './catalogue';
import { form, PNG, signIn } from './helpers';

describe('names staff pick by', () => {
    it('are unique regardless of case and surrounding spaces, with a field message', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        const category = await call('POST', '/api/categories', { name: '  fruits & VEGETABLES ', description: 'again' });
        expect(category.statusCode).toBe(409);
        expect(category.json().errors).toEqual({ name: 'A category with this name already exists' });

        const sub = await call('POST', '/api/subcategories', { categoryId: 1, name: 'fresh fruits' });
        expect(sub.json().errors).toEqual({ name: 'This category already has a subcategory with this name' });
        // The same name under another category is another subcategory.
        expect((await call('POST', '/api/subcategories', { categoryId: 2, name: 'Fresh Fruits' })).statusCode).toBe(201);

        expect((await call('POST', '/api/attribute', { name: 'weight', value: ' 1 KG' })).json().errors).toEqual({ value: 'This attribute already exists' });
        expect((await call('POST', '/api/products', apples)).statusCode).toBe(201);
        expect((await call('POST', '/api/products', { ...apples, name: 'shimla apples 1 KG' })).json().errors).toEqual({
            name: 'This subcategory already has a product with this name',
        });
        // Renaming into a clash is refused too; keeping one's own name is not a clash.
        expect((await call('POST', '/api/categories/2', { name: 'Fruits & vegetables' })).statusCode).toBe(409);
        expect((await call('POST', '/api/categories/1', { name: 'Fruits & Vegetables', description: 'Fresh' })).statusCode).toBe(200);
    });

    it('stay unique when two requests race, with the same message', async () => {
        const { call } = await adminApp();
        const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/categories', { name: 'Seasonal Fruits', description: 'x' })));
        expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
        for (const res of answers.filter((res) => res.statusCode !== 201)) {
            expect(res.statusCode).toBe(409);
            expect(res.json().errors).toEqual({ name: 'A category with this name already exists' });
        }
    });
});

describe('deleting categories, subcategories and products', () => {
    it('is refused while anything uses the row, and removes the files once allowed', async () => {
        const { call, config } = await adminApp();
        await catalogueBasics(call);
        const product = (await call('POST', '/api/products', form({ ...apples, image: PNG, images: [PNG, PNG] }))).json().data;
        const refused = await call('DELETE', '/api/categories/1');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('This category is used by 1 subcategory; change it first.');
        expect((await call('DELETE', '/api/subcategories/1')).json().message).toBe('This subcategory is used by 1 product; change it first.');

        const files = uploads(config.dataDir);
        expect(files).toHaveLength(3);
        expect((await call('DELETE', `/api/products/${product.id}`)).json()).toEqual({ success: true, message: 'Product deleted successfully', data: { id: product.id } });
        expect(uploads(config.dataDir)).toEqual([]);
        expect((await call('DELETE', '/api/subcategories/1')).statusCode).toBe(200);
        expect((await call('DELETE', '/api/categories/1')).json().message).toBe('Category deleted successfully');
        expect((await call('GET', '/api/categories/1')).statusCode).toBe(404);
    });

    it('is for administrators only', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        expect((await t.app.inject({ method: 'DELETE', url: '/api/categories/2', headers: seller })).statusCode).toBe(403);
    });
});

describe('bulk actions', () => {
    it('change a selection in one request and report each refused row with its reason', async () => {
        const { call } = await adminApp();
        await catalogueBasics(call);
        await call('POST', '/api/categories', { name: 'Dairy', description: 'Milk' });
        await call('POST', '/api/products', apples);

        const off = await call('POST', '/api/categories/bulk', { ids: [1, 2, 3], action: 'deactivate' });
        expect(off.json()).toMatchObject({ success: true, message: '3 categories deactivated' });
        expect((await call('GET', '/api/categories?status=0')).headers['x-total-count']).toBe('3');

        const mixed = await call('POST', '/api/categories/bulk', { ids: [1, 3, 99], action: 'delete' });
        expect(mixed.json()).toEqual({
            success: false,
            message: '1 category deleted, 2 refused',
            results: [
                { id: 1, ok: false, message: 'This category is used by 1 subcategory; change it first.' },
                { id: 3, ok: true },
                { id: 99, ok: false, message: 'Category not found' },
            ],
        });
        expect((await call('GET', '/api/categories')).json().map((c: { id: number }) => c.id)).toEqual([1, 2]);
    });

    it('offer only what the entity and the role allow', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        expect((await t.call('POST', '/api/gst/bulk', { ids: [1], action: 'explode' })).statusCode).toBe(400);
        expect((await t.call('POST', '/api/gst/bulk', { ids: [], action: 'delete' })).statusCode).toBe(400);
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        const asSeller = (url: string, action: string) => t.app.inject({ method: 'POST', url, headers: seller, payload: { ids: [1], action } });
        expect((await asSeller('/api/gst/bulk', 'deactivate')).statusCode).toBe(403);
        expect((await asSeller('/api/categories/bulk', 'delete')).statusCode).toBe(403);
        expect((await asSeller('/api/categories/bulk', 'deactivate')).statusCode).toBe(200);
        // A seller's bulk change of products touches only their own.
        await t.call('POST', '/api/products', apples);
        const products = await asSeller('/api/products/bulk', 'deactivate');
        expect(products.json().results).toEqual([{ id: 1, ok: false, message: 'You may change only the products you created' }]);
    });
});
