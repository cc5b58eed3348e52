// Not run again on PostgreSQL: plain CRUD and a filter.
import { describe, expect, it } from 'vitest';
import { form, PNG } from './helpers';
import { adminApp, type Call } from './catalogue';

async function withCategories() {
    const t = await adminApp();
    await t.call('POST', '/api/categories', { name: 'Fruits & Vegetables', description: 'Fresh produce' });
    await t.call('POST', '/api/categories', { name: 'Dairy & Bakery', description: 'Milk and bread' });
    return t;
}

const add = (call: Call, categoryId: number, name: string) => call('POST', '/api/subcategories', { categoryId, name });

describe('subcategories', () => {
    it('creates a subcategory from multipart with its category, name and image', async () => {
        const { call } = await withCategories();
        const res = await call('POST', '/api/subcategories', form({ categoryId: '1', name: 'Fresh Fruits', image: PNG }));
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
            success: true,
            message: 'SubCategory added successfully',
            data: { id: 1, categoryId: 1, categoryName: 'Fruits & Vegetables', name: 'Fresh Fruits', status: 1 },
        });
        expect(res.json().data.image).toMatch(/^\/uploads\/[\w-]+\.png$/);
    });

    it('refuses a missing category and name with field messages', async () => {
        const { call } = await withCategories();
        const res = await call('POST', '/api/subcategories', form({ name: ' ' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ categoryId: 'Please choose a category', name: 'Please enter the subcategory name' });
    });

    it('refuses a category that does not exist', async () => {
        const { call } = await withCategories();
        const res = await add(call, 9, 'Exotic Fruits');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: 'Please choose an existing category', errors: { categoryId: 'Please choose an existing category' } });
    });

    it('reads one subcategory, and answers 404 for an unknown id', async () => {
        const { call } = await withCategories();
        await add(call, 2, 'Milk & Curd');
        expect((await call('GET', '/api/subcategories/1')).json()).toMatchObject({ id: 1, categoryId: 2, categoryName: 'Dairy & Bakery', name: 'Milk & Curd' });
        expect((await call('GET', '/api/subcategories/2')).json()).toMatchObject({ success: false, message: 'Subcategory not found' });
    });

    it('updates the name and moves it to another category', async () => {
        const { call } = await withCategories();
        await add(call, 1, 'Breads');
        const res = await call('POST', '/api/subcategories/1', form({ categoryId: '2', name: 'Breads & Buns' }));
        expect(res.json()).toMatchObject({ success: true, message: 'SubCategory updated successfully', data: { categoryId: 2, categoryName: 'Dairy & Bakery', name: 'Breads & Buns' } });
    });

    it('refuses to blank the name or the category on update', async () => {
        const { call } = await withCategories();
        await add(call, 1, 'Fresh Fruits');
        const res = await call('POST', '/api/subcategories/1', form({ categoryId: '', name: '' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ categoryId: 'Please choose a category', name: 'Please enter the subcategory name' });
    });

    it('toggles the status with toggle-status', async () => {
        const { call } = await withCategories();
        await add(call, 1, 'Fresh Fruits');
        const res = await call('POST', '/api/subcategories/1/toggle-status', { status: 0 });
        expect(res.json()).toMatchObject({ success: true, message: 'SubCategory status toggled successfully', data: { status: 0 } });
    });

    it('lists the subcategories of one category when asked by categoryId', async () => {
        const { call } = await withCategories();
        for (const [categoryId, name] of [[1, 'Fresh Fruits'], [2, 'Milk & Curd'], [1, 'Leafy Vegetables']] as const) await add(call, categoryId, name);
        const res = await call('GET', '/api/subcategories?categoryId=1&sort=name');
        expect(res.headers['x-total-count']).toBe('2');
        expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Fresh Fruits', 'Leafy Vegetables']);
        expect((await call('GET', '/api/subcategories')).json()).toHaveLength(3);
    });

    it('takes a blank categoryId, as legacy forms send it, as no filter', async () => {
        const { call } = await withCategories();
        for (const [categoryId, name] of [[1, 'Fresh Fruits'], [2, 'Milk & Curd']] as const) await add(call, categoryId, name);
        const res = await call('GET', '/api/subcategories?categoryId=');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toHaveLength(2);
    });
});
