import { describe, expect, it } from 'vitest';
import { apples } from './catalogue';
import { form } from './helpers';
import { orderShop, placed, type OrderShop } from './orderShop';

// Products carry their stock, SKU and barcode; an order takes its units in its own transaction and never oversells.

const stockOf = async (shop: OrderShop, id: number) => (await shop.admin('GET', `/api/products/${id}`)).json().stock as number | null;
const setStock = (shop: OrderShop, id: number, stock: number | string) => shop.admin('POST', `/api/products/${id}`, { stock });
const cod = (productId: number, quantity = 1) => ({ items: [{ productId, quantity }], pincode: '560034', paymentMethod: 'cod' });

describe('stock, SKU and barcode', () => {
    it('are taken on create and update and answered in reads; a blank SKU is none, and a given one is unique whatever its case', async () => {
        const shop = await orderShop();
        const made = await shop.admin('POST', '/api/products', { ...apples, name: 'Basmati 5 kg', stock: 12, sku: ' rice-5kg ', barcode: '8901234567890' });
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json().data).toMatchObject({ stock: 12, sku: 'rice-5kg', barcode: '8901234567890' });
        expect((await shop.admin('GET', '/api/products/1')).json()).toMatchObject({ stock: null, sku: null, barcode: null });
        for (const name of ['Sona Masoori', 'Brown rice']) expect((await shop.admin('POST', '/api/products', { ...apples, name, sku: '' })).statusCode).toBe(201);
        const clash = await shop.admin('POST', '/api/products', { ...apples, name: 'Other rice', sku: 'RICE-5KG' });
        expect(clash.statusCode).toBe(409);
        expect(clash.json().errors).toEqual({ sku: 'Another product already has this SKU' });
        expect((await setStock(shop, 1, -1)).json().errors).toEqual({ stock: 'Stock cannot be negative' });
        expect((await setStock(shop, 1, 2.5)).statusCode).toBe(400);
    });

    it('stops being tracked when emptied: null in JSON, an empty value in a form (never 0, which is out of stock)', async () => {
        const shop = await orderShop();
        await setStock(shop, 1, 7);
        expect((await shop.admin('POST', '/api/products/1', { stock: null })).json().data.stock).toBeNull();
        await setStock(shop, 1, 7);
        expect((await shop.admin('POST', '/api/products/1', form({ stock: '' }) as never)).json().data.stock).toBeNull();
        // Left out, it stays.
        await setStock(shop, 1, 7);
        expect((await shop.admin('POST', '/api/products/1', form({ name: 'Apples' }) as never)).json().data.stock).toBe(7);
    });

    it('never oversells: 30 orders at once for the last 10 give exactly 10 orders and 20 refusals that say what is left', async () => {
        const shop = await orderShop();
        await setStock(shop, 1, 10);
        const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? shop.asha : shop.ravi)('POST', '/api/orders', cod(1))));
        const codes = answers.map((answer) => answer.statusCode);
        expect(codes.filter((code) => code === 201)).toHaveLength(10);
        expect(codes.filter((code) => code === 409)).toHaveLength(20);
        for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
            expect(refused.json().message).toMatch(/^(Only \d left of Shimla Apples 1 kg|Shimla Apples 1 kg is out of stock)$/);
        }
        expect(await stockOf(shop, 1)).toBe(0);
        expect((await shop.asha('POST', '/api/orders', cod(1))).json().message).toBe('Shimla Apples 1 kg is out of stock');
    });

    it('refuses a whole order a line of which the shelf cannot fill, taking nothing', async () => {
        const shop = await orderShop();
        await setStock(shop, 1, 5);
        await setStock(shop, 2, 2);
        const refused = await shop.asha('POST', '/api/orders', { items: [{ productId: 1, quantity: 3 }, { productId: 2, quantity: 3 }], pincode: '560034' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe('Only 2 left of Desi Ghee 1 L');
        expect([await stockOf(shop, 1), await stockOf(shop, 2)]).toEqual([5, 2]);
        // A product whose stock is not tracked sells freely beside one that is.
        await placed(shop.asha, { items: [{ productId: 1, quantity: 5 }, { productId: 3, quantity: 100 }], pincode: '560034' });
        expect([await stockOf(shop, 1), await stockOf(shop, 3)]).toEqual([0, null]);
    });

    it('goes back once when an order is cancelled or refunded', async () => {
        const shop = await orderShop();
        await setStock(shop, 1, 10);
        const first = await placed(shop.asha, cod(1, 4));
        expect(await stockOf(shop, 1)).toBe(6);
        expect((await shop.admin('POST', `/api/orderr/${first.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
        expect(await stockOf(shop, 1)).toBe(10);
        // Delivered cash on delivery is paid: refunding it after the cancel of another order puts back only its own.
        const second = await placed(shop.asha, cod(1, 3));
        for (const status of ['packed', 'out_for_delivery', 'delivered']) await shop.admin('POST', `/api/orderr/${second.id}/status`, { status });
        expect(await stockOf(shop, 1)).toBe(7);
        const refunds = await Promise.all([1, 2].map(() => shop.admin('POST', `/api/orderr/${second.id}/status`, { status: 'refunded' })));
        expect(refunds.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect(await stockOf(shop, 1)).toBe(10);
    });

    it('is changed by hand with a reason, kept in the product history; sellers only on their own products, customers never', async () => {
        const shop = await orderShop();
        const change = (body: object, call = shop.admin) => call('POST', '/api/products/1/stock', body);
        expect((await change({ reason: 'received', quantity: 24 })).json()).toMatchObject({ message: 'Stock of Shimla Apples 1 kg is now 24', data: { stock: 24 } });
        expect((await change({ reason: 'damaged', quantity: 4, note: 'Bruised' })).json().data.stock).toBe(20);
        const tooMany = await change({ reason: 'damaged', quantity: 21 });
        expect(tooMany.statusCode).toBe(409);
        expect(tooMany.json().message).toBe('Only 20 in stock: 21 cannot be written off as damaged');
        expect((await change({ reason: 'counted', quantity: 18 })).json().data.stock).toBe(18);
        expect((await change({ reason: 'stolen', quantity: 1 })).json().message).toBe('Please choose why the stock changes: received, damaged or counted');
        expect((await change({ reason: 'received', quantity: 1 }, shop.asha)).statusCode).toBe(403);
        expect((await change({ reason: 'received', quantity: 1 }, shop.seller)).statusCode).toBe(403);
        expect((await shop.admin('POST', '/api/products/999/stock', { reason: 'received', quantity: 1 })).statusCode).toBe(404);
        const history = (await shop.admin('GET', '/api/activity?entity=products&record=1')).json().filter((line: { action: string }) => line.action === 'stock');
        expect(history.map((line: { changes: object }) => line.changes)).toEqual([
            { stock: { before: 20, after: 18 }, reason: { after: 'counted' } },
            { stock: { before: 24, after: 20 }, reason: { after: 'damaged' }, note: { after: 'Bruised' } },
            { stock: { before: null, after: 24 }, reason: { after: 'received' } },
        ]);
        expect(await stockOf(shop, 1)).toBe(18);
    });

    it('counts as low at or below the shop\'s level (5 unless the settings say): the dashboard counts them and the list filters them', async () => {
        const shop = await orderShop();
        await setStock(shop, 1, 5);
        await setStock(shop, 2, 6);
        await setStock(shop, 3, 0);
        const stats = async () => (await shop.admin('GET', '/api/dashboard/stats')).json();
        expect(await stats()).toMatchObject({ lowStock: 2, lowStockAt: 5 });
        const low = async (level: number) => (await shop.admin('GET', `/api/products?stock_lte=${level}&sort=stock&order=ASC`)).json().map((p: { name: string }) => p.name);
        expect(await low(5)).toEqual(['Candy', 'Shimla Apples 1 kg']);
        const settings = await shop.admin('POST', '/api/settings', { website: 'https://shop.test', lowStockAt: 6 });
        expect(settings.statusCode, settings.body).toBe(201);
        expect(await stats()).toMatchObject({ lowStock: 3, lowStockAt: 6 });
        // The stock dialect's filter carries it too (react-admin's list).
        const stock = await shop.admin('GET', `/api/products?filter=${encodeURIComponent('{"stock_lte":0}')}&range=[0,9]`);
        expect(stock.json().map((p: { name: string }) => p.name)).toEqual(['Candy']);
        expect((await shop.admin('GET', '/api/products?stock_lte=x')).statusCode).toBe(400);
    });
});
