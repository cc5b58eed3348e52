import type { CreditNote } from '../creditNotes/creditNote';
import type { CreditLine } from '../creditNotes/creditPart';
import { indiaDate } from '../orders/shopTime';
import type { InvoiceLine } from '../invoices/taxInvoice';
import type { Filed, PeriodDocuments } from './periodDocuments';

type Line = Pick<InvoiceLine & CreditLine, 'name' | 'hsn' | 'quantity' | 'gstPercent' | 'taxable' | 'cgst' | 'sgst' | 'igst'>;
type Figures = { txval: number; iamt: number; camt: number; samt: number; csamt: number };

/** Rupees with two decimals, as the portal's JSON writes amounts (summed in paise first, so nothing drifts). */
export const rs = (paise: number) => Math.round(paise) / 100;
/** dd-mm-yyyy by India time. */
export const gstDate = (iso: string) => indiaDate(new Date(iso)).split('-').reverse().join('-');
const rate = (line: Line) => line.gstPercent / 100;
const exempt = (line: Line) => line.gstPercent === 0;
const taxed = (lines: Line[]) => lines.filter((line) => !exempt(line));

function add(to: Figures, line: Line, sign = 1) {
    to.txval += sign * line.taxable;
    to.iamt += sign * line.igst;
    to.camt += sign * line.cgst;
    to.samt += sign * line.sgst;
}
const zero = (): Figures => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
const inRupees = (f: Figures): Figures => ({ txval: rs(f.txval), iamt: rs(f.iamt), camt: rs(f.camt), samt: rs(f.samt), csamt: rs(f.csamt) });

/** A document's taxed lines by rate, as `itms` (exempt lines go to the nil table instead). */
function itemsOf(lines: Line[]) {
    const byRate = new Map<number, Figures>();
    for (const line of taxed(lines)) {
        const figures = byRate.get(rate(line)) ?? zero();
        add(figures, line);
        byRate.set(rate(line), figures);
    }
    return [...byRate].sort(([a], [b]) => a - b).map(([rt, figures], i) => ({ num: i + 1, itm_det: { rt, ...inRupees(figures) } }));
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
    const groups = new Map<K, T[]>();
    for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
    return groups;
}

const invoiceEntry = ({ invoice, pos }: Filed) => ({ inum: invoice.number, idt: gstDate(invoice.issuedAt), val: rs(invoice.total), pos, itms: itemsOf(invoice.lines) });
const noteEntry = (note: CreditNote, pos: string) => ({ ntty: 'C', nt_num: note.number, nt_dt: gstDate(note.issuedAt), val: rs(note.total), pos, itms: itemsOf(note.lines) });
const hasItems = (entry: { itms: unknown[] }) => entry.itms.length > 0;

function b2b(docs: PeriodDocuments) {
    const filed = docs.invoices.filter((doc) => doc.section === 'b2b');
    return [...groupBy(filed, (doc) => doc.ctin!)].map(([ctin, invoices]) => ({
        ctin,
        inv: invoices.map((doc) => ({ ...invoiceEntry(doc), rchrg: 'N', inv_typ: 'R' })).filter(hasItems),
    })).filter((group) => group.inv.length);
}

function b2cl(docs: PeriodDocuments) {
    const filed = docs.invoices.filter((doc) => doc.section === 'b2cl');
    return [...groupBy(filed, (doc) => doc.pos)].map(([pos, invoices]) => ({ pos, inv: invoices.map(invoiceEntry).map(({ pos: _pos, ...rest }) => rest).filter(hasItems) }));
}

/** Small B2C sales by type of supply, place of supply and rate, less the credit notes against them. */
function b2cs(docs: PeriodDocuments) {
    const rows = new Map<string, { sply_ty: string; pos: string; typ: 'OE'; rt: number } & Figures>();
    const take = (doc: Filed, lines: Line[], sign: number) => {
        for (const line of taxed(lines)) {
            const sply_ty = doc.invoice.intraState ? 'INTRA' : 'INTER';
            const key = `${sply_ty}|${doc.pos}|${rate(line)}`;
            const row = rows.get(key) ?? { sply_ty, pos: doc.pos, typ: 'OE' as const, rt: rate(line), ...zero() };
            add(row, line, sign);
            rows.set(key, row);
        }
    };
    for (const doc of docs.invoices.filter((one) => one.section === 'b2cs')) take(doc, doc.invoice.lines, 1);
    for (const { note, of } of docs.credit.filter((one) => one.of.section === 'b2cs')) take(of, note.lines, -1);
    return [...rows.values()].sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt).map((row) => ({ ...row, ...inRupees(row) }));
}

function cdnr(docs: PeriodDocuments) {
    const notes = docs.credit.filter((one) => one.of.section === 'b2b');
    return [...groupBy(notes, (one) => one.of.ctin!)].map(([ctin, group]) => ({
        ctin,
        nt: group.map(({ note, of }) => ({ ...noteEntry(note, of.pos), rchrg: 'N', inv_typ: 'R' })).filter(hasItems),
    })).filter((one) => one.nt.length);
}

