import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import { shareOpenDiscounts } from '../../server/db/migrations/2026-11-29-0800-line-discounts';
import { creditNotesOf } from '../../server/features/creditNotes/creditNote';
import { loadInvoice, type InvoiceLine, type TaxInvoice } from '../../server/features/invoices/taxInvoice';
import { includedTax, shareDiscount } from '../../server/features/orders/pricing';
import { indiaDate } from '../../server/features/orders/shopTime';
import type { Gstr1 } from '../../server/features/reports/gstr1';
import { basket, deliver, ok as okOf, orderShop, payOnline, placed } from './orderShop';
import { pdfText } from './pdfText';

// A coupon's discount shown on the invoice is not part of the goods' value: it is shared among the lines, and the
// invoice, its credit notes, GSTR-1 and the sales register all carry the discounted taxable value and tax, to the paisa.

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const BUYER_GSTIN = `29AABCR5678B1Z${gstinCheckCharacter('29AABCR5678B1Z')}`;
const paise = (rupees: number) => Math.round(rupees * 100);
type Answer = { message: string; data: Record<string, unknown>; orderId: string; razorpay_payment_id: string; razorpay_signature: string };

/** The shared `ok`, typed by default as the answers these tests read. */
const ok = <T = Answer>(...args: Parameters<typeof okOf>) => okOf<T>(...args);

async function shopWithTaxes() {
    const shop = await orderShop();
    await ok(shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' }), 201);
    await ok(shop.admin('POST', '/api/pincode', { pincode: '400001', prize: '60', state: 'Maharashtra' }), 201);
    for (const [id, hsn] of [[1, '0808'], [2, '0405']] as const) await ok(shop.admin('POST', `/api/products/${id}`, { hsn }));
    return shop;
}

type Sum = { taxable: number; cgst: number; sgst: number; igst: number; value: number };
const zero = (): Sum => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, value: 0 });
/** Lines summed by rate (hundredths of a percent), `sign` −1 for a credit note's. */
function byRate(lines: Pick<InvoiceLine, 'gstPercent' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal'>[], into = new Map<number, Sum>(), sign = 1) {
    for (const line of lines) {
        const sum = into.get(line.gstPercent) ?? zero();
        sum.taxable += sign * line.taxable;
        sum.cgst += sign * line.cgst;
        sum.sgst += sign * line.sgst;
        sum.igst += sign * line.igst;
        sum.value += sign * line.lineTotal;
        into.set(line.gstPercent, sum);
    }
    return into;
}
const sumOf = (sums: Iterable<Sum>) => [...sums].reduce((all, s) => ({ taxable: all.taxable + s.taxable, cgst: all.cgst + s.cgst, sgst: all.sgst + s.sgst, igst: all.igst + s.igst, value: all.value + s.value }), zero());

describe('shareDiscount', () => {
    it('shares a discount by value to the paisa, the rounding to the largest line, never more than a line is worth', () => {
        // ₹50 over 567.00 and 549.99: 25.38 and 24.61 by value, the paisa left to the larger line.
        expect(shareDiscount(5000, [56700, 54999])).toEqual([2539, 2461]);
        expect(shareDiscount(5000, [54999, 56700])).toEqual([2461, 2539]);
        // Equal lines: the first of equals takes the rest, whatever the order of the call.
        expect(shareDiscount(100, [300, 300, 300])).toEqual([34, 33, 33]);
        // Lines of a paisa: the rest goes on to the next largest line that has room.
        expect(shareDiscount(2, [1, 1, 1])).toEqual([1, 1, 0]);
        expect(shareDiscount(0, [100, 200])).toEqual([0, 0]);
        expect(shareDiscount(500, [100, 200])).toEqual([100, 200]);
        for (const [discount, values] of [[11170, [56700, 54999]], [13962, [56700, 54999, 14]], [99_999, [1, 7, 123_456, 99_999, 3]]] as const) {
            const shares = shareDiscount(discount, [...values]);
            expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
            shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(values[i]));
            expect(shareDiscount(discount, [...values])).toEqual(shares);
        }
    });
});

