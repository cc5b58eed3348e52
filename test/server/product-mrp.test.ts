// Not run again on PostgreSQL: the price-and-MRP rule is the app's, stored in whole paise.
import { describe, expect, it } from 'vitest';
import { form } from './helpers';
import { adminApp, apples, catalogueBasics } from './catalogue';
import type { AnyDb } from '../../server/engine/rows';

async function withBasics() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    return t;
}

const PRICE_ABOVE_MRP = 'The price cannot be more than the MRP';

describe("a product's MRP", () => {
    it('is optional, stored in paise and answered in rupees by the legacy list, a read and /api/v1', async () => {
        const t = await withBasics();
        const created = await t.call('POST', '/api/products', form({ ...apples, price: '138', mrp: '150.50' }));
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().data).toMatchObject({ price: 138, mrp: 150.5 });
        const stored = await (t.app.db as unknown as AnyDb).selectFrom('products').select(['price', 'mrp']).executeTakeFirstOrThrow();
        expect(stored).toEqual({ price: 13800, mrp: 15050 });
        const plain = await t.call('POST', '/api/products', form({ ...apples, name: 'Kinnaur Apples 1 kg' }));
        expect(plain.json().data.mrp).toBeNull();
        expect((await t.call('GET', '/api/products?sort=id')).json().map((p: { mrp: number | null }) => p.mrp)).toEqual([150.5, null]);
        expect((await t.call('GET', '/api/products/1')).json().mrp).toBe(150.5);
        const v1 = await t.app.inject({ method: 'GET', url: '/api/v1/products/1', headers: t.headers });
        expect(v1.json()).toMatchObject({ price: 138, mrp: 150.5 });
    });

    it('refuses a price above the MRP on create, with the reason under price', async () => {
        const t = await withBasics();
        const res = await t.call('POST', '/api/products', form({ ...apples, price: '151', mrp: '150' }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: PRICE_ABOVE_MRP, errors: { price: PRICE_ABOVE_MRP } });
        expect((await t.call('GET', '/api/products')).json()).toEqual([]);
    });

    it('takes a price equal to the MRP, paise for paise', async () => {
        const t = await withBasics();
        const res = await t.call('POST', '/api/products', { ...apples, price: 0.29, mrp: '0.29' });
        expect(res.statusCode, res.body).toBe(201);
    });

    it('checks an update against the stored value of the field it leaves out', async () => {
        const t = await withBasics();
        await t.call('POST', '/api/products', form({ ...apples, price: '140', mrp: '150' }));
        const higherPrice = await t.call('POST', '/api/products/1', form({ price: '150.01' }));
        expect(higherPrice.statusCode).toBe(400);
        expect(higherPrice.json().errors).toEqual({ price: PRICE_ABOVE_MRP });
        const lowerMrp = await t.call('POST', '/api/products/1', form({ mrp: '139.99' }));
        expect(lowerMrp.statusCode).toBe(400);
        expect(lowerMrp.json().errors).toEqual({ price: PRICE_ABOVE_MRP });
        const both = await t.call('POST', '/api/products/1', form({ price: '160', mrp: '170' }));
        expect(both.statusCode, both.body).toBe(200);
        expect(both.json().data).toMatchObject({ price: 160, mrp: 170 });
        // Emptying the MRP lifts the ceiling.
        const none = await t.call('POST', '/api/products/1', form({ mrp: '', price: '999' }));
        expect(none.statusCode, none.body).toBe(200);
        expect(none.json().data).toMatchObject({ price: 999, mrp: null });
        const again = await t.call('POST', '/api/products/1', { mrp: 1000 });
        expect(again.json().data.mrp).toBe(1000);
        const json = await t.call('POST', '/api/products/1', { mrp: null });
        expect(json.statusCode, json.body).toBe(200);
        expect(json.json().data.mrp).toBeNull();
    });

    it('is refused alike by /api/v1 (POST and PUT)', async () => {
        const t = await withBasics();
        const v1 = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: t.headers, payload });
        const body = { ...apples, categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1 };
        const refused = await v1('POST', '/api/v1/products', { ...body, price: 200, mrp: 199 });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().errors).toEqual({ price: PRICE_ABOVE_MRP });
        const made = await v1('POST', '/api/v1/products', { ...body, price: 180, mrp: 199 });
        expect(made.statusCode, made.body).toBe(201);
        const put = await v1('PUT', `/api/v1/products/${made.json().id}`, { ...made.json(), mrp: 170 });
        expect(put.statusCode).toBe(400);
        expect(put.json().errors).toEqual({ price: PRICE_ABOVE_MRP });
    });

    it('refuses a negative or over-precise MRP with a clear message', async () => {
        const t = await withBasics();
        const negative = await t.call('POST', '/api/products', form({ ...apples, mrp: '-5' }));
        expect(negative.statusCode).toBe(400);
        expect(negative.json().errors.mrp).toMatch(/MRP/);
        const precise = await t.call('POST', '/api/products', form({ ...apples, mrp: '200.555' }));
        expect(precise.statusCode).toBe(400);
        expect(precise.json().errors.mrp).toMatch(/MRP/);
    });

    it('is refused by the CSV import row by row, with the reason, while the other rows are added', async () => {
        const t = await withBasics();
        const csv = [
            'Name,Description,Category,Subcategory,Attribute,GST,Price (₹),MRP (₹)',
            'Atta 5 kg,Whole wheat,Staples,Rice,Weight: 1 kg,IGST 5%,260,275',
            'Atta 10 kg,Whole wheat,Staples,Rice,Weight: 1 kg,IGST 5%,540,520',
        ].join('\n');
        const res = await t.app.inject({ method: 'POST', url: '/api/products/import', headers: { ...t.headers, 'content-type': 'text/csv' }, payload: csv });
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().rows as Array<{ line: number; status: string; errors: Record<string, string> }>;
        expect(rows.map((row) => [row.line, row.status])).toEqual([
            [2, 'ok'],
            [3, 'refused'],
        ]);
        expect(rows[1].errors).toEqual({ price: PRICE_ABOVE_MRP });
        expect((await t.call('GET', '/api/products')).json().map((p: { name: string; mrp: number }) => [p.name, p.mrp])).toEqual([['Atta 5 kg', 275]]);
    });
});
