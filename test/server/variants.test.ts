import { describe, expect, it } from 'vitest';
import * as productVariants from '../../server/db/migrations/2026-11-30-1201-product-variants';
import { pdfText } from './pdfText';
import { startReceiver } from './webhookReceiver';
import { deliver, ok, orderShop, placed, type OrderShop } from './orderShop';

// Pack sizes: Aashirvaad Atta is one product sold as 1 kg (its own row) and 5 kg (a variant). Each variant has its
// own price, MRP, stock, SKU and weight; the name, description, category and tax are the product's.

const atta = { name: 'Aashirvaad Atta', description: 'Whole wheat flour', categoryId: 2, subcategoryId: 2, gstId: 1, price: 62, mrp: 68, stock: 40, sku: 'ATTA-1', option: '1 kg', weight: 1020 };

type Record = { [name: string]: unknown; id: number };
type Method = Parameters<OrderShop['admin']>[0];

/** The order shop with the atta (1 kg) and its 5 kg pack as a variant. */
async function packShop() {
    const shop = await orderShop();
    const v1 = async (method: Method, url: string, payload?: object): Promise<Record & Record[]> => {
        const res = await shop.admin(method, url, payload);
        if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
        return res.json();
    };
    const first = await v1('POST', '/api/v1/products', atta);
    const five = await v1('POST', `/api/v1/products/${first.id}/variants`, { option: '5 kg', price: 285, mrp: 310, stock: 12, sku: 'ATTA-5', barcode: '8901725133900', weight: 5050 });
    return { ...shop, first, five, v1 };
}

const cod = (items: { productId: number; quantity: number }[]) => ({ items, pincode: '560034', paymentMethod: 'cod' });