describe('a coupon on the invoice', () => {
    it('comes off each line before its tax; invoice, credit notes, GSTR-1 and the sales register agree to the paisa', { timeout: 120_000 }, async () => {
        const shop = await shopWithTaxes();
        const hotel = await shop.person('orders@udupi.test', 'Meera Iyer');
        await ok(hotel('POST', '/api/profile/me', { gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' }));
        // Within the state, to a consumer: 10 % off 3 apples (5 %) and a ghee (18 %).
        const local = await placed(shop.asha, { ...basket, couponCode: 'SAVE10', paymentMethod: 'cod' });
        // To another state, to a business: 12.5 % off the same basket.
        const b2b = await placed(hotel, { ...basket, pincode: '400001', couponCode: 'EIGHTH', paymentMethod: 'cod' });
        for (const order of [local, b2b]) await deliver(shop, order.id);
        await ok(shop.admin('POST', `/api/orderr/${local.id}/partial-refund`, { reason: 'One bag bruised', lines: [{ line: 1, quantity: 1 }] }));

        const invoice = (await loadInvoice(shop.app.db, local.id))!;
        const business = (await loadInvoice(shop.app.db, b2b.id))!;
        // ₹111.70 shared 56.71 : 54.99; each line's tax is that of what is paid for it.
        expect(invoice.lines.map((line) => [line.kind, line.gross, line.discount, line.taxable, line.cgst, line.sgst, line.lineTotal])).toEqual([
            ['goods', 56700, 5671, 48599, 1215, 1215, 51029], // 510.29 at 5 %: 24.30 GST
            ['goods', 54999, 5499, 41949, 3776, 3775, 49500], // 495.00 at 18 %: 75.51 GST
            ['delivery', 2550, 0, 2429, 61, 60, 2550], // the delivery charge is not discounted
        ]);
        expect(invoice).toMatchObject({ discount: 11170, discountOnLines: true, subtotal: 111699, total: 103079 });
        for (const doc of [invoice, business]) {
            const goods = doc.lines.filter((line) => line.kind === 'goods');
            expect(goods.reduce((sum, line) => sum + line.discount, 0)).toBe(doc.discount);
            for (const line of doc.lines) {
                expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.lineTotal);
                expect(line.cgst + line.sgst + line.igst).toBe(includedTax(line.gross - line.discount, line.gstPercent));
            }
            const all = sumOf(byRate(doc.lines).values());
            expect(all.value).toBe(doc.total);
            expect(doc.taxable + doc.cgst + doc.sgst + doc.igst).toBe(doc.total);
        }
        const stored = await shop.app.db.selectFrom('orders').select(['id', 'taxTotal', 'totalPrice']).where('id', 'in', [local.id, b2b.id]).orderBy('id').execute();
        expect(stored.map((row) => row.totalPrice)).toEqual([invoice.total, business.total]);
        expect(stored[0].taxTotal).toBe(1215 + 1215 + 3776 + 3775);

        // The invoice prints each line's share of the coupon and its discounted figures.
        const text = pdfText((await shop.asha('GET', `/api/orderr/${local.id}/invoice`)).rawPayload);
        expect(text).toMatch(/Discount/);
        expect(text).toMatch(/1\s+Shimla Apples 1 kg\s+0808\s+3 NOS\s+189\.00\s+-56\.71\s+485\.99\s+5%\s+12\.15\s+12\.15\s+510\.29/);
        expect(text).toMatch(/2\s+Desi Ghee 1 L\s+0405\s+1 NOS\s+549\.99\s+-54\.99\s+419\.49\s+18%\s+37\.76\s+37\.75\s+495\.00/);
        expect(text).toMatch(/Coupon SAVE10\s+-111\.70/);
        expect(text).toMatch(/Total \(₹\)\s+1,030\.79/);

        // A unit given back is worth what was paid for it: a third of the apples' 510.29.
        const [note] = (await creditNotesOf(shop.app.db, [local.id])).get(local.id)!;
        expect(note).toMatchObject({ total: 17009, refundAmount: 17009, lines: [{ line: 0, quantity: 1000, lineTotal: 17009, taxable: 16199, cgst: 405, sgst: 405 }] });

        // GSTR-1: the business invoice by rate, exactly; B2C small net of the credit note; the HSN summary the same.
        const period = indiaDate().slice(0, 7);
        const json = await ok<Gstr1>(shop.admin('GET', `/api/reports/gstr1?period=${period}`));
        expect(json.b2b).toHaveLength(1);
        const b2bInvoice = json.b2b[0].inv[0];
        // 12.5 % = 139.62 shared 70.88 : 68.74; IGST; the delivery charge at the apples' 5 % (the larger line).
        expect(b2bInvoice).toMatchObject({ inum: business.number, val: 1037.37, pos: '27' });
        expect(b2bInvoice.itms.map((item) => item.itm_det)).toEqual([
            { rt: 5, txval: 529.64, iamt: 26.48, camt: 0, samt: 0, csamt: 0 },
            { rt: 18, txval: 407.84, iamt: 73.41, camt: 0, samt: 0, csamt: 0 },
        ]);
        const b2cs = new Map<number, Sum>();
        for (const row of json.b2cs) b2cs.set(row.rt * 100, { taxable: paise(row.txval), cgst: paise(row.camt), sgst: paise(row.samt), igst: paise(row.iamt), value: 0 });
        const localNet = byRate(note.lines, byRate(invoice.lines), -1);
        for (const [rate, sum] of localNet) expect(b2cs.get(rate)).toEqual({ ...sum, value: 0 });
        const hsnTaxable = json.hsn.data.reduce((sum, row) => sum + paise(row.txval), 0);
        expect(hsnTaxable).toBe(sumOf(localNet.values()).taxable + business.taxable);

        // The sales register: the invoice's rows carry its discounted figures, and its Total column is the invoice's.
        const register = await shop.admin('GET', `/api/reports/sales-register?from=${indiaDate()}&to=${indiaDate()}`);
        const rows = register.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((row) => row.split(','));
        for (const doc of [invoice, business]) {
            const own = rows.filter((row) => row[0] === 'Invoice' && row[1] === doc.number);
            const expected = byRate(doc.lines);
            expect(own).toHaveLength(expected.size);
            for (const row of own) {
                const sum = expected.get(paise(Number(row[8])))!;
                expect([row[9], row[10], row[11], row[12], row[13]].map((cell) => paise(Number(cell)))).toEqual([sum.taxable, sum.cgst, sum.sgst, sum.igst, sum.value]);
            }
            expect(own.reduce((sum, row) => sum + paise(Number(row[13])), 0)).toBe(doc.total);
        }
        const noteRows = rows.filter((row) => row[0] === 'Credit note');
        expect(noteRows.map((row) => paise(Number(row[13])))).toEqual([-17009]);
    });

    it('is given back whole by a cancellation: the credit note is the invoice, not the price before the coupon', { timeout: 60_000 }, async () => {
        const shop = await shopWithTaxes();
        const id = await payOnline(shop, shop.ravi, { ...basket, couponCode: 'FLAT50' });
        await ok(shop.admin('POST', `/api/orderr/${id}/status`, { status: 'cancelled' }));
        const invoice = (await loadInvoice(shop.app.db, id))!;
        const [note] = (await creditNotesOf(shop.app.db, [id])).get(id)!;
        const payment = await shop.app.db.selectFrom('payments').select('amount').where('orderId', '=', id).executeTakeFirstOrThrow();
        expect(invoice.total).toBe(111699 - 5000 + 2550);
        expect(note.total).toBe(invoice.total);
        expect(payment.amount).toBe(invoice.total);
        expect(note.taxable + note.cgst + note.sgst + note.igst).toBe(invoice.total);
    });

    it('leaves an invoice issued with the discount off the total as it was printed', { timeout: 60_000 }, async () => {
        const shop = await shopWithTaxes();
        const order = await placed(shop.asha, { ...basket, couponCode: 'FLAT50', paymentMethod: 'cod' });
        // As an order kept before the discount was shared: no shares, the tax of the undiscounted lines.
        for (const [productId, tax] of [[1, 2700], [2, 8390]]) {
            await shop.app.db.updateTable('orderLines').set({ discount: 0, tax }).where('orderId', '=', order.id).where('productId', '=', productId).execute();
        }
        await deliver(shop, order.id);
        const invoice: TaxInvoice = (await loadInvoice(shop.app.db, order.id))!;
        expect(invoice).toMatchObject({ discountOnLines: false, discount: 5000, total: 111699 - 5000 + 2550, subtotal: 111699 });
        expect(invoice.lines.slice(0, 2).map((line) => [line.taxable, line.lineTotal])).toEqual([[54000, 56700], [46609, 54999]]);
        const text = pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload);
        expect(text).not.toMatch(/Discount/);
        expect(text).toMatch(/Total \(₹\)\s+1,092\.49/);
    });
});

describe('the migration that shares discounts', () => {
    it('shares the discount of an order not yet invoiced and taxes its lines again; an invoiced order stays as issued', { timeout: 60_000 }, async () => {
        const shop = await shopWithTaxes();
        const open = await placed(shop.asha, { ...basket, couponCode: 'FLAT50', paymentMethod: 'cod' });
        const issued = await placed(shop.ravi, { ...basket, couponCode: 'FLAT50', paymentMethod: 'cod' });
        await deliver(shop, issued.id);
        // Both as kept before: no shares, the undiscounted lines' tax.
        for (const id of [open.id, issued.id]) {
            for (const [productId, tax] of [[1, 2700], [2, 8390]]) {
                await shop.app.db.updateTable('orderLines').set({ discount: 0, tax }).where('orderId', '=', id).where('productId', '=', productId).execute();
            }
            await shop.app.db.updateTable('orders').set({ taxTotal: 11090 }).where('id', '=', id).execute();
        }
        await shareOpenDiscounts(shop.app.db as Kysely<unknown>);
        const lines = await shop.app.db.selectFrom('orderLines').select(['orderId', 'discount', 'tax']).where('orderId', 'in', [open.id, issued.id]).orderBy('id').execute();
        expect(lines.filter((line) => line.orderId === open.id).map((line) => [line.discount, line.tax])).toEqual([[2539, includedTax(56700 - 2539, 500)], [2461, includedTax(54999 - 2461, 1800)]]);
        expect(lines.filter((line) => line.orderId === issued.id).map((line) => [line.discount, line.tax])).toEqual([[0, 2700], [0, 8390]]);
        const totals = await shop.app.db.selectFrom('orders').select(['id', 'taxTotal']).where('id', 'in', [open.id, issued.id]).orderBy('id').execute();
        expect(totals.map((row) => row.taxTotal)).toEqual([includedTax(54161, 500) + includedTax(52538, 1800), 11090]);
        await deliver(shop, open.id);
        expect((await loadInvoice(shop.app.db, open.id))!).toMatchObject({ discountOnLines: true, total: 111699 - 5000 + 2550 });
    });
});
