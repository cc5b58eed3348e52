import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import { creditNotesOf } from '../../server/features/creditNotes/creditNote';
import { creditNoteAttachment } from '../../server/features/creditNotes/creditNoteMail';
import { loadInvoice, type TaxInvoice } from '../../server/features/invoices/taxInvoice';
import { indiaDate } from '../../server/features/orders/shopTime';
import { letterOf } from '../../server/features/orders/customerMails';
import type { Gstr1 } from '../../server/features/reports/gstr1';
import { basket, deliver, ok as okOf, orderShop, payOnline, placed } from './orderShop';
import { pdfText } from './pdfText';

// Credit notes and the GST returns: every figure of GSTR-1 and the sales register adds up, to the paisa, to the
// invoices' and credit notes' own, across states, rates, exempt goods, a business buyer, a cancellation and refunds.

const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;
const BUYER_GSTIN = `29AABCR5678B1Z${gstinCheckCharacter('29AABCR5678B1Z')}`;
const paise = (rupees: number) => Math.round(rupees * 100);

/** The fields these tests read of the API's answers. */
interface Answer {
    message: string;
    data: Record<string, unknown>;
    creditNotes: { number: string }[];
    orderId: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
}

/** The shared `ok`, typed by default as the answers these tests read. */
const ok = <T = Answer>(...args: Parameters<typeof okOf>) => okOf<T>(...args);