describe('a product with variants', () => {
    it('shares its name, description, category and tax with its variants; each has its own price, MRP, stock, SKU and weight', async () => {
        const shop = await packShop();
        expect(shop.first).toMatchObject({ parentId: null, position: 1, option: '1 kg', weight: 1020 });
        expect(shop.five).toMatchObject({ name: 'Aashirvaad Atta', description: 'Whole wheat flour', categoryId: 2, subcategoryId: 2, gstId: 1, parentId: shop.first.id, position: 2 });
        expect(shop.five).toMatchObject({ option: '5 kg', price: 285, mrp: 310, stock: 12, sku: 'ATTA-5', weight: 5050 });
        const family = await shop.v1('GET', `/api/v1/products/${shop.five.id}/variants`);
        expect(family.map((row) => [row.id, row.option])).toEqual([[shop.first.id, '1 kg'], [shop.five.id, '5 kg']]);

        // A variant's own save cannot tell another story: the shared fields stay the product's.
        const renamed = await shop.v1('PUT', `/api/v1/products/${shop.five.id}`, { name: 'Something else', price: 280 });
        expect(renamed).toMatchObject({ name: 'Aashirvaad Atta', price: 280 });
        // The product's save passes them on, and integrators hear of each pack it changed.
        const hooks = await startReceiver();
        try {
            await shop.v1('POST', '/api/webhooks', { url: hooks.url, events: ['product.updated'] });
            await shop.v1('PUT', `/api/v1/products/${shop.first.id}`, { name: 'Aashirvaad Select Atta', description: 'Sharbati wheat', gstId: 2 });
            expect(await shop.v1('GET', `/api/v1/products/${shop.five.id}`)).toMatchObject({ name: 'Aashirvaad Select Atta', description: 'Sharbati wheat', gstId: 2, price: 280 });
            await shop.app.webhooks.flush();
            const told = hooks.of('product.updated').map((d) => d.json.data.product);
            expect(told.map(({ id, name, option, parentId }) => ({ id, name, option, parentId })).sort((a, b) => a.id - b.id)).toEqual([
                { id: shop.first.id, name: 'Aashirvaad Select Atta', option: '1 kg', parentId: null },
                { id: shop.five.id, name: 'Aashirvaad Select Atta', option: '5 kg', parentId: shop.first.id },
            ]);
            // A change of the product's own price is its own: its packs are not told.
            await shop.v1('PUT', `/api/v1/products/${shop.first.id}`, { price: 64 });
            await shop.app.webhooks.flush();
            expect(hooks.of('product.updated').length).toBe(3);
        } finally {
            await hooks.close();
        }
    });

    it('refuses a variant without an option, of a variant, twice the same, moved to another product, or over its MRP', async () => {
        const shop = await packShop();
        const refused = async (method: Method, url: string, payload?: object) => {
            const res = await shop.admin(method, url, payload);
            return [res.statusCode, res.json().message];
        };
        expect(await refused('POST', `/api/v1/products/${shop.first.id}/variants`, { price: 10 })).toEqual([400, 'Option is required']);
        expect(await refused('POST', `/api/v1/products/${shop.five.id}/variants`, { option: '10 kg', price: 500 })).toEqual([400, `This is a variant; add variants to its product, ${shop.first.id}`]);
        expect(await refused('POST', `/api/v1/products/${shop.first.id}/variants`, { option: ' 5 KG ', price: 290 })).toEqual([409, 'This subcategory already has a product with this name']);
        expect(await refused('PUT', `/api/v1/products/${shop.five.id}`, { parentId: 1 })).toEqual([400, 'A variant stays with its product: add a new variant where it belongs instead']);
        expect(await refused('POST', '/api/v1/products', { ...atta, name: 'Other', sku: 'X', parentId: shop.five.id, option: '2 kg' })).toEqual([400, `A variant belongs to a product, not to another variant: choose product ${shop.first.id}`]);
        expect(await refused('POST', `/api/v1/products/${shop.first.id}/variants`, { option: '10 kg', price: 700, mrp: 600 })).toEqual([400, 'The price cannot be more than the MRP']);
        expect(await refused('DELETE', `/api/v1/products/${shop.first.id}`)).toEqual([409, 'This product has 1 more variant; delete it first.']);
        expect(await refused('GET', '/api/v1/products/999/variants')).toEqual([404, 'Product not found']);
    });

    it('places variants added at once one after another, up to 100 a product, its own row counted', { timeout: 60_000 }, async () => {
        const shop = await packShop();
        const add = (grams: number) => shop.admin('POST', `/api/v1/products/${shop.first.id}/variants`, { option: `${grams} g`, price: 60 });
        // 97 more at once make 99 in all; of the next two at once, one is the 100th and the other is refused.
        const many = await Promise.all(Array.from({ length: 97 }, (_, i) => add(i + 1)));
        expect(many.map((res) => res.statusCode)).toEqual(Array(97).fill(201));
        const last = await Promise.all([add(98), add(99)]);
        expect(last.map((res) => res.statusCode).sort()).toEqual([201, 400]);
        expect(last.find((res) => res.statusCode === 400)!.json()).toMatchObject({ message: 'A product has at most 100 variants', errors: { parentId: 'A product has at most 100 variants' } });
        const family = await shop.v1('GET', `/api/v1/products/${shop.first.id}/variants`);
        expect(family.map((row) => row.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
        expect(family[0].id).toBe(shop.first.id);
    });

    it('puts a product\'s variants in a new order, its own row first, all or none, and says who moved them', async () => {
        const shop = await packShop();
        const half = await shop.v1('POST', `/api/v1/products/${shop.first.id}/variants`, { option: '500 g', price: 34 });
        const ten = await shop.v1('POST', `/api/v1/products/${shop.first.id}/variants`, { option: '10 kg', price: 560 });
        const url = `/api/v1/products/${shop.first.id}/variants/order`;
        const ordered = await shop.v1('PUT', url, { ids: [half.id, shop.five.id, ten.id] });
        expect(ordered.map((row) => [row.option, row.position])).toEqual([['1 kg', 1], ['500 g', 2], ['5 kg', 3], ['10 kg', 4]]);
        expect((await shop.v1('GET', `/api/v1/products/${ten.id}/variants`)).map((row) => row.option)).toEqual(['1 kg', '500 g', '5 kg', '10 kg']);
        // Each variant that moved has its history line; the 10 kg stayed where it was.
        const moved = await shop.app.db.selectFrom('auditLog').select(['record', 'changes']).where('entity', '=', 'products').where('action', '=', 'update').where('changes', 'like', '%position%').execute();
        expect(moved.map((line) => [Number(line.record), JSON.parse(String(line.changes)).position]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
            [shop.five.id, { before: 2, after: 3 }],
            [half.id, { before: 3, after: 2 }],
        ]);

        const refused = async (call: typeof shop.admin, path: string, payload: object) => {
            const res = await call('PUT', path, payload);
            return [res.statusCode, res.json().message];
        };
        const listEach = `Please list each of this product's variants once, in their new order: ${half.id}, ${shop.five.id}, ${ten.id}`;
        expect(await refused(shop.admin, url, { ids: [half.id, shop.five.id] })).toEqual([400, listEach]);
        expect(await refused(shop.admin, url, { ids: [half.id, half.id, ten.id] })).toEqual([400, listEach]);
        expect(await refused(shop.admin, url, { ids: [half.id, shop.five.id, 1] })).toEqual([400, listEach]);
        expect(await refused(shop.admin, url, { ids: [] })).toEqual([400, 'Please list the variants\' ids, from 1 to 100']);
        expect(await refused(shop.admin, url, { ids: ['first'] })).toEqual([400, 'Ids must be integer']);
        expect(await refused(shop.admin, `/api/v1/products/${shop.five.id}/variants/order`, { ids: [half.id] })).toEqual([400, `This is a variant; put the variants of its product, ${shop.first.id}, in order`]);
        expect(await refused(shop.admin, '/api/v1/products/1/variants/order', { ids: [2] })).toEqual([400, 'This product has no variants to put in order']);
        expect(await refused(shop.admin, '/api/v1/products/999/variants/order', { ids: [2] })).toEqual([404, 'Product not found']);
        expect(await refused(shop.seller, url, { ids: [ten.id, shop.five.id, half.id] })).toEqual([403, 'You may change only the products you created']);
        // Nothing of a refused order was written.
        expect((await shop.v1('GET', url.replace('/order', ''))).map((row) => row.option)).toEqual(['1 kg', '500 g', '5 kg', '10 kg']);

        // Four orders at once: one wins whole (the last to take the product's lock); no two variants share a place.
        const orders = [
            [ten.id, shop.five.id, half.id],
            [shop.five.id, half.id, ten.id],
            [shop.five.id, ten.id, half.id],
            [ten.id, half.id, shop.five.id],
        ];
        await Promise.all(orders.map((ids) => shop.v1('PUT', url, { ids })));
        const after = await shop.v1('GET', url.replace('/order', ''));
        expect(orders.map((ids) => [shop.first.id, ...ids])).toContainEqual(after.map((row) => row.id));
        expect(after.map((row) => row.position)).toEqual([1, 2, 3, 4]);
    });

    it('lists one row a product with position=1, each variant otherwise; the legacy list answers as it did', async () => {
        const shop = await packShop();
        const firsts = await shop.v1('GET', '/api/v1/products?filter={"position":1}&range=[0,99]');
        expect(firsts.map((row) => row.id)).toEqual([1, 2, 3, 4, shop.first.id]);
        const all = await shop.v1('GET', '/api/v1/products?range=[0,99]');
        expect(all.map((row) => row.id)).toContain(shop.five.id);
        expect((await shop.v1('GET', `/api/v1/products?filter={"parentId":${shop.first.id}}&range=[0,9]`)).map((row) => row.id)).toEqual([shop.five.id]);
        const legacy = await ok<Array<{ id: number; name: string; price: number }>>(shop.admin('GET', '/api/products'));
        expect(legacy.find((row) => row.id === 1)).toMatchObject({ name: 'Shimla Apples 1 kg', price: 189, parentId: null, option: '', position: 1 });
        // The palette finds each pack by its name.
        const found = await ok<{ products: Array<{ id: number; label: string }> }>(shop.admin('GET', '/api/search?q=aashirvaad'));
        expect(found.products.map((hit) => hit.label).sort()).toEqual(['Aashirvaad Atta (1 kg)', 'Aashirvaad Atta (5 kg)']);
    });

    it('sells each variant from its own stock, never oversold, with its name and option on the line and the invoice', { timeout: 60_000 }, async () => {
        const shop = await packShop();
        const desk = await ok<Array<{ id: number; name: string }>>(shop.admin('GET', '/api/orders/products?q=8901725133900'));
        expect(desk[0]).toMatchObject({ id: shop.five.id, name: 'Aashirvaad Atta (5 kg)', stock: 12, price: 285 });
        const order = await placed(shop.asha, cod([{ productId: shop.five.id, quantity: 2 }, { productId: shop.first.id, quantity: 1 }]));
        const stock = async (id: number) => (await shop.v1('GET', `/api/v1/products/${id}`)).stock;
        expect([await stock(shop.five.id), await stock(shop.first.id)]).toEqual([10, 39]);
        const detail = await ok<{ lines: object[] }>(shop.admin('GET', `/api/orderr/${order.id}`));
        expect(detail.lines[0]).toMatchObject({ name: 'Aashirvaad Atta (5 kg)', quantity: 2, unitPrice: 285 });
        await deliver(shop, order.id);
        const invoice = pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload);
        expect(invoice).toContain('Aashirvaad Atta (5 kg)');
        expect(invoice).toContain('Aashirvaad Atta (1 kg)');

        await shop.v1('PUT', `/api/v1/products/${shop.five.id}`, { stock: 1 });
        const both = await Promise.all([shop.asha, shop.ravi].map((who) => who('POST', '/api/orders', cod([{ productId: shop.five.id, quantity: 1 }]))));
        expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
        expect(both.find((res) => res.statusCode === 409)!.json().message).toBe('Aashirvaad Atta (5 kg) is out of stock');
        expect(await stock(shop.first.id)).toBe(39);
    });

    it('came in by a migration that makes every product a product of one variant, keeping its lines and stock', async () => {
        const shop = await packShop();
        const order = await placed(shop.asha, cod([{ productId: 1, quantity: 2 }]));
        const db = shop.app.db;
        await expect(productVariants.down(db as never)).rejects.toThrow('Products have variants');
        await db.deleteFrom('products').where('parentId', 'is not', null).execute();
        await productVariants.down(db as never);
        await productVariants.up(db as never);
        expect(await db.selectFrom('products').select(['parentId', 'option', 'position']).where('id', '=', 1).executeTakeFirstOrThrow()).toEqual({ parentId: null, option: '', position: 1 });
        expect((await ok<{ lines: object[] }>(shop.admin('GET', `/api/orderr/${order.id}`))).lines[0]).toMatchObject({ productId: 1, quantity: 2 });
        expect(await shop.v1('GET', '/api/v1/products/1')).toMatchObject({ stock: null, price: 189 });
    });
});
