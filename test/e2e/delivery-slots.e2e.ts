import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, shopToday } from '../../schema/dates';
import { longDay } from '../../server/features/deliverySlots/slotCalendar';
import { ADMIN, codeFromOutbox, SHOTS, shot, startHarness, type Harness } from './harness';
import { expectNotification, settled, signInThroughUi } from './support';

const tomorrow = () => addDays(shopToday(new Date(), 'Asia/Kolkata'), 1);
const shopDay = (day: string) => day.replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$3/$2/$1');

/** Clicks what downloads a PDF and answers its text as pdftotext reads it. */
async function downloadedText(page: Page, click: () => Promise<void>, name: string) {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const file = path.join(SHOTS, `${name}.pdf`);
    await download.saveAs(file);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('delivery slots, from the slot form to packing the next slot, in Chromium', () => {
    let h: Harness;
    let admin: string;
    const placed: number[] = [];
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    const api = (token: string | undefined, method: 'POST' | 'GET', url: string, payload?: Record<string, unknown>) =>
        h.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
    const signedIn = async (email: string) => {
        await api(undefined, 'POST', '/api/user_login', { email });
        return (await api(undefined, 'POST', '/api/userverify-otp', { email, otp: await codeFromOutbox(h.config, email) })).json().token as string;
    };

    it('an administrator adds two slots with the generated form', async () => {
        admin = await signedIn(ADMIN);
        for (const [url, body] of [
            ['/api/categories', { name: 'Staples', description: 'Atta, rice and dal' }],
            ['/api/subcategories', { categoryId: 1, name: 'Rice' }],
            ['/api/attribute', { name: 'Weight', value: '5 kg' }],
            ['/api/gst', { type: 'IGST', description: '5% slab', percent: 5 }],
            ['/api/products', { name: 'Sona Masoori Rice 5 kg', description: 'Aged', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '420.00' }],
            ['/api/pincode', { pincode: '560038', prize: '30', state: 'Karnataka' }],
        ] as const) {
            const res = await api(admin, 'POST', url, body);
            expect(res.statusCode, res.body).toBe(201);
        }
        const page = h.page;
        await page.goto(`${h.baseUrl}/`);
        await signInThroughUi(h, page, ADMIN);
        for (const [name, start, end, capacity] of [
            ['Evening', '18:00', '20:00', '3'],
            ['Morning', '07:00', '09:00', '10'],
        ]) {
            await page.goto(`${h.baseUrl}/deliverySlots/create`);
            await page.getByLabel('Name').fill(name);
            await page.getByLabel('Starts (HH:MM)').fill(start);
            await page.getByLabel('Ends (HH:MM)').fill(end);
            await page.getByLabel('Orders per slot').fill(capacity);
            await page.getByLabel('Cut-off (minutes before start)').fill('0');
            await page.getByRole('button', { name: 'Save' }).click();
            await expectNotification(page, 'Delivery slot added successfully');
        }
        await page.goto(`${h.baseUrl}/deliverySlots`);
        await settled(page);
        await page.getByRole('row', { name: /Evening.*18:00.*20:00.*3/ }).waitFor();
        await shot(page, 'slots-1-list');
    });

    it('fills the evening slot to capacity with concurrent orders: 3 placed, 5 told it is full', async () => {
        const customers = await Promise.all(
            ['asha', 'ravi', 'meera', 'kabir'].map(async (name) => {
                const email = `${name}@example.com`;
                await api(undefined, 'POST', '/api/user_register', { name: `${name[0].toUpperCase()}${name.slice(1)} Rao`, email, contact_no: '9845012345', address: '7 Indiranagar, Bengaluru', pincode: '560038', password: 'secret-pass' });
                return signedIn(email);
            }),
        );
        const order = { items: [{ productId: 1, quantity: 1 }], pincode: '560038', paymentMethod: 'cod', slotId: 1, slotDate: tomorrow() };
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => api(customers[i % 4], 'POST', '/api/orders', order)));
        const codes = answers.map((res) => res.statusCode);
        expect(codes.filter((code) => code === 201)).toHaveLength(3);
        expect(codes.filter((code) => code === 409)).toHaveLength(5);
        expect(answers.find((res) => res.statusCode === 409)!.json().message).toMatch(/18:00–20:00 \(Evening\) is full; please choose another$/);
        placed.push(...answers.filter((res) => res.statusCode === 201).map((res) => res.json().data.id as number));
        const open = (await api(customers[0], 'GET', '/api/delivery-slots/available')).json().slots as Array<{ name: string; slotDate: string }>;
        expect(open.some((slot) => slot.name === 'Evening' && slot.slotDate === tomorrow())).toBe(false);
    });

    it('shows the slot on the list and the order page, and staff move an order to the morning slot', async () => {
        const page = h.page;
        await page.goto(`${h.baseUrl}/orders`);
        await settled(page);
        await expect.poll(() => page.getByRole('row', { name: new RegExp(`${shopDay(tomorrow())} · Evening \\(18:00–20:00\\)`) }).count()).toBe(3);
        await shot(page, 'slots-2-order-list');

        const [moved] = placed;
        await page.goto(`${h.baseUrl}/orders/${moved}/show`);
        await page.getByRole('heading', { name: `Order #${moved}`, level: 1 }).waitFor();
        await page.getByText(`Delivery slot: ${shopDay(tomorrow())} · Evening (18:00–20:00)`).waitFor();
        await page.getByRole('button', { name: 'Change slot' }).click();
        const dialog = page.getByRole('dialog', { name: `Delivery slot of order #${moved}` });
        // Tomorrow's evening is full (and this order's own): not offered; tomorrow's morning is, with its places left.
        const morning = dialog.getByRole('radio', { name: `${longDay(tomorrow())}, 07:00–09:00 (Morning) · 10 places left` });
        await morning.waitFor();
        expect(await dialog.getByRole('radio', { name: `${longDay(tomorrow())}, 18:00–20:00 (Evening)`, exact: false }).count()).toBe(0);
        expect(await dialog.getByRole('radio', { name: /18:00–20:00 \(Evening\) · 3 places left/ }).count()).toBeGreaterThanOrEqual(5);
        await shot(page, 'slots-3-change-dialog');
        await morning.check();
        await dialog.getByRole('button', { name: 'Move to this slot' }).click();
        await expectNotification(page, `Order ${moved} has a new delivery slot; the customer is told by mail`);
        await page.getByText(/Delivery slot: \d\d\/\d\d\/\d{4} · Morning \(07:00–09:00\)/).waitFor();
        await page.getByText(/^Delivery slot changed from .*Evening.* to .*Morning/).waitFor();

        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByRole('button', { name: 'Change slot' }).waitFor();
        await shot(page, 'slots-4-order-phone');
        await page.setViewportSize({ width: 1366, height: 860 });

        await h.app.mailer.flush();
        const outbox = path.join(h.config.dataDir, 'outbox');
        const mails = fs.readdirSync(outbox).map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { subject: string; text: string });
        const told = mails.find((mail) => mail.subject.startsWith(`Your order #${moved} has a new delivery slot`));
        expect(told?.text).toMatch(/We will now deliver it on \w+day \d+ \w+ \d{4}, 07:00–09:00 \(Morning\)\./);
        // The evening has a place again.
        const open = (await api(admin, 'GET', '/api/delivery-slots/available')).json().slots as Array<{ name: string; slotDate: string; remaining: number }>;
        expect(open.find((slot) => slot.name === 'Evening' && slot.slotDate === tomorrow())?.remaining).toBe(1);
    });

    it('packs for the next slot: one PDF with the slips of its orders', async () => {
        const page = h.page;
        await page.goto(`${h.baseUrl}/orders`);
        await settled(page);
        const text = await downloadedText(page, () => page.getByRole('button', { name: 'Pack for next slot' }).click(), 'slots-5-pack-next');
        // Tomorrow's morning comes first: the moved order alone; the evening's two are not in it.
        const [moved, ...evening] = placed;
        expect(text).toContain(`#${moved}`);
        for (const id of evening) expect(text).not.toContain(`#${id}`);
        await expectNotification(page, 'Packing slips of 1 order for');
    });
});