async function shopWithTaxes() {
    const shop = await orderShop();
    await ok(shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road, Bengaluru' }), 201);
    await ok(shop.admin('POST', '/api/pincode/1', { state: 'Karnataka' }));
    await ok(shop.admin('POST', '/api/pincode', { pincode: '400001', prize: '60', state: 'Maharashtra' }), 201);
    await ok(shop.admin('POST', '/api/gst', { type: 'IGST', description: 'Exempt', percent: 0 }), 201);
    await ok(shop.admin('POST', '/api/products', { name: 'Fresh Milk 1 L', description: 'Toned milk', categoryId: '1', subcategoryId: '1', attributeId: '1', gstId: '4', price: '62.00' }), 201);
    await ok(shop.admin('POST', '/api/products', { name: 'Kashmiri Saffron 100 g', description: 'Mongra', categoryId: '1', subcategoryId: '1', attributeId: '1', gstId: '1', price: '5000.00' }), 201);
    for (const [id, hsn] of [[1, '0808'], [2, '0405'], [3, '1704'], [5, '0401'], [6, '09102010']] as const) await ok(shop.admin('POST', `/api/products/${id}`, { hsn }));
    return shop;
}

const cod = (items: { productId: number; quantity: number }[], pincode = '560034') => ({ items, pincode, paymentMethod: 'cod' });
type Sum = { taxable: number; cgst: number; sgst: number; igst: number };
const KEYS = ['taxable', 'cgst', 'sgst', 'igst'] as const;
const zero = (): Sum => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
function total(lines: (Sum & { gstPercent: number })[], which: 'taxed' | 'exempt' | 'all' = 'taxed', into = zero(), sign = 1) {
    for (const line of lines) if (which === 'all' || (which === 'taxed') === line.gstPercent > 0) for (const key of KEYS) into[key] += sign * line[key];
    return into;
}
/** A GSTR-1 figure set (rupees) in paise, as `Sum`. */
const fromJson = (items: { txval: number; camt: number; samt: number; iamt: number }[], into = zero(), sign = 1) => {
    for (const item of items) {
        into.taxable += sign * paise(item.txval);
        into.cgst += sign * paise(item.camt);
        into.sgst += sign * paise(item.samt);
        into.igst += sign * paise(item.iamt);
    }
    return into;
};
const itemsOf = <T>(docs: { itms: { itm_det: T }[] }[]) => docs.flatMap((doc) => doc.itms.map((item) => item.itm_det));

describe('credit notes', () => {
    // Many orders, payments and refunds: a loaded machine takes well over the default 20 s.
    it('reverse a cancelled paid order once, and a partial refund exactly, with the tax by rate; refused past what is left', { timeout: 120_000 }, async () => {
        const shop = await shopWithTaxes();
        const id = await payOnline(shop, shop.asha, basket);
        const invoice = (await loadInvoice(shop.app.db, id))!;
        // Two partial refunds: a line's quantity, then an amount; too much is a 400 that says how much is left.
        const byLine = await ok(shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'One apple bag bruised', lines: [{ line: 1, quantity: 1 }] }));
        expect(byLine.message).toMatch(/^Refunded in part: credit note CN\/\d\d-\d\d\/000001$/);
        const tooMuch = await shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'x', lines: [{ line: 1, quantity: 3 }] });
        expect(tooMuch.statusCode).toBe(400);
        expect(tooMuch.json().message).toBe('Line 1 (Shimla Apples 1 kg) has 2 left to refund, not 3');
        expect((await shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'x', amount: 100000 })).json().message).toMatch(/^At most ₹/);
        expect((await shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'x' })).statusCode).toBe(400);
        const twice = await shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'x', lines: [{ line: 1, quantity: 2 }, { line: 1, quantity: 2 }] });
        expect(twice.json().message).toBe('Line 1 is named twice: please give its quantity once');
        expect((await shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'x', lines: [{ line: 9, quantity: 1 }] })).json().message).toBe('The invoice has no line 9');
        expect((await shop.seller('POST', `/api/orderr/${id}/partial-refund`, { reason: 'x', amount: 1 })).statusCode).toBe(403);
        await ok(shop.admin('POST', `/api/orderr/${id}/partial-refund`, { reason: 'Late delivery', amount: 50.5 }));
        // The cancellation reverses what is left; the refund after it gives the rest of the money back, on the same note.
        await ok(shop.admin('POST', `/api/orderr/${id}/status`, { status: 'cancelled' }));
        await ok(shop.admin('POST', `/api/orderr/${id}/refund`, {}));

        const notes = (await creditNotesOf(shop.app.db, [id])).get(id)!;
        expect(notes.map((note) => [note.kind, note.number.slice(-6)])).toEqual([['partial', '000001'], ['partial', '000002'], ['cancelled', '000003']]);
        expect(notes[0]).toMatchObject({ total: 18900, invoiceNumber: invoice.number, refundAmount: 18900, lines: [{ line: 0, quantity: 1000, lineTotal: 18900 }] });
        expect(notes[1].total).toBe(5050);
        const credited = notes.reduce((acc, note) => total(note.lines, 'all', acc), zero());
        expect(credited).toEqual(total(invoice.lines as never, 'all'));
        // The delivery charge is a line of the invoice, so the notes give it back with the goods.
        const delivery = notes.flatMap((note) => note.lines).filter((line) => line.line === invoice.lines.length - 1);
        expect(invoice.lines.at(-1)!.kind).toBe('delivery');
        expect(delivery.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(invoice.deliveryCharge);
        expect(notes.reduce((sum, note) => sum + note.total, 0)).toBe(invoice.total);
        for (const note of notes) for (const line of note.lines) expect(line.cgst + line.sgst + line.taxable).toBe(line.lineTotal);
        // The money given back is what the payment took, in three refunds.
        const refunds = await shop.app.db.selectFrom('testProviderCharges').select('amount').where('kind', '=', 'refund').execute();
        const payment = await shop.app.db.selectFrom('payments').select('amount').where('orderId', '=', id).executeTakeFirstOrThrow();
        expect(refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(payment.amount);
        expect(notes[2].refundAmount).toBe(payment.amount - 18900 - 5050);

        const detail = await ok(shop.asha('GET', `/api/orderr/${id}`));
        expect(detail.creditNotes.map((note) => note.number)).toEqual(notes.map((note) => note.number));
        const pdf = await shop.asha('GET', `/api/orderr/${id}/credit-notes/${notes[0].id}`);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        const text = pdfText(pdf.rawPayload);
        for (const words of ['CREDIT NOTE', notes[0].number, invoice.number, GSTIN, 'Karnataka (29)', 'One apple']) expect(text).toContain(words);
        expect((await shop.ravi('GET', `/api/orderr/${id}/credit-notes/${notes[0].id}`)).statusCode).toBe(404);

        // The mails carry the credit notes, each its own.
        const mails = await shop.app.db.selectFrom('mailQueue').select(['kind']).where('orderId', '=', id).orderBy('id').execute();
        expect(mails.map((mail) => mail.kind)).toEqual(['placed', 'paid', notes[0].number, notes[1].number, 'cancelled', 'refunded']);
        // (A sent mail's body is not kept: the letter is checked as it is written.)
        const letter = letterOf('cancelled', { id, customerName: 'Asha', totalPrice: 100, invoiceNumber: invoice.number, creditNote: notes[2].number }, [], 'Shop');
        expect(letter.text).toContain(`Our credit note ${notes[2].number}, reversing tax invoice ${invoice.number}, is attached.`);
        expect((await creditNoteAttachment(shop.app.db, id, notes[1].number))!.filename).toBe(`${notes[1].number.replace(/\//g, '-')}.pdf`);
        expect((await creditNoteAttachment(shop.app.db, id, 'refunded'))!.filename).toBe(`${notes[2].number.replace(/\//g, '-')}.pdf`);
        expect(await creditNoteAttachment(shop.app.db, id, 'paid')).toBeUndefined();
    });

    it('come with a legacy whole refund of a delivered cash order, once', { timeout: 60_000 }, async () => {
        const shop = await shopWithTaxes();
        const order = await placed(shop.asha, cod([{ productId: 2, quantity: 2 }]));
        await deliver(shop, order.id);
        const refunded = await ok(shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' }));
        expect(refunded.data).toMatchObject({ status: 'refunded', refundReference: 'manual', creditNotes: [{ kind: 'refunded', total: order.totalPrice, refundAmount: order.totalPrice }] });
        expect((await shop.admin('POST', `/api/orderr/${order.id}/refund`, {})).statusCode).toBe(409);
        expect((await creditNotesOf(shop.app.db, [order.id])).get(order.id)).toHaveLength(1);
    });
});

