import { amount, newPdf, shopDateTime, write, type Pdf } from './pdfDocument';
import { drawTable, type Column } from './pdfTable';
import type { InvoiceLine, TaxInvoice } from './taxInvoice';
import { lineAmount, uqcText } from '../../../schema/measure';

const percent = (hundredths: number) => (hundredths ? `${hundredths / 100}%` : 'Nil');
const WIDTH = 515;
const LINE = 13;

const charged = (invoice: TaxInvoice) => invoice.kind !== 'bill-of-supply';
/** A coupon shared among the lines is shown on each (its value is net of it), as the discount's exclusion asks. */
const discounted = (invoice: TaxInvoice) => invoice.lines.some((line) => line.discount > 0);
const stateWithCode = (state: string | null, code: string | null | undefined) => (state ? `${state}${code ? ` (${code})` : ''}` : '—');

function sellerBlock(doc: Pdf, invoice: TaxInvoice) {
    const { seller } = invoice;
    write(doc, invoice.title, 40, 40, { width: WIDTH, align: 'right', weight: 'bold', size: 14 });
    write(doc, seller.legalName, 40, 40, { width: 330, weight: 'bold', size: 13 });
    const lines = [
        seller.address,
        seller.gstin ? `GSTIN: ${seller.gstin}` : 'Not registered under GST',
        seller.state && `State: ${stateWithCode(seller.state, seller.stateCode)}`,
        [seller.phone, seller.email].filter(Boolean).join(' · '),
    ];
    for (const line of lines) if (line) write(doc, line, 40, undefined, { width: 330 });
}

function buyerBlock(doc: Pdf, invoice: TaxInvoice, top: number) {
    write(doc, 'Bill to / Ship to', 40, top, { width: 250, weight: 'bold' });
    if (invoice.buyer.businessName) write(doc, invoice.buyer.businessName, 40, undefined, { width: 250, weight: 'bold' });
    write(doc, invoice.customer.name, 40, undefined, { width: 250 });
    if (invoice.buyer.gstin) write(doc, `GSTIN: ${invoice.buyer.gstin}`, 40, undefined, { width: 250 });
    if (invoice.address) write(doc, invoice.address, 40, undefined, { width: 250 });
    write(doc, `PIN ${invoice.pincode}`, 40, undefined, { width: 250 });
    write(doc, `State: ${stateWithCode(invoice.placeOfSupply, invoice.placeOfSupplyCode)}`, 40, undefined, { width: 250 });
    if (invoice.customer.email) write(doc, invoice.customer.email, 40, undefined, { width: 250 });
}

