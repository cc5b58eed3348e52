import { describe, expect, it } from 'vitest';
import { addDays, dayStart as shopDayStart, shopToday as shopDate } from '../../schema/dates';
import { basket, orderShop, placed } from './orderShop';

const minutes = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000).toISOString();

describe('GET /dashboard/stats', () => {
    it("counts today's orders and revenue, orders to pack, new customers and the last 30 days, on the shop's calendar", async () => {
        const shop = await orderShop();
        const today = shopDate();
        const midnight = shopDayStart(today);
        const at = async (id: number, createdAt: string) => shop.app.db.updateTable('orders').set({ createdAt }).where('id', '=', id).execute();

        const online = await placed(shop.asha); // ₹1142.49, waiting for payment: not to pack yet
        await placed(shop.ravi, { ...basket, paymentMethod: 'cod' }); // to pack
        const cancelled = await placed(shop.ravi, { items: [{ productId: 1, quantity: 1 }], pincode: '560034', paymentMethod: 'cod' });
        await shop.admin('POST', `/api/orderr/${cancelled.id}/status`, { status: 'cancelled' });
        await at(online.id, minutes(midnight, 1)); // 00:01 in India today
        const lateYesterday = await placed(shop.asha, { items: [{ productId: 1, quantity: 2 }], pincode: '560034', paymentMethod: 'cod' });
        await at(lateYesterday.id, minutes(midnight, -1)); // 23:59 yesterday in India
        const old = await placed(shop.asha, { items: [{ productId: 1, quantity: 1 }], pincode: '560034' });
        await at(old.id, shopDayStart(addDays(today, -40)));
        // A customer who joined ten days ago is not new this week.
        await shop.app.db.updateTable('users').set({ createdAt: shopDayStart(addDays(today, -10)) }).where('email', '=', 'ravi@shop.test').execute();

        const res = await shop.admin('GET', '/api/dashboard/stats');
        expect(res.statusCode).toBe(200);
        const stats = res.json();
        expect(stats).toMatchObject({
            today,
            todayOrders: 3,
            todayRevenue: 2284.98, // two baskets of ₹1142.49; the cancelled one does not count
            toPack: 2, // the cash-on-delivery orders just placed (today's and yesterday's)
            newCustomers: 1,
        });
        expect(stats.days).toHaveLength(30);
        expect(stats.days[29]).toEqual({ date: today, orders: 3, revenue: 2284.98 });
        expect(stats.days[28]).toEqual({ date: addDays(today, -1), orders: 1, revenue: 403.5 });
        expect(stats.days[0].date).toBe(addDays(today, -29));
        expect(stats.days.reduce((sum: number, d: { orders: number }) => sum + d.orders, 0)).toBe(4);
    });

    it('answers zeros for an empty shop, and only to staff', async () => {
        const shop = await orderShop();
        const stats = (await shop.seller('GET', '/api/dashboard/stats')).json();
        expect(stats).toMatchObject({ todayOrders: 0, todayRevenue: 0, toPack: 0 });
        expect(stats.days.every((d: { orders: number; revenue: number }) => d.orders === 0 && d.revenue === 0)).toBe(true);
        expect((await shop.asha('GET', '/api/dashboard/stats')).statusCode).toBe(403);
        expect((await shop.anonymous('GET', '/api/dashboard/stats')).statusCode).toBe(401);
    });
});