describe('GSTR-1 and the sales register', () => {
    it("add up to the invoices' and credit notes' own figures, section by section, to the paisa", { timeout: 120_000 }, async () => {
        const shop = await shopWithTaxes();
        // A restaurant buying in bulk gives its GSTIN on its profile, as a business customer does.
        const hotel = await shop.person('orders@udupi.test', 'Meera Iyer');
        await ok(hotel('POST', '/api/profile/me', { gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' }));
        const local = await placed(shop.asha, cod([{ productId: 1, quantity: 3 }, { productId: 2, quantity: 1 }, { productId: 5, quantity: 4 }]));
        const across = await placed(shop.ravi, cod([{ productId: 1, quantity: 2 }, { productId: 3, quantity: 7 }, { productId: 5, quantity: 1 }], '400001'));
        const large = await placed(shop.ravi, cod([{ productId: 6, quantity: 30 }], '400001'));
        const business = await placed(hotel, cod([{ productId: 2, quantity: 10 }, { productId: 5, quantity: 20 }]));
        const milkOnly = await placed(shop.ravi, cod([{ productId: 5, quantity: 6 }], '400001'));
        for (const order of [local, across, large, business, milkOnly]) await deliver(shop, order.id);
        const cancelled = await payOnline(shop, shop.ravi, { items: [{ productId: 1, quantity: 1 }, { productId: 3, quantity: 3 }], pincode: '400001' });
        await ok(shop.admin('POST', `/api/orderr/${cancelled}/status`, { status: 'cancelled' }));
        await ok(shop.admin('POST', `/api/orderr/${large.id}/partial-refund`, { reason: 'Five tins short', lines: [{ line: 1, quantity: 5 }] }));
        await ok(shop.admin('POST', `/api/orderr/${business.id}/partial-refund`, { reason: 'Milk turned', amount: 333.33 }));
        await ok(shop.admin('POST', `/api/orderr/${local.id}/partial-refund`, { reason: 'Milk short', lines: [{ line: 3, quantity: 1 }] }));
        await ok(shop.admin('POST', `/api/orderr/${milkOnly.id}/partial-refund`, { reason: 'One pouch leaked', amount: 70 }));

        const ids = [local.id, across.id, large.id, business.id, cancelled, milkOnly.id];
        const invoices = new Map<number, TaxInvoice>();
        for (const id of ids) invoices.set(id, (await loadInvoice(shop.app.db, id))!);
        const notes = await creditNotesOf(shop.app.db, ids);
        const ofOrders = (which: number[], kind: 'taxed' | 'exempt' | 'all' = 'taxed') => {
            const sum = zero();
            for (const id of which) {
                total(invoices.get(id)!.lines as never, kind, sum);
                for (const note of notes.get(id)!) total(note.lines, kind, sum, -1);
            }
            return sum;
        };

        // The documents as the invoices made them: exempt milk alone is a bill of supply, with taxed goods (to an
        // unregistered buyer) an invoice-cum-bill of supply; the delivery charge is the last line, at the rate and
        // HSN code of the order's principal supply, and a bill of supply's credit note carries no tax either.
        expect(invoices.get(business.id)).toMatchObject({ kind: 'tax-invoice', buyer: { gstin: BUYER_GSTIN, businessName: 'Udupi Hotels Pvt Ltd' } });
        expect(invoices.get(local.id)!.kind).toBe('invoice-cum-bill-of-supply');
        expect(invoices.get(milkOnly.id)).toMatchObject({ kind: 'bill-of-supply', cgst: 0, sgst: 0, igst: 0 });
        expect(notes.get(milkOnly.id)![0]).toMatchObject({ total: 7000, cgst: 0, sgst: 0, igst: 0 });
        expect(invoices.get(large.id)!.lines.at(-1)).toMatchObject({ kind: 'delivery', hsn: '09102010', gstPercent: 500, unit: 'NOS', lineTotal: 6000 });
        expect(invoices.get(large.id)!.lines.at(-1)!.igst).toBeGreaterThan(0);

        const period = indiaDate().slice(0, 7);
        const json = await ok<Gstr1>(shop.admin('GET', `/api/reports/gstr1?period=${period}`));
        expect(json.gstin).toBe(GSTIN);
        expect(json.fp).toBe(`${period.slice(5)}${period.slice(0, 4)}`);
        // B2B: the business order, its credit note in cdnr; B2C large: the inter-state order over ₹1 lakh, its note in cdnur.
        expect(json.b2b).toHaveLength(1);
        expect(json.b2b[0].ctin).toBe(BUYER_GSTIN);
        expect(json.b2b[0].inv[0]).toMatchObject({ inum: invoices.get(business.id)!.number, pos: '29', rchrg: 'N', inv_typ: 'R', val: invoices.get(business.id)!.total / 100 });
        expect(fromJson(itemsOf(json.b2b[0].inv))).toEqual(total(invoices.get(business.id)!.lines as never));
        expect(fromJson(itemsOf(json.cdnr[0].nt))).toEqual(total(notes.get(business.id)![0].lines));
        expect(json.cdnr[0].nt[0]).toMatchObject({ ntty: 'C', nt_num: notes.get(business.id)![0].number, val: 333.33 });
        expect(json.b2cl).toEqual([{ pos: '27', inv: [expect.objectContaining({ inum: invoices.get(large.id)!.number })] }]);
        expect(fromJson(itemsOf(json.b2cl[0].inv))).toEqual(total(invoices.get(large.id)!.lines as never));
        expect(json.cdnur).toHaveLength(1);
        expect(json.cdnur[0]).toMatchObject({ typ: 'B2CL', ntty: 'C', pos: '27', val: 25000 });
        expect(fromJson(itemsOf(json.cdnur))).toEqual(total(notes.get(large.id)![0].lines));
        // B2C small: the rest, net of the cancellation's and the local refund's notes, by supply type, state and rate.
        expect(fromJson(json.b2cs)).toEqual(ofOrders([local.id, across.id, cancelled]));
        expect(json.b2cs.every((row) => row.typ === 'OE' && (row.sply_ty === 'INTRA') === (row.pos === '29'))).toBe(true);
        for (const row of json.b2cs) expect(row.sply_ty === 'INTRA' ? row.iamt : row.camt + row.samt).toBe(0);
        // Exempt milk: table 8, net of the refunds; never in the taxed sections.
        const exempt = ofOrders(ids, 'exempt');
        expect(json.nil.inv.reduce((sum, row) => sum + paise(row.expt_amt), 0)).toBe(exempt.taxable);
        expect([...json.b2cs, ...itemsOf(json.b2b[0].inv)].some((item) => item.rt === 0)).toBe(false);
        // The HSN summary: every line, net, with quantities.
        expect(fromJson(json.hsn.data)).toEqual(ofOrders(ids, 'all'));
        const milk = json.hsn.data.find((row) => row.hsn_sc === '0401');
        expect(milk).toMatchObject({ rt: 0, uqc: 'NOS', qty: 4 + 1 + 20 + 6 - 1 });
        expect(json.hsn.data.find((row) => row.hsn_sc === '09102010')?.qty).toBe(25);
        // The delivery charge adds its value to its principal supply's row but no quantity; the unit is the lines'.
        const saffron = json.hsn.data.filter((row) => row.hsn_sc === '09102010');
        expect(saffron).toHaveLength(1);
        expect(paise(saffron[0].txval)).toBe(total(invoices.get(large.id)!.lines as never).taxable - total(notes.get(large.id)![0].lines).taxable);
        expect(json.hsn.data.every((row) => row.uqc === 'NOS' && row.hsn_sc !== '')).toBe(true);
        // Documents issued: six invoices of every kind in their one series, and five credit notes, none cancelled.
        const numbers = [...invoices.values()].map((invoice) => invoice.number).sort();
        expect(json.doc_issue.doc_det).toHaveLength(2);
        expect(json.doc_issue.doc_det[0]).toMatchObject({ doc_num: 1, docs: [{ num: 1, from: numbers[0], to: numbers[5], totnum: 6, cancel: 0, net_issue: 6 }] });
        expect(json.doc_issue.doc_det[1]).toMatchObject({ doc_num: 5, docs: [{ totnum: 5, cancel: 0, net_issue: 5 }] });
        // And the taxed sections together are all the sales less all the credit notes.
        const sections = fromJson([...itemsOf(json.b2b.flatMap((g) => g.inv)), ...itemsOf(json.b2cl.flatMap((g) => g.inv)), ...json.b2cs]);
        fromJson([...itemsOf(json.cdnr.flatMap((g) => g.nt)), ...itemsOf(json.cdnur)], sections, -1);
        expect(sections).toEqual(ofOrders(ids));

        // The sales register: a row per document and rate, credit notes negative, adding up to the same.
        const from = indiaDate();
        const register = await shop.admin('GET', `/api/reports/sales-register?from=${from}&to=${from}`);
        expect(register.headers['content-type']).toMatch(/^text\/csv/);
        const [header, ...rows] = register.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((row) => row.split(','));
        expect(header).toEqual(['Document', 'Number', 'Date', 'Original invoice', 'Buyer', 'GSTIN', 'Place of supply', 'HSN', 'Rate %', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total']);
        const rates = (lines: { gstPercent: number }[]) => new Set(lines.map((line) => line.gstPercent)).size;
        const documents = [...invoices.values()].reduce((n, invoice) => n + rates(invoice.lines), 0) + [...notes.values()].flat().reduce((n, note) => n + rates(note.lines), 0);
        expect(rows).toHaveLength(documents);
        const registerSum = rows.reduce((sum, row) => ({ taxable: sum.taxable + paise(Number(row[9])), cgst: sum.cgst + paise(Number(row[10])), sgst: sum.sgst + paise(Number(row[11])), igst: sum.igst + paise(Number(row[12])) }), zero());
        expect(registerSum).toEqual(ofOrders(ids, 'all'));
        expect(rows.find((row) => row[1] === invoices.get(business.id)!.number)).toEqual(expect.arrayContaining([BUYER_GSTIN, 'Karnataka (29)']));

        // The sheets: a zip of the template's CSVs; one sheet alone as CSV.
        const zip = await shop.admin('GET', `/api/reports/gstr1?period=${period}&format=zip`);
        expect(zip.headers['content-type']).toBe('application/zip');
        const zipFile = join(mkdtempSync(join(tmpdir(), 'gstr1-')), 'sheets.zip');
        writeFileSync(zipFile, zip.rawPayload);
        const list = execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' });
        expect(execFileSync('unzip', ['-tq', zipFile], { encoding: 'utf8' })).toMatch(/No errors detected/);
        for (const sheet of ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn', 'docs']) expect(list).toContain(`GSTR1-${period}-${sheet}.csv`);
        const b2csSheet = await shop.admin('GET', `/api/reports/gstr1?period=${period}&format=csv&section=b2cs`);
        const sheetRows = b2csSheet.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((row) => row.split(','));
        expect(sheetRows.reduce((sum, row) => sum + paise(Number(row[4])), 0)).toBe(ofOrders([local.id, across.id, cancelled]).taxable);
    });

    it('are for administrators, with a clear 400 for a bad period and a 409 without the shop GSTIN', async () => {
        const shop = await orderShop();
        expect((await shop.seller('GET', '/api/reports/gstr1?period=2026-11')).statusCode).toBe(403);
        expect((await shop.admin('GET', '/api/reports/gstr1?period=2026-11')).json().message).toMatch(/GSTIN/);
        const bad = await shop.admin('GET', '/api/reports/gstr1?period=2026-13');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.period).toBe('Please give the period as 2026-11 or 2026-Q3');
        expect((await shop.admin('GET', '/api/reports/sales-register?from=2026-11-30&to=2026-11-01')).statusCode).toBe(400);
        expect((await shop.admin('GET', '/api/reports/sales-register?from=yesterday&to=2026-11-01')).statusCode).toBe(400);
        expect((await shop.admin('GET', '/api/reports/sales-register?from=2026-11-01&to=2026-11-30')).statusCode).toBe(200);
    });
});
