import { describe, expect, it } from 'vitest';
import { basket, orderShop, placed, type OrderShop } from './orderShop';

// The order list's tools for staff: filters, status counts, the export's rows, the stock a
// cancel or refund puts back, and a customer's orders at a glance.

const apples = (quantity: number, paymentMethod = 'cod') => ({ items: [{ productId: 1, quantity }], pincode: '560034', paymentMethod });

/** Orders of 214.50 (one apple box), 403.50 (two) and 1142.49 (the basket), the last online. */
async function threeOrders(shop: OrderShop) {
    const small = await placed(shop.asha, apples(1));
    const middle = await placed(shop.ravi, apples(2));
    const large = await placed(shop.asha, { ...basket, paymentMethod: 'online' });
    return { small: small.id, middle: middle.id, large: large.id };
}

const idsOf = async (shop: OrderShop, query: string) => {
    const res = await shop.admin('GET', `/api/orderr?page=1&perPage=30&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().orders.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b);
};

const move = async (shop: OrderShop, id: number, ...statuses: string[]) => {
    for (const status of statuses) {
        const res = await shop.admin('POST', `/api/orderr/${id}/status`, { status });
        expect(res.statusCode, res.body).toBe(200);
    }
};

describe('the order list filters', () => {
    it('keep the orders whose total lies in a range of rupees, both ends included, to the paisa', async () => {
        const shop = await orderShop();
        const { small, middle, large } = await threeOrders(shop);
        expect(await idsOf(shop, 'totalFrom=214.5&totalTo=214.5')).toEqual([small]);
        expect(await idsOf(shop, 'totalFrom=214.51')).toEqual([middle, large]);
        expect(await idsOf(shop, 'totalTo=403.5')).toEqual([small, middle]);
        expect(await idsOf(shop, 'totalTo=403.499')).toEqual([small]);
        expect(await idsOf(shop, 'totalFrom=403.499&totalTo=1142.49')).toEqual([middle, large]);
        expect(await idsOf(shop, 'totalFrom=0&totalTo=21474836.47')).toEqual([small, middle, large]);
        expect(await idsOf(shop, 'totalFrom=500&totalTo=300')).toEqual([]);
        // Blank bounds are no bounds (an emptied filter input).
        expect(await idsOf(shop, 'totalFrom=&totalTo=')).toEqual([small, middle, large]);
    });

    it('combine: dates in India, payment method, status, amount and the name search', async () => {
        const shop = await orderShop();
        const { small, middle, large } = await threeOrders(shop);
        // 31 Dec 2025, 20:00 UTC is 1 Jan 2026, 01:30 in India.
        await shop.app.db.updateTable('orders').set({ createdAt: '2025-12-31T20:00:00.000Z' }).where('id', '=', small).execute();
        await move(shop, middle, 'packed');
        expect(await idsOf(shop, 'createdFrom=2026-01-01&createdTo=2026-01-01')).toEqual([small]);
        expect(await idsOf(shop, 'createdTo=2025-12-31')).toEqual([]);
        expect(await idsOf(shop, 'paymentMethod=cod&totalFrom=300')).toEqual([middle]);
        expect(await idsOf(shop, 'paymentMethod=online&status=placed')).toEqual([large]);
        expect(await idsOf(shop, 'status=packed&totalTo=300')).toEqual([]);
        expect(await idsOf(shop, 'q=asha&totalFrom=1000')).toEqual([large]);
        expect(await idsOf(shop, 'q=as&paymentMethod=cod')).toEqual([small]);
    });

    it.each([
        ['totalFrom=abc', 'The total from must be an amount in rupees, from 0 to 21474836.47'],
        ['totalFrom=1e400', 'Total from must be a finite number'],
        ['totalFrom=Infinity', 'Total from must be a finite number'],
        ['totalFrom=-Infinity', 'Total from must be a finite number'],
        ['totalFrom=NaN', 'The total from must be an amount in rupees, from 0 to 21474836.47'],
        ['totalFrom=-1', 'The total from must be an amount in rupees, from 0 to 21474836.47'],
        ['totalTo=21474836.48', 'The total to must be an amount in rupees, from 0 to 21474836.47'],
        ['totalTo=1e12', 'The total to must be an amount in rupees, from 0 to 21474836.47'],
        ['totalTo=%E2%82%B9500', 'The total to must be an amount in rupees, from 0 to 21474836.47'],
        ['paymentMethod=card', 'Payment method must be online or cod'],
        ['createdFrom=01-01-2026', 'The from date must be a date, YYYY-MM-DD'],
        ['createdTo=2026-13-01', 'The to date must be a date, YYYY-MM-DD'],
        // The last day ISO can write: the day after it, where the to date's day ends, cannot be written.
        ['createdTo=9999-12-31', 'The to date must be a date, YYYY-MM-DD'],
        ['createdFrom=2026-02-30', 'The from date must be a date, YYYY-MM-DD'],
        ['createdTo=0000-01-01', 'The to date must be a date, YYYY-MM-DD'],
        ['status=lost', 'Status must be one of placed, paid, packed, out_for_delivery, delivered, cancelled, refunded'],
    ])('refuse %s with 400 and says why, on the list, the counts and the export', async (query, message) => {
        const shop = await orderShop();
        await placed(shop.asha, apples(1));
        for (const path of ['/api/orderr', '/api/orderr/counts', '/api/orderr/export']) {
            if (path.endsWith('counts') && query.startsWith('status=')) continue; // the counts ignore the status
            const res = await shop.admin('GET', `${path}?${query}`);
            expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
            expect(res.json().message).toBe(message);
        }
    });
    it('searches for a name with a NUL or another control character, on the list, the counts, the export and the REST list', async () => {
        const shop = await orderShop();
        await placed(shop.asha, apples(1));
        for (const path of ['/api/orderr', '/api/orderr/counts', '/api/orderr/export', '/api/v1/orders']) {
            for (const q of ['a%00b', 'As%00ha', '%01%1F%7F']) {
                const res = await shop.admin('GET', `${path}?q=${q}`);
                expect(res.statusCode, `${path}?q=${q}: ${res.body}`).toBe(200);
            }
        }
        // The control character is dropped, so the name still matches.
        expect((await shop.admin('GET', '/api/orderr/counts?q=As%00ha')).json().total).toBe(1);
    });
});

describe('GET /orderr/counts', () => {
    it("counts each status under the list's other filters, in one answer, whatever status is asked", async () => {
        const shop = await orderShop();
        const { small, middle, large } = await threeOrders(shop);
        await move(shop, small, 'packed', 'out_for_delivery', 'delivered');
        await move(shop, middle, 'cancelled');
        const counts = async (query = '') => {
            const res = await shop.seller('GET', `/api/orderr/counts?${query}`);
            expect(res.statusCode, res.body).toBe(200);
            return res.json();
        };
        expect(await counts()).toEqual({
            counts: { placed: 1, paid: 0, packed: 0, out_for_delivery: 0, delivered: 1, cancelled: 1, refunded: 0 },
            total: 3,
        });
        expect((await counts('status=delivered')).total).toBe(3);
        expect((await counts('paymentMethod=cod')).counts).toMatchObject({ placed: 0, delivered: 1, cancelled: 1 });
        expect((await counts('totalFrom=400&totalTo=500')).counts).toMatchObject({ cancelled: 1, delivered: 0, placed: 0 });
        expect((await counts('q=ravi')).counts).toMatchObject({ cancelled: 1, delivered: 0, placed: 0 });
        expect((await counts('q=nobody')).total).toBe(0);
        expect((await counts('q=as&createdFrom=2099-01-01')).total).toBe(0);
        expect((await counts(`customerId=${(await shop.asha('GET', `/api/orderr/${large}`)).json().customer.id}`)).total).toBe(2);
    });

    it('is for staff only', async () => {
        const shop = await orderShop();
        expect((await shop.asha('GET', '/api/orderr/counts')).statusCode).toBe(403);
        expect((await shop.anonymous('GET', '/api/orderr/counts')).statusCode).toBe(401);
    });
});

describe('GET /orderr/export', () => {
    it('answers the filtered orders with amounts as numbers of rupees, paged and sorted as the list', async () => {
        const shop = await orderShop();
        const { small, middle, large } = await threeOrders(shop);
        const res = await shop.seller('GET', '/api/orderr/export?page=1&perPage=2&sort=totalPrice&order=DESC');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-total-count']).toBe('3');
        const rows = res.json().orders;
        expect(rows.map((o: { id: number }) => o.id)).toEqual([large, middle]);
        expect(rows[0]).toMatchObject({
            id: large,
            createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            customerName: 'Asha Sharma',
            customerEmail: 'asha@shop.test',
            pincode: '560034',
            paymentMethod: 'online',
            status: 'placed',
            subtotal: 1116.99,
            taxTotal: 110.9,
            deliveryCharge: 25.5,
            discount: 0,
            totalPrice: 1142.49,
        });
        const cheap = await shop.admin('GET', '/api/orderr/export?paymentMethod=cod&totalTo=300');
        expect(cheap.json().orders.map((o: { id: number }) => o.id)).toEqual([small]);
    });

    it('is for staff only', async () => {
        const shop = await orderShop();
        await placed(shop.asha, apples(1));
        expect((await shop.asha('GET', '/api/orderr/export')).statusCode).toBe(403);
        expect((await shop.anonymous('GET', '/api/orderr/export')).statusCode).toBe(401);
    });
});

describe('GET /orderr/{id}/stock', () => {
    it('says how many units of tracked stock the order holds, and none once a cancel put them back', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products/1', { stock: 10 });
        const { id } = await placed(shop.asha, { ...basket, paymentMethod: 'cod' }); // 3 apples (tracked) and 1 ghee (not)
        const held = await shop.seller('GET', `/api/orderr/${id}/stock`);
        expect(held.statusCode, held.body).toBe(200);
        expect(held.json()).toEqual({ units: 3, lines: [{ productId: 1, name: 'Shimla Apples 1 kg', units: 3 }] });
        await move(shop, id, 'cancelled');
        expect((await shop.admin('GET', `/api/orderr/${id}/stock`)).json()).toEqual({ units: 0, lines: [] });

        const untracked = await placed(shop.asha, { items: [{ productId: 2, quantity: 1 }], pincode: '560034' });
        expect((await shop.admin('GET', `/api/orderr/${untracked.id}/stock`)).json()).toEqual({ units: 0, lines: [] });
        expect((await shop.admin('GET', '/api/orderr/999/stock')).statusCode).toBe(404);
        expect((await shop.asha('GET', `/api/orderr/${id}/stock`)).statusCode).toBe(403);
    });
});

describe("a customer's order summary", () => {
    it('counts their orders and adds up what they spent: paid orders, not cancelled or refunded ones', async () => {
        const shop = await orderShop();
        const { small, middle, large } = await threeOrders(shop); // Asha: small (cod), large (online); Ravi: middle
        const delivered = await placed(shop.asha, apples(2));
        const refunded = await placed(shop.asha, apples(3));
        await move(shop, small, 'packed', 'out_for_delivery', 'delivered');
        await move(shop, delivered.id, 'packed', 'out_for_delivery', 'delivered');
        await move(shop, refunded.id, 'packed', 'out_for_delivery', 'delivered', 'refunded');
        await move(shop, middle, 'cancelled');
        const ashaId = (await shop.admin('GET', `/api/orderr/${large}`)).json().customer.id;
        const raviId = (await shop.admin('GET', `/api/orderr/${middle}`)).json().customer.id;

        const asha = await shop.seller('GET', `/api/users/${ashaId}/order-summary`);
        expect(asha.statusCode, asha.body).toBe(200);
        // small 214.50 + delivered 403.50; the online order is not paid, the refunded one gave its money back.
        expect(asha.json()).toEqual({ customerId: ashaId, orders: 4, paidOrders: 2, totalSpent: 618, lastOrderAt: expect.stringMatching(/^\d{4}-/) });
        expect((await shop.admin('GET', `/api/users/${raviId}/order-summary`)).json()).toMatchObject({ orders: 1, paidOrders: 0, totalSpent: 0 });
        const sellerId = (await shop.seller('GET', '/api/me')).json().id;
        expect((await shop.admin('GET', `/api/users/${sellerId}/order-summary`)).json()).toEqual({
            customerId: sellerId,
            orders: 0,
            paidOrders: 0,
            totalSpent: 0,
            lastOrderAt: null,
        });
    });

    it('is for staff only, and says when the user does not exist', async () => {
        const shop = await orderShop();
        await placed(shop.asha, apples(1));
        const ashaId = (await shop.asha('GET', '/api/me')).json().id;
        expect((await shop.asha('GET', `/api/users/${ashaId}/order-summary`)).statusCode).toBe(403);
        expect((await shop.anonymous('GET', `/api/users/${ashaId}/order-summary`)).statusCode).toBe(401);
        const missing = await shop.admin('GET', '/api/users/9999/order-summary');
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('User not found');
        expect((await shop.admin('GET', '/api/users/abc/order-summary')).statusCode).toBe(400);
    });
});
