import { stateCode } from '../../../schema/gstin';
import { amountInWords } from '../invoices/amountInWords';
import { amount, newPdf, shopDateTime, write, type Pdf } from '../invoices/pdfDocument';
import { drawTable, type Column } from '../invoices/pdfTable';
import type { TaxInvoice } from '../invoices/taxInvoice';
import type { CreditNote } from './creditNote';
import { uqcText } from '../../../schema/measure';

const percent = (hundredths: number) => `${hundredths / 100}%`;
const WIDTH = 515;
const REASONS: Record<CreditNote['kind'], string> = { cancelled: 'Order cancelled', refunded: 'Order refunded', partial: 'Part of the order refunded' };
/** A bill of supply charged no tax, so its credit note has none to show. */
const taxed = (invoice: TaxInvoice) => invoice.kind !== 'bill-of-supply';

function header(doc: Pdf, invoice: TaxInvoice) {
    const { seller } = invoice;
    write(doc, 'CREDIT NOTE', 40, 40, { width: WIDTH, align: 'right', weight: 'bold', size: 14 });
    write(doc, seller.legalName, 40, 40, { width: 330, weight: 'bold', size: 13 });
    for (const line of [seller.address, seller.gstin && `GSTIN: ${seller.gstin}`, seller.state && `State: ${seller.state}${seller.stateCode ? ` (${seller.stateCode})` : ''}`]) {
        if (line) write(doc, line, 40, undefined, { width: 330 });
    }
}

function details(doc: Pdf, note: CreditNote, invoice: TaxInvoice, zone: string) {
    const top = Math.max(doc.y, 110) + 10;
    const code = invoice.placeOfSupply ? stateCode(invoice.placeOfSupply) : undefined;
    const facts: [string, string][] = [
        ['Credit note', note.number],
        ['Date', shopDateTime(note.issuedAt, zone)],
        ['Against invoice', note.invoiceNumber],
        ['Invoice date', shopDateTime(note.invoicedAt, zone)],
        ['Place of supply', invoice.placeOfSupply ? `${invoice.placeOfSupply}${code ? ` (${code})` : ''}` : '—'],
        ['Reason', `${REASONS[note.kind]}: ${note.reason}`],
    ];
    let y = top;
    for (const [label, value] of facts) {
        write(doc, label, 300, y, { width: 90, weight: 'bold' });
        write(doc, value, 390, y, { width: 165 });
        y = Math.max(doc.y, y + 13);
    }
    write(doc, 'Recipient', 40, top, { width: 250, weight: 'bold' });
    // As on the invoice: a business buyer's name first, then the person who ordered.
    if (invoice.buyer.businessName) write(doc, invoice.buyer.businessName, 40, undefined, { width: 250, weight: 'bold' });
    write(doc, invoice.customer.name, 40, undefined, { width: 250 });
    if (invoice.buyer.gstin) write(doc, `GSTIN: ${invoice.buyer.gstin}`, 40, undefined, { width: 250 });
    if (invoice.address) write(doc, invoice.address, 40, undefined, { width: 250 });
    write(doc, `PIN ${invoice.pincode}`, 40, undefined, { width: 250 });
    doc.y = Math.max(doc.y, y) + 12;
}

/** The tax columns: CGST and SGST within the state, IGST outside it, none on a bill of supply's note. */
function taxColumns(invoice: TaxInvoice): Column[] {
    if (!taxed(invoice)) return [];
    const gst: Column = { title: 'GST', width: 30, align: 'right' };
    if (invoice.intraState) return [gst, { title: 'CGST', width: 50, align: 'right' }, { title: 'SGST', width: 50, align: 'right' }];
    return [gst, { title: 'IGST', width: 100, align: 'right' }];
}

function linesTable(doc: Pdf, note: CreditNote, invoice: TaxInvoice) {
    const columns: Column[] = [
        { title: 'Line', width: 30 },
        { title: 'Item', width: taxed(invoice) ? 145 : 275 },
        { title: 'HSN', width: 55 },
        // Wide enough for a weighed quantity with its unit, "12.345 KGS", on one line.
        { title: 'Qty', width: 55, align: 'right' },
        { title: 'Taxable', width: 60, align: 'right' },
        ...taxColumns(invoice),
        { title: 'Total', width: 40, align: 'right' },
    ];
    const rows = note.lines.map((line) => {
        const of = invoice.lines[line.line];
        // The delivery charge and a refund of an amount give back value, not goods: no quantity, as on the invoice.
        const quantity = of.kind === 'goods' && line.quantity ? uqcText(line.quantity, of.unit) : '—';
        const tax = !taxed(invoice) ? [] : invoice.intraState ? [amount(line.cgst), amount(line.sgst)] : [amount(line.igst)];
        return [String(line.line + 1), line.name, line.hsn ?? '—', quantity, amount(line.taxable), ...(taxed(invoice) ? [percent(line.gstPercent)] : []), ...tax, amount(line.lineTotal)];
    });
    write(doc, 'Amounts credited, in ₹', 40, undefined, { width: WIDTH, size: 8 });
    drawTable(doc, columns, rows, doc.y + 2);
}

function totals(doc: Pdf, note: CreditNote, invoice: TaxInvoice) {
    const tax: [string, string][] = invoice.intraState ? [['CGST', amount(note.cgst)], ['SGST', amount(note.sgst)]] : [['IGST', amount(note.igst)]];
    const rows: [string, string][] = [['Taxable value', amount(note.taxable)], ...(taxed(invoice) ? tax : [])];
    if (doc.y + (rows.length + 3) * 13 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    rows.forEach(([label, value], i) => {
        write(doc, label, 300, top + i * 13, { width: 160 });
        write(doc, value, 460, top + i * 13, { width: 95, align: 'right' });
    });
    const y = top + rows.length * 13 + 4;
    doc.moveTo(300, y).lineTo(555, y).lineWidth(0.8).strokeColor('black').stroke();
    write(doc, 'Total credited (₹)', 300, y + 4, { width: 160, weight: 'bold', size: 11 });
    write(doc, amount(note.total), 460, y + 4, { width: 95, align: 'right', weight: 'bold', size: 11 });
    write(doc, `Amount in words: ${amountInWords(note.total)}`, 40, y + 26, { width: WIDTH });
    doc.y = Math.max(doc.y, y + 30) + 6;
}

/**
 * A credit note as rule 53 of the CGST Rules asks: the supplier's name, address and GSTIN; "CREDIT NOTE"; its own
 * consecutive number and date; the recipient (and GSTIN when registered) and place of supply; the number and date of
 * the invoice it reverses; and per line the taxable value, rate and tax credited. Open: the caller pipes and ends it.
 */
export function creditNotePdf(note: CreditNote, invoice: TaxInvoice, zone: string): Pdf {
    const doc = newPdf(`Credit note ${note.number}`, invoice.seller.legalName);
    header(doc, invoice);
    details(doc, note, invoice, zone);
    linesTable(doc, note, invoice);
    totals(doc, note, invoice);
    const refund = note.refundReference ? `Refunded ${amount(note.refundAmount)} (${note.refundReference === 'manual' ? 'cash' : note.refundReference}). ` : '';
    const tax = taxed(invoice) ? "The tax above is reduced from the supplier's output tax (section 34 of the CGST Act)." : 'The bill of supply charged no tax, so none is reversed.';
    write(doc, `${refund}${tax} Computer generated; needs no signature.`, 40, undefined, { width: WIDTH, size: 8 });
    return doc;
}