const cdnur = (docs: PeriodDocuments) =>
    docs.credit.filter((one) => one.of.section === 'b2cl').map(({ note, of }) => ({ typ: 'B2CL', ...noteEntry(note, of.pos) })).filter(hasItems);

/** Exempt supplies (0 %), net of credit notes, by inter- or intra-state and registered buyer or not. */
function nil(docs: PeriodDocuments) {
    const totals = new Map<string, number>();
    const kind = (doc: Filed) => `${doc.invoice.intraState ? 'INTRA' : 'INTR'}${doc.ctin ? 'B2B' : 'B2C'}`;
    const take = (doc: Filed, lines: Line[], sign: number) => {
        for (const line of lines.filter(exempt)) totals.set(kind(doc), (totals.get(kind(doc)) ?? 0) + sign * line.taxable);
    };
    for (const doc of docs.invoices) take(doc, doc.invoice.lines, 1);
    for (const { note, of } of docs.credit) take(of, note.lines, -1);
    return { inv: [...totals].sort().map(([sply_ty, paise]) => ({ sply_ty, expt_amt: rs(paise), nil_amt: 0, ngsup_amt: 0 })) };
}

/** The portal's HSN quantity has at most two decimals: thousandths of a unit summed, then rounded half up to 0.01. */
const hsnQuantity = (thousandths: number) => Math.sign(thousandths) * Math.round(Math.abs(thousandths) / 10) / 100;

/**
 * The HSN summary: per HSN code and rate, quantity and values net of credit notes. The delivery charge is part of a
 * composite supply taxed as its principal supply, so its line carries that supply's HSN code and rate and adds its
 * value here, but no quantity: nothing more of the goods was supplied (docs/gst-returns.md).
 */
function hsn(docs: PeriodDocuments) {
    const rows = new Map<string, { hsn_sc: string; desc: string; uqc: string; qty: number; rt: number } & Figures>(); // qty in thousandths
    const take = (line: Line, of: InvoiceLine, sign: number) => {
        const code = line.hsn ?? '';
        // One row per code, unit and rate: loose tomatoes (KGS) and a packet under the same code (NOS) are counted apart.
        const key = `${code}|${of.unit}|${rate(line)}`;
        const row = rows.get(key) ?? { hsn_sc: code, desc: line.name.slice(0, 30), uqc: of.unit, qty: 0, rt: rate(line), ...zero() };
        if (of.kind === 'goods') row.qty += sign * line.quantity;
        add(row, line, sign);
        rows.set(key, row);
    };
    for (const { invoice } of docs.invoices) for (const line of invoice.lines) take(line, line, 1);
    for (const { note, of } of docs.credit) for (const line of note.lines) take(line, of.invoice.lines[line.line], -1);
    const data = [...rows.values()].sort((a, b) => a.hsn_sc.localeCompare(b.hsn_sc) || a.rt - b.rt);
    return { data: data.map((row, i) => ({ num: i + 1, ...row, qty: hsnQuantity(row.qty), ...inRupees(row) })) };
}

/** A series of numbers (`INV/26-27/000001` … `000042`) as the documents-issued table lists it, per prefix and year. */
function series(numbers: string[]) {
    const bySeries = groupBy(numbers, (number) => number.slice(0, number.lastIndexOf('/')));
    return [...bySeries.values()].map((group, i) => {
        const sorted = [...group].sort();
        return { num: i + 1, from: sorted[0], to: sorted.at(-1)!, totnum: sorted.length, cancel: 0, net_issue: sorted.length };
    });
}

/**
 * The documents issued. Tax invoices, bills of supply and invoices-cum-bills of supply share one consecutive series
 * (invoiceNumber.ts), and table 13 has no row of its own for a bill of supply, so the whole series is listed once as
 * invoices for outward supply; split by kind its ranges would overlap and their counts would not match them. An
 * invoice is never cancelled here (a cancelled order gets a credit note), so `cancel` is 0.
 */
function docIssue(docs: PeriodDocuments) {
    const invoices = series(docs.invoices.map((doc) => doc.invoice.number));
    const notes = series(docs.credit.map(({ note }) => note.number));
    return {
        doc_det: [
            ...(invoices.length ? [{ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: invoices }] : []),
            ...(notes.length ? [{ doc_num: 5, doc_typ: 'Credit Note', docs: notes }] : []),
        ],
    };
}

/** GSTR-1 as the GST portal's offline tool reads it (its JSON), for the seller's GSTIN and the period's `fp`. */
export function gstr1(docs: PeriodDocuments, gstin: string, fp: string) {
    return { gstin, fp, b2b: b2b(docs), b2cl: b2cl(docs), b2cs: b2cs(docs), cdnr: cdnr(docs), cdnur: cdnur(docs), nil: nil(docs), hsn: hsn(docs), doc_issue: docIssue(docs) };
}

export type Gstr1 = ReturnType<typeof gstr1>;
