import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, shopToday } from '../../schema/dates';
import { SHOP_TIME_ZONE } from '../../schema/timeZones';
import { orderShop, type OrderShop } from './orderShop';
import { pdfText } from './pdfText';

// Delivery slots: weekly templates, the days an order can still take, places taken atomically under concurrent
// orders, a cancelled order's place given back, staff moving an order (and the customer's mail), the next slot's
// packing slips in one PDF.

const today = () => shopToday(new Date(), SHOP_TIME_ZONE);
const tomorrow = () => addDays(today(), 1);
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const weekdayOf = (day: string) => DAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

/** A slot every day unless told otherwise; the whole day, so tomorrow's is always before its cut-off. */
async function slot(shop: OrderShop, fields: Record<string, unknown> = {}) {
    const res = await shop.admin('POST', '/api/delivery-slots', { name: 'All day', startTime: '00:00', endTime: '23:59', capacity: 5, cutoffMinutes: 0, ...fields });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data.id as number;
}

const cod = (slotId: number, slotDate: string, extra: Record<string, unknown> = {}) => ({
    items: [{ productId: 1, quantity: 1 }],
    pincode: '560034',
    paymentMethod: 'cod',
    slotId,
    slotDate,
    ...extra,
});

/** The mails the app sent, as its outbox (no mail server in tests) keeps them. */
const sent = (shop: OrderShop) => {
    const outbox = path.join(shop.config.dataDir, 'outbox');
    return fs.readdirSync(outbox).map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { to: unknown; subject: string; text: string });
};

const taken = async (shop: OrderShop, slotId: number, slotDate: string) =>
    (await shop.app.db.selectFrom('slotBookings').select('taken').where('slotId', '=', slotId).where('slotDate', '=', slotDate).executeTakeFirst())?.taken ?? 0;

