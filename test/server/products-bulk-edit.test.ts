import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import type { AnyDb } from '../../server/engine/rows';
import { adminApp, apples, catalogueBasics } from './catalogue';
import { signIn } from './helpers';

type Admin = Awaited<ReturnType<typeof adminApp>>;

/** Three products: Apples (₹189, no MRP, stock untracked), Atta (₹250, MRP ₹275, 10 in stock), Rice (₹90, MRP ₹100, 4). */
async function shop() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    for (const product of [
        { ...apples },
        { ...apples, name: 'Atta 5 kg', price: '250', mrp: '275', stock: 10 },
        { ...apples, name: 'Rice 1 kg', price: '90', mrp: '100', stock: 4 },
    ]) {
        const res = await t.call('POST', '/api/products', product);
        if (res.statusCode !== 201) throw new Error(res.body);
    }
    return t;
}

const patch = (t: Admin, payload: unknown, headers = t.headers) => t.app.inject({ method: 'PATCH', url: '/api/products/bulk', headers, payload: payload as object });
const db = (t: Admin) => t.app.db as unknown as AnyDb;
const stored = async (t: Admin) => db(t).selectFrom('products').select(['id', 'price', 'mrp', 'stock']).orderBy('id').execute();
const auditOf = async (t: Admin) => db(t).selectFrom('auditLog').select(['action', 'record', 'changes']).where('entity', '=', 'products').where('action', 'in', ['update', 'stock']).orderBy('id').execute();

