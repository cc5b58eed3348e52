import { describe, expect, it } from 'vitest';
import { financialYear, formatInvoiceNumber } from '../../server/features/orders/invoiceNumber';
import { splitTax } from '../../server/features/invoices/taxInvoice';
import { shopDateTime } from '../../server/features/invoices/pdfDocument';
import { gstinCheckCharacter, gstinProblem } from '../../schema/gstin';
import { basket, deliver, orderShop, placed, type OrderShop } from './orderShop';
import { pdfText } from './pdfText';
import { seedAtStart } from '../../server/seed/startup';
import { awaitingInvoice } from '../../server/features/orders/invoiceBackfill';
import { sql } from 'kysely';
import { databaseUrl } from './helpers';

// GST tax invoices and packing slips: numbered without gaps per financial year, made when an order is paid,
// with figures that add up to the order's total, as PDFs of real text (read back with poppler's pdftotext).

const cod = (body: Record<string, unknown> = basket) => ({ ...body, paymentMethod: 'cod' });

const shopSettings = {
    website: 'https://freshbasket.test',
    legalName: 'Fresh Basket Retail Pvt Ltd',
    gstin: '29AAACF1234A1Z5',
    state: 'Karnataka',
    address: '12 MG Road, Bengaluru',
    contact: '9876543210',
    email: 'accounts@freshbasket.test',
};

/** The shop's GSTIN, with its check character. */
const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;

async function withSettings(shop: OrderShop) {
    const gstin = GSTIN;
    const made = await shop.admin('POST', '/api/settings', { ...shopSettings, gstin });
    expect(made.statusCode, made.body).toBe(201);
    return gstin;
}

describe('GSTIN and the numbers', () => {
    it("checks a GSTIN's shape, its check character and its state", () => {
        expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
        expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
        expect(gstinProblem('27aapfu0939f1zv')).toBeUndefined();
        expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/does not match the other 14/);
        expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/^Please enter the GSTIN as 15 characters/);
        expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toMatch(/registered in Maharashtra \(it starts with 27\), but the shop's state is Karnataka/);
    });

    it('numbers within the Indian financial year, April to March, by India time', () => {
        expect(financialYear('2026-03-31T18:29:59.000Z')).toBe('2025-26');
        expect(financialYear('2026-03-31T18:30:00.000Z')).toBe('2026-27');
        expect(formatInvoiceNumber('INV', '2026-27', 123)).toBe('INV/26-27/000123');
        expect(splitTax(7, true)).toEqual({ cgst: 4, sgst: 3, igst: 0 });
        expect(splitTax(7, false)).toEqual({ cgst: 0, sgst: 0, igst: 7 });
    });

    it('refuses a wrong GSTIN in the settings with the reason on the field', async () => {
        const shop = await orderShop();
        const wrongCheck = gstinCheckCharacter('29AAACF1234A1Z') === '0' ? '1' : '0';
        const wrong = await shop.admin('POST', '/api/settings', { ...shopSettings, gstin: `29AAACF1234A1Z${wrongCheck}` });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().errors.gstin).toMatch(/does not match the other 14/);
        const elsewhere = await shop.admin('POST', '/api/settings', { ...shopSettings, gstin: '27AAPFU0939F1ZV' });
        expect(elsewhere.json().errors.gstin).toMatch(/registered in Maharashtra/);
        expect((await shop.admin('POST', '/api/settings', { ...shopSettings, gstin: '27AAPFU0939F1Z' })).json().errors.gstin).toMatch(/15 characters/);
    });
});

