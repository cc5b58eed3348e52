// Not run again on PostgreSQL: zone arithmetic in JavaScript over portable SQL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminApp } from './catalogue';
import { signIn } from './helpers';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { ROLE } from '../../schema/access';
import { dayStart, shopToday } from '../../schema/dates';

// The shop's time zone: a setting, Asia/Kolkata unless chosen, told to every signed-in
// screen with the user (/me), a seller's too, though the settings themselves are the administrator's.

describe("the shop's time zone", () => {
    it('is Asia/Kolkata until the active settings choose another, and every signed-in user learns it', async () => {
        const t = await adminApp();
        expect((await t.call('GET', '/api/me')).json().shopTimeZone).toBe('Asia/Kolkata');

        const made = await t.call('POST', '/api/settings', { website: 'https://shop.example.in', timeZone: 'Asia/Dubai' });
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json().data.timeZone).toBe('Asia/Dubai');
        expect((await t.call('GET', '/api/me')).json().shopTimeZone).toBe('Asia/Dubai');
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        expect((await t.app.inject({ url: '/api/me', headers: seller })).json().shopTimeZone).toBe('Asia/Dubai');

        // Another row made active takes over; one without a zone means the default.
        await t.call('POST', '/api/settings', { website: 'https://other.example.in' });
        expect((await t.call('GET', '/api/me')).json().shopTimeZone).toBe('Asia/Kolkata');
    });

    it('refuses a zone that is not on the list with a clear message', async () => {
        const t = await adminApp();
        const res = await t.call('POST', '/api/settings', { website: 'https://shop.example.in', timeZone: 'Mars/Olympus_Mons' });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ timeZone: 'Please choose the time zone from the list' });
    });
});

// The server's days follow the setting too: a coupon's validity, the coupons' state and the order
// list's day filters. At 21:00 UTC on 26 November it is already the 27th in India and still the 26th in London.
describe("the server's days follow the shop's zone", () => {
    const evening = Date.parse('2026-11-26T21:00:00.000Z');
    beforeEach(() => {
        vi.useFakeTimers({ now: evening, toFake: ['Date'] });
    });
    afterEach(() => {
        vi.useRealTimers();
    });
    const london = (call: OrderShop['admin']) => call('POST', '/api/settings', { website: 'https://shop.example.in', timeZone: 'Europe/London' });

    it("a coupon from the 27th is valid in India's evening, and not yet when the shop keeps London's time", async () => {
        const shop = await orderShop();
        const made = await shop.admin('POST', '/api/createCoupon', {
            heading: 'From the 27th',
            couponCode: 'FROM27',
            discountType: 'fixed',
            discountValue: '20',
            startDate: '2026-11-27',
            expiryDate: '2026-12-31',
        });
        expect(made.statusCode, made.body).toBe(201);
        const { id } = made.json().data;
        const state = async () => (await shop.admin('GET', `/api/coupons/${id}`)).json().state;
        const activeCodes = async () => (await shop.admin('GET', '/api/coupons?state=active&perPage=50')).json().map((c: { couponCode: string }) => c.couponCode);

        expect(await state()).toBe('active');
        expect(await activeCodes()).toContain('FROM27');
        const ordered = await shop.asha('POST', '/api/orders', { ...basket, couponCode: 'FROM27' });
        expect(ordered.statusCode, ordered.body).toBe(201);

        expect((await london(shop.admin)).statusCode).toBe(201);
        expect(await state()).toBe('scheduled');
        expect(await activeCodes()).not.toContain('FROM27');
        const refused = await shop.asha('POST', '/api/orders', { ...basket, couponCode: 'FROM27' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe('This coupon can be used from 2026-11-27');
    });

    it("the order list's days begin at the shop's midnight", async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha);
        const ids = async (query: string) => (await shop.admin('GET', `/api/orderr?page=1&perPage=30&${query}`)).json().orders.map((o: { id: number }) => o.id);

        // 21:00 UTC is 02:30 on the 27th in India.
        expect(await ids('createdFrom=2026-11-27')).toEqual([order.id]);
        expect(await ids('createdTo=2026-11-26')).toEqual([]);

        await london(shop.admin);
        expect(await ids('createdFrom=2026-11-27')).toEqual([]);
        expect(await ids('createdTo=2026-11-26')).toEqual([order.id]);
        expect((await shop.admin('GET', '/api/dashboard/stats')).json().todayOrders).toBe(1);
    });
});

describe('dayStart', () => {
    it("is the UTC instant of the zone's midnight, with the zone's offset on that day", () => {
        expect(dayStart('2026-11-27')).toBe('2026-11-26T18:30:00.000Z');
        expect(dayStart('2026-01-15', 'Europe/London')).toBe('2026-01-15T00:00:00.000Z');
        expect(dayStart('2026-07-15', 'Europe/London')).toBe('2026-07-14T23:00:00.000Z');
        expect(dayStart('2026-03-30', 'Europe/London')).toBe('2026-03-29T23:00:00.000Z'); // the day after the clocks went forward
        expect(dayStart('2026-11-27', 'Asia/Kathmandu')).toBe('2026-11-26T18:15:00.000Z');
        expect(dayStart('2026-11-27', 'America/New_York')).toBe('2026-11-27T05:00:00.000Z');
        expect(shopToday(new Date('2026-11-26T21:00:00Z'), 'Australia/Sydney')).toBe('2026-11-27');
    });
});
