import { describe, expect, it } from 'vitest';
import { basket, orderShop, placed, type OrderShop } from './orderShop';

// The Customers screen's API, and the one rule for customers' contact details: staff — administrators and sellers
// alike — read them wherever a customer appears (customers, users, orders, exports); a customer reads only their own.

const get = (call: OrderShop['admin'], url: string) => call('GET', url);

async function shopWithOrders() {
    const shop = await orderShop();
    await shop.app.db.updateTable('users').set({ contactNo: '9876543210', gstin: '29ABCDE1234F1Z5', businessName: 'Sharma Stores' }).where('email', '=', 'asha@shop.test').execute();
    const first = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
    const second = await placed(shop.asha, { items: [{ productId: 1, quantity: 1 }], pincode: '560034', paymentMethod: 'cod' });
    const third = await placed(shop.asha, { items: [{ productId: 1, quantity: 2 }], pincode: '560034', paymentMethod: 'cod' });
    for (const status of ['packed', 'out_for_delivery', 'delivered']) await shop.admin('POST', `/api/orderr/${first.id}/status`, { status });
    await shop.admin('POST', `/api/orderr/${third.id}/status`, { status: 'cancelled' });
    return { shop, first, second, third };
}

describe('customers', () => {
    it('list the accounts that are not staff, each with orders count, lifetime spend and last order', async () => {
        const { shop, first, third } = await shopWithOrders();
        const res = await get(shop.seller, '/api/v1/customers?sort=name&order=ASC');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-total-count']).toBe('2');
        const [asha, ravi] = res.json();
        const lastOrderAt = (await get(shop.admin, `/api/orderr/${third.id}`)).json().createdAt;
        // Only the delivered cash order is spent money: the placed one is not paid yet, the cancelled one never will be.
        expect(asha).toMatchObject({
            name: 'Asha Sharma',
            email: 'asha@shop.test',
            contactNo: '9876543210',
            gstin: '29ABCDE1234F1Z5',
            businessName: 'Sharma Stores',
            orders: 3,
            lifetimeSpend: first.totalPrice,
            lastOrderAt,
        });
        expect(ravi).toMatchObject({ name: 'Ravi Kumar', orders: 0, lifetimeSpend: 0, lastOrderAt: null, gstin: null });
        expect(res.body).not.toContain('seller@shop.test');
        expect(res.body).not.toContain('admin@shop.test');
    });

    it('are found by name, e-mail or phone, paged, and read one at a time', async () => {
        const { shop } = await shopWithOrders();
        for (const q of ['asha', 'ASHA@SHOP', '98765']) {
            const found = (await get(shop.seller, `/api/v1/customers?q=${encodeURIComponent(q)}`)).json();
            expect(found.map((c: { name: string }) => c.name), q).toEqual(['Asha Sharma']);
        }
        const page = await get(shop.admin, '/api/v1/customers?sort=name&order=ASC&range=[1,1]');
        expect(page.json().map((c: { name: string }) => c.name)).toEqual(['Ravi Kumar']);
        expect(page.headers['content-range']).toBe('customers 1-1/2');
        const id = (await get(shop.admin, '/api/v1/customers?q=asha')).json()[0].id;
        expect((await get(shop.seller, `/api/v1/customers/${id}`)).json()).toMatchObject({ id, orders: 3, contactNo: '9876543210' });
        const staffId = (await shop.app.db.selectFrom('users').select('id').where('email', '=', 'seller@shop.test').executeTakeFirstOrThrow()).id;
        expect((await get(shop.admin, `/api/v1/customers/${staffId}`)).statusCode).toBe(404);
        expect((await get(shop.admin, '/api/v1/customers/99999')).json().message).toBe('Customer not found');
        expect((await get(shop.admin, '/api/v1/customers?sort=lifetime')).statusCode).toBe(400);
    });

    it('are for staff only', async () => {
        const { shop } = await shopWithOrders();
        expect((await get(shop.asha, '/api/v1/customers')).statusCode).toBe(403);
        expect((await get(shop.asha, '/api/v1/customers/1')).statusCode).toBe(403);
        expect((await get(shop.anonymous, '/api/v1/customers')).statusCode).toBe(401);
    });
});

describe("customers' contact details", () => {
    it('a seller reads them on every screen a customer appears: users, customers, orders and the export', async () => {
        const { shop, first } = await shopWithOrders();
        for (const url of ['/api/users', '/api/users?page=1&perPage=10&q=asha@shop', '/api/v1/users?q=asha@shop', '/api/v1/customers?q=asha']) {
            const body = (await get(shop.seller, url)).body;
            expect(body, url).toContain('asha@shop.test');
            expect(body, url).toContain('9876543210');
        }
        const order = (await get(shop.seller, `/api/orderr/${first.id}`)).json();
        expect(order.customer).toMatchObject({ email: 'asha@shop.test', phone: '9876543210' });
        const exported = (await get(shop.seller, '/api/orderr/export')).json().orders;
        expect(exported.find((row: { id: number }) => row.id === first.id)).toMatchObject({ customerEmail: 'asha@shop.test', customerPhone: '9876543210' });
        // The sort by phone is open to staff alike.
        expect((await get(shop.seller, '/api/v1/users?sort=contactNo&order=ASC')).statusCode).toBe(200);
    });

    it("a customer reads only their own: other people's orders are missing, the user and customer lists forbidden", async () => {
        const { shop, first } = await shopWithOrders();
        expect((await get(shop.ravi, `/api/orderr/${first.id}`)).statusCode).toBe(404);
        expect((await get(shop.ravi, '/api/orderr')).body).not.toContain('asha@shop.test');
        for (const url of ['/api/users', '/api/v1/users', '/api/v1/customers', '/api/orderr/export']) expect((await get(shop.ravi, url)).statusCode, url).toBe(403);
        expect((await get(shop.asha, `/api/orderr/${first.id}`)).json().customer.phone).toBe('9876543210');
    });
});