describe('tax invoices', () => {
    it('are given when an order is paid or, cash on delivery, delivered; in sequence with no gap, even when many are delivered at once', async () => {
        const shop = await orderShop();
        await withSettings(shop);
        const orders = [];
        for (let i = 0; i < 12; i++) orders.push(await placed(i % 2 ? shop.asha : shop.ravi, cod()));
        const early = await shop.ravi('GET', `/api/orderr/${orders[0].id}/invoice`);
        expect(early.statusCode).toBe(409);
        expect(early.json().message).toMatch(/no tax invoice yet/);
        for (const order of orders) {
            for (const status of ['packed', 'out_for_delivery']) await shop.admin('POST', `/api/orderr/${order.id}/status`, { status });
        }
        const answers = await Promise.all(orders.map((order) => shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'delivered' })));
        expect(answers.map((answer) => answer.statusCode)).toEqual(orders.map(() => 200));
        const numbers = answers.map((answer) => answer.json().data.invoiceNumber as string).sort();
        const year = financialYear(new Date());
        expect(numbers).toEqual(orders.map((_, i) => formatInvoiceNumber('INV', year, i + 1)));
        // Refunding keeps the number: it is never given again.
        await shop.admin('POST', `/api/orderr/${orders[0].id}/status`, { status: 'refunded' });
        const next = await placed(shop.asha, cod());
        await deliver(shop, next.id);
        expect((await shop.admin('GET', `/api/orderr/${next.id}`)).json().invoiceNumber).toBe(formatInvoiceNumber('INV', year, 13));
    });

    it('adds up to the order to the paisa, CGST + SGST within the state, IGST across, the HSN beside each line', async () => {
        const shop = await orderShop();
        const gstin = await withSettings(shop);
        await shop.admin('POST', '/api/products/1', { hsn: '0808' });
        await shop.admin('POST', '/api/pincode', { pincode: '400001', prize: '60', state: 'Maharashtra' });
        await shop.admin('POST', '/api/pincode/1', { state: 'Karnataka' });

        const local = await placed(shop.asha, cod({ ...basket, couponCode: 'FLAT50' }));
        await deliver(shop, local.id);
        const pdf = await shop.asha('GET', `/api/orderr/${local.id}/invoice`);
        expect(pdf.statusCode, pdf.body).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const text = pdfText(pdf.rawPayload);
        expect(text).toContain('TAX INVOICE');
        expect(text).toContain('Fresh Basket Retail Pvt Ltd');
        expect(text).toContain(`GSTIN: ${gstin}`);
        expect(text).toMatch(/Invoice number\s+INV\/\d\d-\d\d\/000001/);
        expect(text).toContain('Asha Sharma');
        expect(text).toMatch(/Place of supply\s+Karnataka \(29\)/);
        // The coupon's ₹50 is shared by value (567.00 : 549.99), the odd paisa to the larger line, and taken out of
        // each line's value before its tax: 3 × ₹189.00 less 25.39 = 541.61 at 5 %, 25.79 GST, 12.90 + 12.89.
        expect(text).toMatch(/1\s+Shimla Apples 1 kg\s+0808\s+3 NOS\s+189\.00\s+-25\.39\s+515\.82\s+5%\s+12\.90\s+12\.89\s+541\.61/);
        // 1 × ₹549.99 less 24.61 = 525.38 at 18 %: 80.14 GST, 40.07 + 40.07.
        expect(text).toMatch(/2\s+Desi Ghee 1 L\s+—\s+1 NOS\s+549\.99\s+-24\.61\s+445\.24\s+18%\s+40\.07\s+40\.07\s+525\.38/);
        expect(text).toMatch(/Coupon FLAT50\s+-50\.00/);
        expect(text).toMatch(/Delivery charge\s+25\.50/);
        expect(text).toMatch(/Total \(₹\)\s+1,092\.49/);
        expect(local.totalPrice).toBe(1092.49);

        const away = await placed(shop.ravi, cod({ ...basket, pincode: '400001' }));
        await deliver(shop, away.id);
        const awayText = pdfText((await shop.admin('GET', `/api/orderr/${away.id}/invoice`)).rawPayload);
        expect(awayText).toMatch(/Place of supply\s+Maharashtra/);
        expect(awayText).toMatch(/IGST/);
        expect(awayText).not.toMatch(/CGST/);
        expect(awayText).toMatch(/Desi Ghee 1 L\s+—\s+1 NOS\s+549\.99\s+466\.09\s+18%\s+83\.90\s+549\.99/);
        expect(awayText).toMatch(/Total \(₹\)\s+1,176\.99/);
    });

    it('keeps the seller as it was: a later change of the settings leaves an issued invoice alone', async () => {
        const shop = await orderShop();
        await withSettings(shop);
        const order = await placed(shop.asha, cod());
        await deliver(shop, order.id);
        await shop.admin('POST', '/api/settings/1', { legalName: 'New Name Traders' });
        expect(pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload)).toContain('Fresh Basket Retail Pvt Ltd');
    });

    it("is the order's customer's and staff's only; a stranger gets 404 and no one signed out gets in", async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha, cod());
        await deliver(shop, order.id);
        expect((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).statusCode).toBe(200);
        expect((await shop.seller('GET', `/api/orderr/${order.id}/invoice`)).statusCode).toBe(200);
        expect((await shop.ravi('GET', `/api/orderr/${order.id}/invoice`)).statusCode).toBe(404);
        expect((await shop.anonymous('GET', `/api/orderr/${order.id}/invoice`)).statusCode).toBe(401);
        expect((await shop.admin('GET', '/api/orderr/999/invoice')).statusCode).toBe(404);
    });

    it('renders Hindi names as real text', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products/1', { name: 'आटा 5 किलो' });
        const order = await placed(shop.asha, cod());
        await deliver(shop, order.id);
        const text = pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload);
        expect(text).toMatch(/आटा 5/);
    });
});

