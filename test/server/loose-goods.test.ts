import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import * as looseGoods from '../../server/db/migrations/2026-11-30-1200-loose-goods';
import * as productVariants from '../../server/db/migrations/2026-11-30-1201-product-variants';
import { dropColumnVersions } from '../../server/db/listIndexes';
import { indiaDate } from '../../server/features/orders/shopTime';
import { pdfText } from './pdfText';
import { apples } from './catalogue';
import { deliver, ok, orderShop, placed, type OrderShop } from './orderShop';

// Loose goods: tomatoes at ₹40 a kilogram, bought in steps of 0.25 kg from 0.5 kg, their stock in kilograms. The
// quantities travel as decimals of the unit and are kept in thousandths, so every amount is exact to the paisa.

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const tomatoes = { ...apples, name: 'Tomatoes', price: '40', unit: 'KGS', step: '0.25', minimum: '0.5', stock: '10.5', hsn: '0702' };

/** The order shop with tomatoes (product 5), sold loose, and the shop's GSTIN for tax invoices. */
async function looseShop(): Promise<OrderShop & { tomatoes: number }> {
    const shop = await orderShop();
    await ok(shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' }), 201);
    await ok(shop.admin('POST', '/api/pincode/1', { state: 'Karnataka' }));
    const made = await ok<{ data: { id: number } }>(shop.admin('POST', '/api/products', tomatoes), 201);
    return { ...shop, tomatoes: made.data.id };
}

const cod = (items: { productId: number; quantity: number | string }[]) => ({ items, pincode: '560034', paymentMethod: 'cod' });
const refusal = async (shop: OrderShop, quantity: number | string, productId = 5) => {
    const res = await shop.asha('POST', '/api/orders', cod([{ productId, quantity }]));
    return [res.statusCode, res.json().message];
};

describe('goods sold by weight', () => {
    it('are kept with their unit, step and minimum, the stock in kilograms, and answered as sent', async () => {
        const shop = await looseShop();
        const product = await ok<Record<string, unknown>>(shop.admin('GET', `/api/products/${shop.tomatoes}`));
        expect(product).toMatchObject({ unit: 'KGS', step: 0.25, minimum: 0.5, stock: 10.5, price: 40 });
        const stored = await shop.app.db.selectFrom('products').select(['unit', 'step', 'minimum', 'stock']).where('id', '=', shop.tomatoes).executeTakeFirstOrThrow();
        expect(stored).toEqual({ unit: 'KGS', step: 250, minimum: 500, stock: 10_500 });
        // A product by the piece keeps whole stock and no step; one made without a unit is by the piece.
        expect(await ok(shop.admin('GET', '/api/products/1'))).toMatchObject({ unit: 'NOS', step: null, minimum: null });
        const half = await shop.admin('POST', '/api/products/1', { stock: '2.5' });
        expect([half.statusCode, half.json().errors]).toEqual([400, { stock: 'This product is sold by the piece: please enter the stock as a whole number' }]);
        expect((await ok<{ data: object }>(shop.admin('POST', '/api/products/1', { step: '0.5', stock: '3' }))).data).toMatchObject({ step: null, stock: 3 });
        // A loose product's minimum is a whole number of steps, and neither is 0.
        const uneven = await shop.admin('POST', `/api/products/${shop.tomatoes}`, { minimum: '0.6' });
        expect([uneven.statusCode, uneven.json().errors.minimum]).toEqual([400, 'The minimum must be a whole number of steps (0.5 kg with a step of 0.25 kg)']);
        expect((await shop.admin('POST', `/api/products/${shop.tomatoes}`, { step: '0' })).statusCode).toBe(400);
        expect((await shop.admin('POST', `/api/products/${shop.tomatoes}`, { unit: 'GRAMS' })).statusCode).toBe(400);
        expect((await shop.admin('POST', `/api/products/${shop.tomatoes}`, { stock: '1.2345' })).json().errors).toEqual({ stock: 'Stock can have at most 3 decimal places' });
    });

    it('are ordered in decimals of their unit, priced to the paisa, the stock taken in grams', async () => {
        const shop = await looseShop();
        // ₹33.33 a kg × 0.75 kg is ₹24.9975: ₹25.00 rounded half up, with no float error on the way.
        await ok(shop.admin('POST', `/api/products/${shop.tomatoes}`, { price: '33.33' }));
        const order = await placed(shop.asha, cod([{ productId: shop.tomatoes, quantity: 0.75 }, { productId: 1, quantity: 2 }]));
        const detail = await ok<{ lines: object[]; products: object[] }>(shop.admin('GET', `/api/orderr/${order.id}`));
        expect(detail.lines[0]).toMatchObject({ name: 'Tomatoes', quantity: 0.75, unit: 'KGS', unitPrice: 33.33, lineTotal: 25 });
        expect(detail.lines[1]).toMatchObject({ quantity: 2, unit: 'NOS', lineTotal: 378 });
        expect(detail.products).toEqual([{ name: 'Tomatoes', quantity: 0.75 }, { name: 'Shimla Apples 1 kg', quantity: 2 }]);
        expect((await ok<{ stock: number }>(shop.admin('GET', `/api/products/${shop.tomatoes}`))).stock).toBe(9.75);
        // Decimal text is taken as exactly as a number; a cancel puts the grams back.
        const text = await placed(shop.asha, cod([{ productId: shop.tomatoes, quantity: '1.25' }]));
        expect((await ok<{ stock: number }>(shop.admin('GET', `/api/products/${shop.tomatoes}`))).stock).toBe(8.5);
        await ok(shop.admin('POST', `/api/orderr/${text.id}/status`, { status: 'cancelled' }));
        expect((await ok<{ stock: number }>(shop.admin('GET', `/api/products/${shop.tomatoes}`))).stock).toBe(9.75);
    });

    it('refuse a quantity off the step, under the minimum, a part of a piece, or not a quantity, saying why', async () => {
        const shop = await looseShop();
        expect(await refusal(shop, 0.3)).toEqual([400, 'Tomatoes is sold in steps of 0.25 kg']);
        expect(await refusal(shop, 0.25)).toEqual([400, 'Please order at least 0.5 kg of Tomatoes']);
        expect(await refusal(shop, 1.5, 1)).toEqual([400, 'Shimla Apples 1 kg is sold by the piece: please enter a whole number']);
        expect(await refusal(shop, 0)).toEqual([400, 'Please enter a quantity of Tomatoes above 0']);
        expect((await refusal(shop, 100.25))[0]).toBe(400);
        expect((await refusal(shop, 0.0001))[0]).toBe(400);
        expect((await refusal(shop, 'a kilo'))[0]).toBe(400);
        expect((await refusal(shop, -1))[0]).toBe(400);
        expect((await ok<{ stock: number }>(shop.admin('GET', `/api/products/${shop.tomatoes}`))).stock).toBe(10.5);
    });

    it('are never oversold: of two orders at once for the last kilogram, one gets it and the other hears what is left', async () => {
        const shop = await looseShop();
        await ok(shop.admin('POST', `/api/products/${shop.tomatoes}/stock`, { reason: 'counted', quantity: '1' }));
        const both = await Promise.all([shop.asha, shop.ravi].map((who) => who('POST', '/api/orders', cod([{ productId: shop.tomatoes, quantity: 0.75 }]))));
        expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
        expect(both.find((res) => res.statusCode === 409)!.json().message).toBe('Only 0.25 kg left of Tomatoes');
    });

    it('are counted by hand in kilograms; pieces stay whole', async () => {
        const shop = await looseShop();
        const received = await ok<{ message: string; data: { stock: number } }>(shop.admin('POST', `/api/products/${shop.tomatoes}/stock`, { reason: 'received', quantity: 2.75 }));
        expect(received).toMatchObject({ message: 'Stock of Tomatoes is now 13.25 kg', data: { stock: 13.25 } });
        const damaged = await shop.admin('POST', `/api/products/${shop.tomatoes}/stock`, { reason: 'damaged', quantity: 20 });
        expect([damaged.statusCode, damaged.json().message]).toEqual([409, 'Only 13.25 kg in stock: 20 kg cannot be written off as damaged']);
        const piece = await shop.admin('POST', '/api/products/1/stock', { reason: 'received', quantity: 1.5 });
        expect([piece.statusCode, piece.json().message]).toEqual([400, 'This product is sold by the piece: please enter a whole number']);
        // The history keeps the move in kilograms, as the product answers it.
        const log = await ok<Array<{ changes: { stock: object } }>>(shop.admin('GET', `/api/activity?entity=products&record=${shop.tomatoes}&action=stock`));
        expect(log[0].changes.stock).toEqual({ before: 10.5, after: 13.25 });
        // Low stock is the shop's level in the product's unit: 4.5 kg is low at 5, 5.5 kg is not.
        await ok(shop.admin('POST', `/api/products/${shop.tomatoes}/stock`, { reason: 'counted', quantity: 4.5 }));
        const low = async (level: number | string) => (await ok<Array<{ name: string }>>(shop.admin('GET', `/api/products?stock_lte=${level}`))).map((p) => p.name);
        expect(await low(5)).toContain('Tomatoes');
        expect(await low(4.4)).not.toContain('Tomatoes');
        expect(await low(4.5)).toContain('Tomatoes');
    });

    it('carry their unit onto the tax invoice, the packing slip, the credit note and GSTR-1’s HSN summary (UQC KGS)', { timeout: 60_000 }, async () => {
        const shop = await looseShop();
        const order = await placed(shop.asha, cod([{ productId: shop.tomatoes, quantity: 1.25 }, { productId: 1, quantity: 2 }]));
        await deliver(shop, order.id);
        const invoice = pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload);
        expect(invoice).toMatch(/Tomatoes\s+0702\s+1\.25 KGS\s+40\.00/);
        expect(invoice).toMatch(/Shimla Apples 1 kg\s+\S+\s+2 NOS/);
        const slip = pdfText((await shop.admin('GET', `/api/orderr/${order.id}/packing-slip`)).rawPayload);
        expect(slip).toMatch(/Tomatoes\s+—\s+1\.25 kg/);
        expect(slip).toContain('2 items, 2 units, 1 weighed');

        const refunded = await ok<{ data: { creditNotes: Array<{ id: number }> } }>(shop.admin('POST', `/api/orderr/${order.id}/partial-refund`, { reason: 'Two bruised', lines: [{ line: 1, quantity: '0.25' }] }));
        const note = pdfText((await shop.admin('GET', `/api/orderr/${order.id}/credit-notes/${refunded.data.creditNotes[0].id}`)).rawPayload);
        expect(note).toMatch(/Tomatoes\s+0702\s+0\.25 KGS\s+9\.52\s+5%/);
        const tooMuch = await shop.admin('POST', `/api/orderr/${order.id}/partial-refund`, { reason: 'x', lines: [{ line: 1, quantity: 1.5 }] });
        expect(tooMuch.json().message).toBe('Line 1 (Tomatoes) has 1 kg left to refund, not 1.5 kg');

        const gstr1 = await ok<{ hsn: { data: Array<{ hsn_sc: string; uqc: string; qty: number; txval: number }> } }>(shop.admin('GET', `/api/reports/gstr1?period=${indiaDate().slice(0, 7)}`));
        expect(gstr1.hsn.data.find((row) => row.hsn_sc === '0702')).toMatchObject({ uqc: 'KGS', qty: 1 });
    });

    it('show on the order desk with their unit, step and minimum, and are quoted in kilograms', async () => {
        const shop = await looseShop();
        const found = await ok<object[]>(shop.admin('GET', '/api/orders/products?q=tomat'));
        expect(found).toEqual([expect.objectContaining({ name: 'Tomatoes', unit: 'KGS', step: 0.25, minimum: 0.5, stock: 10.5, price: 40 })]);
        const quote = await ok<{ lines: object[]; subtotal: number }>(shop.admin('POST', '/api/orders/quote', { items: [{ productId: shop.tomatoes, quantity: 11 }], pincode: '560034' }));
        expect(quote.lines[0]).toMatchObject({ quantity: 11, unit: 'KGS', lineTotal: 440, stock: 10.5, short: 'Only 10.5 kg left of Tomatoes' });
    });

    it('came in by a migration that keeps every count: pieces counted before are thousandths after, and back', async () => {
        const shop = await looseShop();
        await ok(shop.admin('POST', '/api/products/1/stock', { reason: 'counted', quantity: 7 }));
        const order = await placed(shop.asha, cod([{ productId: 1, quantity: 3 }]));
        const db = shop.app.db;
        const counts = async () => ({
            stock: (await db.selectFrom('products').select('stock').where('id', '=', 1).executeTakeFirstOrThrow()).stock,
            line: await db.selectFrom('orderLines').select(['quantity', 'stockTaken']).where('orderId', '=', order.id).executeTakeFirstOrThrow(),
        });
        expect(await counts()).toEqual({ stock: 4000, line: { quantity: 3000, stockTaken: 3000 } });
        await db.deleteFrom('products').where('id', '=', shop.tomatoes).execute();
        // Undone in the order they were made: the later migration first. Its down makes the column versions again
        // for every column there is, these three included, which the loose-goods migration made none of.
        await productVariants.down(db as never);
        await dropColumnVersions(db as never, 'products');
        await looseGoods.down(db as never);
        expect(await counts()).toEqual({ stock: 4, line: { quantity: 3, stockTaken: 3 } });
        await looseGoods.up(db as never);
        await productVariants.up(db as never);
        expect(await counts()).toEqual({ stock: 4000, line: { quantity: 3000, stockTaken: 3000 } });
        expect((await ok<{ lines: object[] }>(shop.admin('GET', `/api/orderr/${order.id}`))).lines[0]).toMatchObject({ quantity: 3, unit: 'NOS' });
        expect((await ok<{ stock: number; unit: string }>(shop.admin('GET', '/api/products/1')))).toMatchObject({ stock: 4, unit: 'NOS' });
        // The order line's check moved with it: a hundred kilograms fit on a line, not a hundred and one.
        await expect(db.updateTable('orderLines').set({ quantity: 101_000 }).where('orderId', '=', order.id).execute()).rejects.toThrow();
    });
});