describe('delivery slots', () => {
    it('lists the next 7 days of slots with room and before their cut-off, with the places left', async () => {
        const shop = await orderShop();
        const allDay = await slot(shop, { capacity: 3 });
        // Closes a week before it starts: never open within the next 7 days.
        await slot(shop, { name: 'Far cut-off', cutoffMinutes: 10_080 });
        await slot(shop, { name: 'Not tomorrow', [weekdayOf(tomorrow())]: false });
        await slot(shop, { name: 'Paused' }).then((id) => shop.admin('POST', `/api/delivery-slots/${id}/toggle`, { status: 0 }));

        const res = await shop.asha('GET', '/api/delivery-slots/available?pincode=560034');
        expect(res.statusCode).toBe(200);
        const slots = res.json().slots as Array<{ slotId: number; slotDate: string; name: string; remaining: number; label: string; closesAt: string }>;
        const names = new Set(slots.map((s) => s.name));
        expect(names).toEqual(new Set(['All day', 'Not tomorrow']));
        // Today's all-day slot began at midnight: its cut-off (0 minutes) has passed. The next six days are open.
        const days = slots.filter((s) => s.slotId === allDay).map((s) => s.slotDate);
        expect(days).toEqual([1, 2, 3, 4, 5, 6].map((n) => addDays(today(), n)));
        expect(slots.some((s) => s.name === 'Not tomorrow' && s.slotDate === tomorrow())).toBe(false);
        expect(slots.every((s) => Date.parse(s.closesAt) > Date.now())).toBe(true);
        expect(slots.find((s) => s.slotId === allDay)).toMatchObject({ remaining: 3, label: expect.stringContaining('00:00–23:59 (All day)') });

        await shop.asha('POST', '/api/orders', cod(allDay, tomorrow()));
        const after = (await shop.asha('GET', '/api/delivery-slots/available')).json().slots as typeof slots;
        expect(after.find((s) => s.slotId === allDay && s.slotDate === tomorrow())?.remaining).toBe(2);

        const nowhere = await shop.asha('GET', '/api/delivery-slots/available?pincode=110001');
        expect(nowhere.statusCode).toBe(400);
        expect(nowhere.json().message).toBe('We do not deliver to this pincode yet');
        expect((await shop.anonymous('GET', '/api/delivery-slots/available')).statusCode).toBe(401);
    });

    it('refuses a slot past its cut-off, not running that day, too far ahead or half chosen, with a clear message', async () => {
        const shop = await orderShop();
        const far = await slot(shop, { name: 'Evening', startTime: '18:00', endTime: '20:00', cutoffMinutes: 10_080 });
        const notTomorrow = await slot(shop, { name: 'Weekly', [weekdayOf(tomorrow())]: false });
        const open = await slot(shop);

        const late = await shop.asha('POST', '/api/orders', cod(far, tomorrow()));
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toMatch(/^The slot .*18:00–20:00 \(Evening\) stopped taking orders at 18:00; please choose another$/);
        const notRunning = await shop.asha('POST', '/api/orders', cod(notTomorrow, tomorrow()));
        expect(notRunning.statusCode).toBe(400);
        expect(notRunning.json().message).toMatch(/^The Weekly slot does not run on /);
        const ahead = await shop.asha('POST', '/api/orders', cod(open, addDays(today(), 7)));
        expect(ahead.statusCode).toBe(400);
        expect(ahead.json().message).toMatch(/^Delivery slots can be booked from /);
        const half = await shop.asha('POST', '/api/orders', { ...cod(open, tomorrow()), slotDate: undefined });
        expect(half.statusCode).toBe(400);
        expect(half.json().message).toContain('Please choose the day of the delivery slot');
        const badDay = await shop.asha('POST', '/api/orders', cod(open, '2026-02-30'));
        expect(badDay.statusCode).toBe(400);
        expect(badDay.json().message).toContain('The slot day must be a date, YYYY-MM-DD');
        const unknown = await shop.asha('POST', '/api/orders', cod(999, tomorrow()));
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().message).toBe('Please choose one of the delivery slots on offer');
        // None of them placed an order or took stock.
        expect(await shop.app.db.selectFrom('orders').select('id').execute()).toEqual([]);
        expect(await taken(shop, open, tomorrow())).toBe(0);
    });

    it('checks a slot template: the end after the start, times as HH:MM, a used slot deactivated rather than deleted', async () => {
        const shop = await orderShop();
        const backwards = await shop.admin('POST', '/api/delivery-slots', { name: 'Odd', startTime: '20:00', endTime: '18:00', capacity: 5, cutoffMinutes: 0 });
        expect(backwards.statusCode).toBe(400);
        expect(backwards.json().errors.endTime).toBe('The end time must be after the start time');
        const badTime = await shop.admin('POST', '/api/delivery-slots', { name: 'Odd', startTime: '6pm', endTime: '25:00', capacity: 0, cutoffMinutes: 0 });
        expect(badTime.statusCode).toBe(400);
        expect(badTime.json().errors).toMatchObject({
            startTime: 'Please enter the start time as HH:MM (24-hour, e.g. 18:00)',
            endTime: 'Please enter the end time as HH:MM (24-hour, e.g. 18:00)',
            capacity: 'Please enter how many orders the slot takes, from 1 to 10000',
        });
        expect((await shop.seller('POST', '/api/delivery-slots', { name: 'Mine', startTime: '08:00', endTime: '10:00', capacity: 5, cutoffMinutes: 0 })).statusCode).toBe(403);

        const used = await slot(shop);
        await shop.asha('POST', '/api/orders', cod(used, tomorrow()));
        const removed = await shop.admin('DELETE', `/api/delivery-slots/${used}`);
        expect(removed.statusCode).toBe(409);
        expect(removed.json().message).toBe('This delivery slot is booked by 1 order; deactivate it instead');
        const unused = await slot(shop, { name: 'Unused' });
        expect((await shop.admin('DELETE', `/api/delivery-slots/${unused}`)).statusCode).toBe(200);
    });

    it('answers bad input to the slot calls with a 4xx that says why', async () => {
        const shop = await orderShop();
        const id = await slot(shop);
        const order = (await shop.asha('POST', '/api/orders', cod(id, tomorrow()))).json().data.id as number;
        const cases: Array<[string, string, Record<string, unknown> | undefined, number, string]> = [
            ['POST', `/api/orderr/${order}/slot`, { slotId: 'evening', slotDate: tomorrow() }, 400, 'Please choose one of the delivery slots on offer'],
            ['POST', `/api/orderr/${order}/slot`, { slotId: 99_999_999_999, slotDate: tomorrow() }, 400, 'Please choose one of the delivery slots on offer'],
            ['POST', `/api/orderr/${order}/slot`, { slotId: id }, 400, 'The slot day must be a date, YYYY-MM-DD'],
            ['POST', `/api/orderr/${order}/slot`, { slotId: 999, slotDate: tomorrow() }, 400, 'Please choose one of the delivery slots on offer'],
            ['POST', '/api/orderr/999/slot', { slotId: id, slotDate: tomorrow() }, 404, 'Order not found'],
            ['GET', '/api/delivery-slots/available?pincode=12ab', undefined, 400, 'Please enter a valid 6-digit pincode!'],
            ['POST', '/api/orders', { ...cod(id, tomorrow()), slotId: null }, 400, 'Please choose one of the delivery slots on offer'],
            ['POST', '/api/delivery-slots', { name: 'all day ', startTime: '01:00', endTime: '02:00', capacity: 1, cutoffMinutes: 0 }, 409, 'A delivery slot with this name already exists'],
        ];
        for (const [method, url, body, status, message] of cases) {
            const res = await shop.admin(method as 'GET' | 'POST', url, body);
            expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
            expect(res.json().message, url).toContain(message);
        }
        expect(await taken(shop, id, tomorrow())).toBe(1);
    });

    it('never overfills a slot: of 20 concurrent orders for 5 places, exactly 5 are placed and 15 told it is full', async () => {
        const shop = await orderShop();
        const id = await slot(shop, { name: 'Evening', startTime: '18:00', endTime: '20:00', capacity: 5 });
        const day = tomorrow();
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? shop.asha : shop.ravi)('POST', '/api/orders', cod(id, day))));
        const codes = answers.map((res) => res.statusCode);
        expect(codes.filter((code) => code === 201)).toHaveLength(5);
        expect(codes.filter((code) => code === 409)).toHaveLength(15);
        for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().message).toMatch(/^The slot .*18:00–20:00 \(Evening\) is full; please choose another$/);
        expect(await taken(shop, id, day)).toBe(5);
        const booked = await shop.app.db.selectFrom('orders').select('id').where('slotId', '=', id).where('slotDate', '=', day).execute();
        expect(booked).toHaveLength(5);
        const open = (await shop.asha('GET', '/api/delivery-slots/available')).json().slots as Array<{ slotId: number; slotDate: string }>;
        expect(open.some((s) => s.slotId === id && s.slotDate === day)).toBe(false);
    });

    it('gives a cancelled order its place back', async () => {
        const shop = await orderShop();
        const id = await slot(shop, { capacity: 1 });
        const day = tomorrow();
        const first = await shop.asha('POST', '/api/orders', cod(id, day));
        expect(first.statusCode).toBe(201);
        expect(first.json().data).toMatchObject({ slotId: id, slotDate: day });
        expect((await shop.ravi('POST', '/api/orders', cod(id, day))).statusCode).toBe(409);
        const cancelled = await shop.admin('POST', `/api/orderr/${first.json().data.id}/status`, { status: 'cancelled' });
        expect(cancelled.statusCode).toBe(200);
        expect(await taken(shop, id, day)).toBe(0);
        expect((await shop.ravi('POST', '/api/orders', cod(id, day))).statusCode).toBe(201);
        expect(await taken(shop, id, day)).toBe(1);
    });

    it('lets staff move an order to another slot, mails the customer the new one, and filters the list by slot', async () => {
        const shop = await orderShop();
        const morning = await slot(shop, { name: 'Morning', startTime: '08:00', endTime: '10:00', capacity: 2 });
        const evening = await slot(shop, { name: 'Evening', startTime: '18:00', endTime: '20:00', capacity: 1 });
        const day = tomorrow();
        const order = (await shop.asha('POST', '/api/orders', cod(morning, day))).json().data.id as number;
        const other = (await shop.ravi('POST', '/api/orders', cod(morning, day))).json().data.id as number;

        expect((await shop.asha('POST', `/api/orderr/${order}/slot`, { slotId: evening, slotDate: day })).statusCode).toBe(403);
        const moved = await shop.seller('POST', `/api/orderr/${order}/slot`, { slotId: evening, slotDate: day });
        expect(moved.statusCode).toBe(200);
        expect(moved.json().data).toMatchObject({ slotId: evening, slotDate: day });
        expect(moved.json().data.history.at(-1).note).toMatch(/^Delivery slot changed from .*08:00–10:00 \(Morning\) to .*18:00–20:00 \(Evening\)$/);
        expect(await taken(shop, morning, day)).toBe(1);
        expect(await taken(shop, evening, day)).toBe(1);

        const queued = await shop.app.db.selectFrom('mailQueue').selectAll().where('orderId', '=', order).where('kind', 'like', 'slot-%').execute();
        expect(queued.map((mail) => mail.toAddress)).toEqual(['asha@shop.test']);
        await shop.app.mailer.flush();
        const mail = sent(shop).find((m) => m.subject.startsWith(`Your order #${order} has a new delivery slot`));
        expect(JSON.stringify(mail?.to)).toContain('asha@shop.test');
        expect(mail?.text).toMatch(/We will now deliver it on \w+day \d+ \w+ \d{4}, 18:00–20:00 \(Evening\)\./);
        // The order's own mail, from when it was placed, said the slot it took then.
        const placed = sent(shop).find((m) => m.subject.startsWith(`We have your order #${order} `));
        expect(placed?.text).toMatch(/Delivery slot: \w+day \d+ \w+ \d{4}, 08:00–10:00 \(Morning\)\./);
        const activity = await shop.app.db.selectFrom('auditLog').selectAll().where('entity', '=', 'orders').where('record', '=', order).executeTakeFirstOrThrow();
        expect(JSON.parse(activity.changes!)).toMatchObject({ slotId: { before: morning, after: evening } });

        // The evening is full now: moving the other order there is refused and changes nothing.
        const full = await shop.admin('POST', `/api/orderr/${other}/slot`, { slotId: evening, slotDate: day });
        expect(full.statusCode).toBe(409);
        expect(full.json().message).toMatch(/is full; please choose another$/);
        expect((await shop.admin('GET', `/api/orderr/${other}`)).json()).toMatchObject({ slotId: morning, slotDate: day });
        expect(await taken(shop, morning, day)).toBe(1);
        const same = await shop.admin('POST', `/api/orderr/${other}/slot`, { slotId: morning, slotDate: day });
        expect(same.statusCode).toBe(400);
        expect(same.json().message).toBe('The order is already in this delivery slot');

        const list = await shop.admin('GET', `/api/orderr?slotId=${evening}&slotDate=${day}`);
        expect(list.json().orders.map((o: { id: number }) => o.id)).toEqual([order]);
        expect((await shop.admin('GET', `/api/orderr?slotDate=${day}`)).json().orders).toHaveLength(2);
        const later = (await shop.ravi('POST', '/api/orders', cod(morning, addDays(day, 1)))).json().data.id as number;
        const bySlotDay = await shop.admin('GET', `/api/orderr?slotId=${morning}&sort=slotDate&order=DESC&page=1&perPage=10`);
        expect(bySlotDay.json().orders.map((o: { id: number }) => o.id)).toEqual([later, other]);
        expect((await shop.admin('GET', '/api/orderr?slotDate=tomorrow')).statusCode).toBe(400);

        await shop.admin('POST', `/api/orderr/${order}/status`, { status: 'cancelled' });
        const late = await shop.admin('POST', `/api/orderr/${order}/slot`, { slotId: morning, slotDate: day });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe('An order that is cancelled keeps its delivery slot');
        expect(await taken(shop, evening, day)).toBe(0);
    });

    it("packs for the next slot: its orders waiting to be packed, their slips in one PDF", async () => {
        const shop = await orderShop();
        const early = await slot(shop, { name: 'Early', startTime: '07:00', endTime: '09:00' });
        const late = await slot(shop, { name: 'Late', startTime: '19:00', endTime: '21:00' });
        const day = tomorrow();
        expect((await shop.admin('GET', '/api/delivery-slots/next-to-pack')).json()).toEqual({ slot: null, orderIds: [] });
        const later = (await shop.asha('POST', '/api/orders', cod(late, day))).json().data.id as number;
        const first = (await shop.asha('POST', '/api/orders', cod(early, day))).json().data.id as number;
        const second = (await shop.ravi('POST', '/api/orders', cod(early, day, { items: [{ productId: 2, quantity: 2 }] }))).json().data.id as number;
        const packed = (await shop.ravi('POST', '/api/orders', cod(early, day))).json().data.id as number;
        await shop.admin('POST', `/api/orderr/${packed}/status`, { status: 'packed' });

        const next = await shop.seller('GET', '/api/delivery-slots/next-to-pack');
        expect(next.statusCode).toBe(200);
        expect(next.json()).toMatchObject({ slot: { slotId: early, slotDate: day, name: 'Early', taken: 3 }, orderIds: [first, second] });
        expect(later).toBeGreaterThan(0);

        const pdf = await shop.seller('GET', `/api/orderr/packing-slips?ids=${next.json().orderIds.join(',')}`);
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toContain('application/pdf');
        const text = pdfText(pdf.rawPayload);
        expect(text).toContain(`#${first}`);
        expect(text).toContain(`#${second}`);
        expect(text).not.toContain(`#${later}`);
        expect(text).toContain('Desi Ghee 1 L');
        expect(text).toContain('Asha Sharma');
        expect(text).toContain('Ravi Kumar');
        // Each slip says the slot, for the packer sorting bags and the rider.
        expect(text).toMatch(/Slot: \w+day \d+ \w+ \d{4}, 07:00–09:00 \(Early\)/);
        expect((await shop.asha('GET', '/api/delivery-slots/next-to-pack')).statusCode).toBe(403);
    });
});