describe('packing slips', () => {
    it('write the hour after midnight as 00, whatever the hour now', () => {
        // Intl's `hour12: false` gave "24:02" for two minutes past midnight (CI found it at that hour).
        expect(shopDateTime('2026-11-26T18:32:00.000Z', 'Asia/Kolkata')).toBe('27 Nov 2026, 00:02 IST');
        expect(shopDateTime('2026-11-26T00:00:00.000Z', 'UTC')).toBe('26 Nov 2026, 00:00 UTC');
    });

    it("print the order's times on the shop's clock, with the zone's name", async () => {
        const shop = await orderShop();
        await withSettings(shop);
        const order = await placed(shop.asha, cod());
        await deliver(shop, order.id);
        const { createdAt } = (await shop.admin('GET', `/api/orderr/${order.id}`)).json() as { createdAt: string };
        // The wall-clock time at a fixed offset from UTC, worked out apart from Intl: India is +5:30, Dubai +4:00.
        const at = (minutes: number) => new Date(Date.parse(createdAt) + minutes * 60_000).toISOString().slice(11, 16);
        const india = `${at(330)} IST`;
        expect(pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload)).toContain(india);
        expect(pdfText((await shop.admin('GET', `/api/orderr/${order.id}/packing-slip`)).rawPayload)).toContain(india);

        const moved = await shop.admin('POST', '/api/settings', { ...shopSettings, gstin: GSTIN, timeZone: 'Asia/Dubai' });
        expect(moved.statusCode, moved.body).toBe(201);
        const dubai = new RegExp(`${at(240)} (GST|GMT\\+4)`);
        expect(pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload)).toMatch(dubai);
        expect(pdfText((await shop.admin('GET', `/api/orderr/${order.id}/packing-slip`)).rawPayload)).toMatch(dubai);
    });

    it('give the lines, quantities and address without prices, one order a page; staff only', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products/2', { sku: 'GHEE-1L', barcode: '8901234567890' });
        const first = await placed(shop.asha, { ...basket, address: '4 Lake View, Indiranagar' });
        const second = await placed(shop.ravi, cod({ items: [{ productId: 3, quantity: 7 }], pincode: '560034' }));
        const one = await shop.seller('GET', `/api/orderr/${first.id}/packing-slip`);
        expect(one.statusCode).toBe(200);
        const text = pdfText(one.rawPayload);
        expect(text).toContain('PACKING SLIP');
        expect(text).toContain('4 Lake View, Indiranagar');
        expect(text).toMatch(/Shimla Apples 1 kg\s+—\s+3/);
        expect(text).toMatch(/Desi Ghee 1 L\s+GHEE-1L \/ 8901234567890\s+1/);
        expect(text).not.toMatch(/189|549/);

        const both = await shop.admin('GET', `/api/orderr/packing-slips?ids=${second.id},${first.id}`);
        expect(both.statusCode).toBe(200);
        const pages = pdfText(both.rawPayload).split('\f').filter((page) => page.trim());
        expect(pages).toHaveLength(2);
        expect(pages[0]).toMatch(new RegExp(`Order #${second.id}`));
        expect(pages[0]).toMatch(/Candy\s+—\s+7/);
        expect(pages[1]).toMatch(new RegExp(`Order #${first.id}`));

        expect((await shop.asha('GET', `/api/orderr/${first.id}/packing-slip`)).statusCode).toBe(403);
        expect((await shop.admin('GET', '/api/orderr/packing-slips?ids=1,999')).json().message).toBe('No order #999');
        for (const ids of ['', 'x', '1,,2', '0', '99999999999', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
            const bad = await shop.admin('GET', `/api/orderr/packing-slips?ids=${ids}`);
            expect(bad.statusCode, ids).toBe(400);
        }
    });
});