describe('PATCH /products/bulk: prices, MRPs and stock counts at once', () => {
    it('saves every row in one go, each audited like a single edit, stock as a count', async () => {
        const t = await shop();
        const res = await patch(t, {
            changes: [
                { id: 1, price: 175, mrp: '199.50' },
                { id: 2, stock: 14 },
                { id: 3, price: '95.25', stock: 0 },
            ],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: '3 products changed', changed: 3 });
        expect(res.json().data.map((row: object) => ({ ...row, updatedAt: undefined }))).toEqual([
            { id: 1, price: 175, mrp: 199.5, stock: null, updatedAt: undefined },
            { id: 2, price: 250, mrp: 275, stock: 14, updatedAt: undefined },
            { id: 3, price: 95.25, mrp: 100, stock: 0, updatedAt: undefined },
        ]);
        expect(await stored(t)).toEqual([
            { id: 1, price: 17500, mrp: 19950, stock: null },
            { id: 2, price: 25000, mrp: 27500, stock: 14_000 }, // thousandths of a piece
            { id: 3, price: 9525, mrp: 10000, stock: 0 },
        ]);
        const audit = (await auditOf(t)).map((line) => ({ ...line, changes: typeof line.changes === 'string' ? JSON.parse(line.changes) : line.changes }));
        expect(audit).toEqual([
            // Amounts in rupees, as the activity log answers every amount.
            { action: 'update', record: 1, changes: { price: { before: 189, after: 175 }, mrp: { before: null, after: 199.5 } } },
            { action: 'stock', record: 2, changes: { stock: { before: 10, after: 14 }, reason: { after: 'counted' } } },
            { action: 'update', record: 3, changes: { price: { before: 90, after: 95.25 } } },
            { action: 'stock', record: 3, changes: { stock: { before: 4, after: 0 } , reason: { after: 'counted' } } },
        ]);
    });

    it('writes nothing when any row is refused, and names every refused row and why', async () => {
        const t = await shop();
        const before = await stored(t);
        const res = await patch(t, {
            changes: [
                { id: 1, price: 150 }, // fine alone
                { id: 2, price: 280 }, // above its MRP of 275
                { id: 3, mrp: 80 }, // below its price of 90
                { id: 99, price: 10 }, // no such product
                { id: 1, stock: 5 }, // twice
                { id: 2, mrp: '12.345' }, // three decimals
            ],
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: '5 of 6 rows refused; nothing was saved' });
        expect(res.json().rows).toEqual([
            { id: 2, errors: { price: 'The price cannot be more than the MRP' } },
            { id: 3, errors: { price: 'The price cannot be more than the MRP' } },
            { id: 99, errors: { id: 'Product not found' } },
            { id: 1, errors: { id: 'This product is in the list twice' } },
            { id: 2, errors: { id: 'This product is in the list twice' } },
        ]);
        expect(res.json().errors).toMatchObject({ '2.price': 'The price cannot be more than the MRP', '99.id': 'Product not found' });
        expect(await stored(t)).toEqual(before);
        expect(await auditOf(t)).toEqual([]);
    });

    it('refuses a malformed amount with the field’s own sentence', async () => {
        const t = await shop();
        const res = await patch(t, { changes: [{ id: 2, mrp: '12.345' }, { id: 3, price: 'abc' }, { id: 1, price: -1 }] });
        expect(res.statusCode).toBe(400);
        expect(res.json().rows).toEqual([
            { id: 2, errors: { mrp: 'MRP can have at most 2 decimal places' } },
            { id: 3, errors: { price: 'Price must be a number' } },
            { id: 1, errors: { price: 'Price cannot be negative' } },
        ]);
    });

    it('refuses a badly shaped body with a 400, never a 500', async () => {
        const t = await shop();
        for (const payload of [{}, { changes: [] }, { changes: [{ price: 5 }] }, { changes: [{ id: 1, stock: -1 }] }, { changes: [{ id: 1, stock: 1.5 }] }, [{ id: 1 }]]) {
            const res = await patch(t, payload);
            expect(res.statusCode, JSON.stringify(payload)).toBe(400);
            expect(res.json().message).toBeTruthy();
        }
    });

    it('refuses (409) a row someone changed since the grid loaded it, and writes none of the others', async () => {
        const t = await shop();
        // An order (or another person) took 3 of the 4 rice packs after the grid showed 4.
        await db(t).updateTable('products').set({ stock: 1000 }).where('id', '=', 3).execute();
        const res = await patch(t, {
            changes: [
                { id: 2, price: 260, was: { price: 250 } },
                { id: 3, stock: 10, was: { stock: 4 } },
            ],
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().rows).toEqual([{ id: 3, errors: { stock: 'The stock changed since you loaded it; reload and try again' } }]);
        expect((await stored(t))[1].price).toBe(25000);
        const fresh = await patch(t, { changes: [{ id: 3, stock: 10, was: { stock: 1 } }, { id: 2, mrp: null, was: { mrp: 275 } }] });
        expect(fresh.statusCode, fresh.body).toBe(200);
        expect((await stored(t)).slice(1)).toEqual([
            { id: 2, price: 25000, mrp: null, stock: 10_000 },
            { id: 3, price: 9000, mrp: 10000, stock: 10_000 },
        ]);
    });

    it('changes nothing and audits nothing for rows sent as they are', async () => {
        const t = await shop();
        const res = await patch(t, { changes: [{ id: 2, price: '250.00', mrp: 275, stock: 10 }] });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ changed: 0, message: '0 products changed' });
        expect(await auditOf(t)).toEqual([]);
    });

    it('lets a seller change only the products they created, and no customer at all', async () => {
        const t = await shop();
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        const refused = await patch(t, { changes: [{ id: 1, price: 100 }] }, seller);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().rows).toEqual([{ id: 1, errors: { id: 'You may change only the products you created' } }]);
        const customer = await signIn(t, 'customer@shop.test', ROLE.customer);
        expect((await patch(t, { changes: [{ id: 1, price: 100 }] }, customer)).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'PATCH', url: '/api/products/bulk', payload: { changes: [{ id: 1, price: 100 }] } })).statusCode).toBe(401);
    });

    it('takes a thousand changes in one request', async () => {
        const t = await shop();
        const now = new Date().toISOString();
        const rows = Array.from({ length: 1000 }, (_, i) => ({
            name: `Bulk ${i}`, description: 'd', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 1000 + i, stock: i * 1000, status: 1, createdAt: now, updatedAt: now,
        }));
        for (let i = 0; i < rows.length; i += 200) await db(t).insertInto('products').values(rows.slice(i, i + 200)).execute();
        const ids = (await db(t).selectFrom('products').select('id').where('name', 'like', 'Bulk %').orderBy('id').execute()).map((row) => row.id as number);
        const res = await patch(t, { changes: ids.map((id, i) => ({ id, price: ((2000 + i) / 100).toFixed(2), mrp: 40, stock: i + 1 })) });
        expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
        expect(res.json().changed).toBe(1000);
        const after = await db(t).selectFrom('products').select(['price', 'stock']).where('id', '=', ids[999]).executeTakeFirstOrThrow();
        expect(after).toEqual({ price: 2999, stock: 1_000_000 });
    }, 120_000);
});