function detailsBlock(doc: Pdf, invoice: TaxInvoice, zone: string) {
    const top = Math.max(doc.y, 110) + 10;
    const noun = invoice.kind === 'bill-of-supply' ? 'Bill' : 'Invoice';
    const facts: [string, string][] = [
        [`${noun} number`, invoice.number],
        [`${noun} date`, shopDateTime(invoice.issuedAt, zone)],
        ['Order', `#${invoice.orderId} of ${shopDateTime(invoice.orderedAt, zone)}`],
        ['Payment', invoice.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'],
        ['Place of supply', stateWithCode(invoice.placeOfSupply, invoice.placeOfSupplyCode)],
        ...(charged(invoice) ? [['Reverse charge', 'No'] as [string, string]] : []),
    ];
    facts.forEach(([label, value], i) => {
        write(doc, label, 300, top + i * LINE, { width: 90, weight: 'bold' });
        write(doc, value, 390, top + i * LINE, { width: 165 });
    });
    buyerBlock(doc, invoice, top);
    doc.y = Math.max(doc.y, top + facts.length * LINE) + 12;
}

/** A line's quantity with its unit of quantity (rule 46(h)): "2 NOS", "1.25 KGS"; the delivery charge has none. */
const quantityCell = (line: InvoiceLine) => (line.kind === 'delivery' ? '—' : uqcText(line.quantity, line.unit));

/**
 * The columns: the HSN and quantity columns as wide as their longest text, so an 8-digit code or "12.345 KGS" is
 * never wrapped; the item takes the rest.
 */
function columnsOf(doc: Pdf, invoice: TaxInvoice): Column[] {
    doc.font('latin-regular').fontSize(9);
    const widest = (title: string, cells: string[]) => Math.ceil(Math.max(doc.widthOfString(title), ...cells.map((cell) => doc.widthOfString(cell)))) + 8;
    const hsnWidth = widest('HSN', invoice.lines.map((line) => line.hsn ?? '—'));
    const qtyWidth = Math.max(40, widest('Qty', invoice.lines.map(quantityCell)));
    const taxColumns: Column[] = !charged(invoice)
        ? []
        : [
              { title: 'Taxable', width: 52, align: 'right' },
              { title: 'GST', width: 30, align: 'right' },
              ...(invoice.intraState
                  ? ([{ title: 'CGST', width: 44, align: 'right' }, { title: 'SGST', width: 44, align: 'right' }] as Column[])
                  : [{ title: 'IGST', width: 88, align: 'right' } as Column]),
          ];
    const fixed: Column[] = [
        { title: 'HSN', width: hsnWidth },
        { title: 'Qty', width: qtyWidth, align: 'right' },
        { title: 'Rate', width: 50, align: 'right' },
        ...(discounted(invoice) ? [{ title: 'Discount', width: 48, align: 'right' } as Column] : []),
        ...taxColumns,
        { title: 'Total', width: 55, align: 'right' },
    ];
    const used = 18 + fixed.reduce((total, column) => total + column.width, 0);
    return [{ title: '#', width: 18 }, { title: 'Item', width: WIDTH - used }, ...fixed];
}

/** What the customer saved on a line against its MRP, in paise; 0 without an MRP or at it. */
export const savingOf = (line: Pick<InvoiceLine, 'mrp' | 'unitPrice' | 'quantity'>) => (line.mrp && line.mrp > line.unitPrice ? lineAmount(line.mrp - line.unitPrice, line.quantity) : 0);

/** The item's name, and under it the pack's MRP and what was saved on it, as the pack's price is printed. */
function itemCell(line: InvoiceLine): string {
    if (!line.mrp) return line.name;
    const saving = savingOf(line);
    return `${line.name}\nMRP ${amount(line.mrp)}${saving ? ` · You save ${amount(saving)}` : ''}`;
}

function cellsOf(invoice: TaxInvoice, line: InvoiceLine, index: number): string[] {
    const tax = !charged(invoice)
        ? []
        : [amount(line.taxable), percent(line.gstPercent), ...(invoice.intraState ? [amount(line.cgst), amount(line.sgst)] : [amount(line.igst)])];
    const discount = discounted(invoice) ? [line.discount ? `-${amount(line.discount)}` : '—'] : [];
    return [String(index + 1), itemCell(line), line.hsn ?? '—', quantityCell(line), amount(line.unitPrice), ...discount, ...tax, amount(line.lineTotal)];
}

function linesTable(doc: Pdf, invoice: TaxInvoice) {
    write(doc, 'Amounts in ₹', 40, undefined, { width: WIDTH, align: 'left', size: 8 });
    drawTable(doc, columnsOf(doc, invoice), invoice.lines.map((line, i) => cellsOf(invoice, line, i)), doc.y + 2);
}

function totalsRows(invoice: TaxInvoice): [string, string][] {
    const tax: [string, string][] = !charged(invoice)
        ? []
        : [
              ['Taxable value', amount(invoice.taxable)],
              ...(invoice.intraState
                  ? ([['CGST', amount(invoice.cgst)], ['SGST', amount(invoice.sgst)]] as [string, string][])
                  : [['IGST', amount(invoice.igst)] as [string, string]]),
          ];
    return [
        ...tax,
        [charged(invoice) ? 'Items (GST included)' : 'Items', amount(invoice.subtotal)],
        ...(invoice.discount ? [[`Coupon${invoice.couponCode ? ` ${invoice.couponCode}` : ''}`, `-${amount(invoice.discount)}`] as [string, string]] : []),
        ['Delivery charge', amount(invoice.deliveryCharge)],
    ];
}

function totalsBlock(doc: Pdf, invoice: TaxInvoice) {
    const rows = totalsRows(invoice);
    if (doc.y + (rows.length + 5) * LINE > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    rows.forEach(([label, value], i) => {
        write(doc, label, 300, top + i * LINE, { width: 160 });
        write(doc, value, 460, top + i * LINE, { width: 95, align: 'right' });
    });
    const y = top + rows.length * LINE + 4;
    doc.moveTo(300, y).lineTo(555, y).lineWidth(0.8).strokeColor('black').stroke();
    write(doc, 'Total (₹)', 300, y + 4, { width: 160, weight: 'bold', size: 11 });
    write(doc, amount(invoice.total), 460, y + 4, { width: 95, align: 'right', weight: 'bold', size: 11 });
    write(doc, `Amount in words: ${invoice.totalInWords}`, 40, y + 26, { width: WIDTH });
    const saved = invoice.lines.reduce((total, line) => total + savingOf(line), 0);
    if (saved) write(doc, `You saved ₹${amount(saved)} on the MRP of these goods.`, 40, undefined, { width: WIDTH, weight: 'bold' });
    doc.y += 10;
}

/** The closing note: what kind of document this is and why, as the rules ask it to say. */
function closingNote(invoice: TaxInvoice): string {
    const missing = invoice.seller.setupMissing ?? [];
    const notes = [
        invoice.kind === 'bill-of-supply'
            ? invoice.seller.gstin
                ? 'Bill of supply: the goods are exempt from GST (nil-rated), so no tax is charged.'
                : 'Bill of supply: the supplier is not registered under GST and charges no GST.'
            : 'Prices include GST. Tax is not payable on reverse charge.',
        invoice.kind === 'invoice-cum-bill-of-supply' ? 'Lines at a Nil rate are exempt supplies billed together with the taxed ones (CGST Rules, rule 46A).' : '',
        missing.length && invoice.kind !== 'bill-of-supply' ? `Not a tax invoice: the shop had not yet set its ${missing.join(', ')} when this was issued.` : '',
        'This document is computer generated and needs no signature.',
    ];
    return notes.filter(Boolean).join(' ');
}

/**
 * The order's document as the CGST Rules ask (rule 46 a tax invoice, 46A an invoice-cum-bill of supply, 49 a bill of
 * supply): the supplier's name, address and GSTIN, a serial number and date, the recipient (and their GSTIN), the
 * delivery address and its state, each line's HSN code, quantity and unit, value, taxable value, rate and tax (CGST
 * and SGST within the state, IGST across states), the place of supply with its state code, reverse charge, and the
 * total in words. Answers the document, still open: the caller pipes it and calls `end()`.
 */
export function invoicePdf(invoice: TaxInvoice, zone: string): Pdf {
    const doc = newPdf(`${invoice.title} ${invoice.number}`, invoice.seller.legalName);
    sellerBlock(doc, invoice);
    detailsBlock(doc, invoice, zone);
    linesTable(doc, invoice);
    totalsBlock(doc, invoice);
    write(doc, closingNote(invoice), 40, undefined, { width: WIDTH, size: 8 });
    return doc;
}