describe('orders paid before the shop had tax invoices', () => {
    it('get theirs at the next start, numbered in the order they were paid, once', async () => {
        const shop = await orderShop();
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) ids.push((await placed(shop.asha, cod())).id);
        for (const id of [ids[2], ids[0]]) await deliver(shop, id);
        // As a release without invoices left them: paid, no number, no counter.
        await shop.app.db.updateTable('orders').set({ invoiceNumber: null, invoicedAt: null, invoiceSeller: null }).execute();
        await shop.app.db.deleteFrom('invoiceCounters').execute();
        expect((await shop.asha('GET', `/api/orderr/${ids[2]}/invoice`)).statusCode).toBe(409);

        await seedAtStart(shop.app);
        const year = financialYear(new Date());
        const numbers = async () => Promise.all(ids.map(async (id) => (await shop.admin('GET', `/api/orderr/${id}`)).json().invoiceNumber));
        // Delivered (so paid, cash on delivery) third, then first: numbered in that order; the one still placed has none.
        expect(await numbers()).toEqual([formatInvoiceNumber('INV', year, 2), null, formatInvoiceNumber('INV', year, 1)]);
        const pdf = await shop.asha('GET', `/api/orderr/${ids[2]}/invoice`);
        expect(pdf.statusCode).toBe(200);
        expect(pdfText(pdf.rawPayload)).toContain(formatInvoiceNumber('INV', year, 1));

        await seedAtStart(shop.app);
        expect(await numbers()).toEqual([formatInvoiceNumber('INV', year, 2), null, formatInvoiceNumber('INV', year, 1)]);
    });

    it('are looked for at every start through an index, never a scan of every order', async () => {
        const shop = await orderShop();
        const { sql: text, parameters } = awaitingInvoice(shop.app.db).compile();
        const plan = await shop.app.db.transaction().execute(async (trx) => {
            // PostgreSQL would scan so small a table: told not to, it shows whether the index can answer at all.
            if (databaseUrl) await sql`set local enable_seqscan = off`.execute(trx);
            const explained = await sql.raw(`${databaseUrl ? 'explain' : 'explain query plan'} ${text}`).execute(trx);
            return JSON.stringify(explained.rows);
        });
        expect(parameters).toEqual([]);
        // The unique index on the invoice number holds the orders without one: those not yet paid, and these.
        expect(plan, plan).toContain('orders_invoice_number_unique');
        expect(plan, plan).not.toMatch(/SCAN orders\b|Seq Scan/);
    });
});
