import { amount, newPdf, shopDateTime, write, type Pdf } from './pdfDocument';
import { drawTable, type Column } from './pdfTable';
import type { TaxInvoice } from './taxInvoice';

const percent = (hundredths: number) => `${hundredths / 100}%`;
const WIDTH = 515;

function sellerBlock(doc: Pdf, invoice: TaxInvoice) {
    const { seller } = invoice;
    write(doc, 'TAX INVOICE', 40, 40, { width: WIDTH, align: 'right', weight: 'bold', size: 14 });
    write(doc, seller.legalName, 40, 40, { width: 330, weight: 'bold', size: 13 });
    for (const line of [seller.address, seller.gstin && `GSTIN: ${seller.gstin}`, seller.state && `State: ${seller.state}${seller.stateCode ? ` (code ${seller.stateCode})` : ''}`]) {
        if (line) write(doc, line, 40, undefined, { width: 330 });
    }
    const contact = [seller.phone, seller.email].filter(Boolean).join(' · ');
    if (contact) write(doc, contact, 40, undefined, { width: 330 });
}

function detailsBlock(doc: Pdf, invoice: TaxInvoice, zone: string) {
    const top = Math.max(doc.y, 110) + 10;
    const placeCode = invoice.placeOfSupply === invoice.seller.state ? invoice.seller.stateCode : null;
    const facts: [string, string][] = [
        ['Invoice number', invoice.number],
        ['Invoice date', shopDateTime(invoice.issuedAt, zone)],
        ['Order', `#${invoice.orderId} of ${shopDateTime(invoice.orderedAt, zone)}`],
        ['Payment', invoice.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'],
        ['Place of supply', invoice.placeOfSupply ? `${invoice.placeOfSupply}${placeCode ? ` (${placeCode})` : ''}` : '—'],
    ];
    facts.forEach(([label, value], i) => {
        write(doc, label, 300, top + i * 13, { width: 90, weight: 'bold' });
        write(doc, value, 390, top + i * 13, { width: 165 });
    });
    write(doc, 'Bill to / Ship to', 40, top, { width: 250, weight: 'bold' });
    write(doc, invoice.customer.name, 40, undefined, { width: 250 });
    if (invoice.address) write(doc, invoice.address, 40, undefined, { width: 250 });
    write(doc, `PIN ${invoice.pincode}`, 40, undefined, { width: 250 });
    write(doc, invoice.customer.email, 40, undefined, { width: 250 });
    doc.y = Math.max(doc.y, top + facts.length * 13) + 12;
}

function linesTable(doc: Pdf, invoice: TaxInvoice) {
    const taxColumns: Column[] = invoice.intraState
        ? [{ title: 'CGST', width: 45, align: 'right' }, { title: 'SGST', width: 45, align: 'right' }]
        : [{ title: 'IGST', width: 90, align: 'right' }];
    const columns: Column[] = [
        { title: '#', width: 20 },
        { title: 'Item', width: 150 },
        { title: 'HSN', width: 45 },
        { title: 'Qty', width: 30, align: 'right' },
        { title: 'Rate', width: 50, align: 'right' },
        { title: 'Taxable', width: 55, align: 'right' },
        { title: 'GST', width: 30, align: 'right' },
        ...taxColumns,
        { title: 'Total', width: 45, align: 'right' },
    ];
    const rows = invoice.lines.map((line, i) => [
        String(i + 1),
        line.name,
        line.hsn ?? '—',
        String(line.quantity),
        amount(line.unitPrice),
        amount(line.taxable),
        percent(line.gstPercent),
        ...(invoice.intraState ? [amount(line.cgst), amount(line.sgst)] : [amount(line.igst)]),
        amount(line.lineTotal),
    ]);
    write(doc, 'Amounts in ₹', 40, undefined, { width: WIDTH, align: 'left', size: 8 });
    drawTable(doc, columns, rows, doc.y + 2);
}

function totalsBlock(doc: Pdf, invoice: TaxInvoice) {
    const rows: [string, string][] = [
        ['Taxable value', amount(invoice.taxable)],
        ...(invoice.intraState ? ([['CGST', amount(invoice.cgst)], ['SGST', amount(invoice.sgst)]] as [string, string][]) : [['IGST', amount(invoice.igst)] as [string, string]]),
        ['Items (GST included)', amount(invoice.subtotal)],
        ...(invoice.discount ? [[`Coupon${invoice.couponCode ? ` ${invoice.couponCode}` : ''}`, `-${amount(invoice.discount)}`] as [string, string]] : []),
        ['Delivery charge', amount(invoice.deliveryCharge)],
    ];
    if (doc.y + (rows.length + 2) * 13 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    rows.forEach(([label, value], i) => {
        write(doc, label, 300, top + i * 13, { width: 160 });
        write(doc, value, 460, top + i * 13, { width: 95, align: 'right' });
    });
    const y = top + rows.length * 13 + 4;
    doc.moveTo(300, y).lineTo(555, y).lineWidth(0.8).strokeColor('black').stroke();
    write(doc, 'Total (₹)', 300, y + 4, { width: 160, weight: 'bold', size: 11 });
    write(doc, amount(invoice.total), 460, y + 4, { width: 95, align: 'right', weight: 'bold', size: 11 });
    doc.y = y + 30;
}

/**
 * The tax invoice of an order, as rule 46 of the CGST Rules asks: the supplier's name, address and GSTIN, a serial
 * number and date, the recipient and delivery address, each line's HSN code, quantity, value, taxable value and tax
 * (CGST and SGST within the state, IGST across states), and the place of supply. Answers the document, still open:
 * the caller pipes it and calls `end()`.
 */
export function invoicePdf(invoice: TaxInvoice, zone: string): Pdf {
    const doc = newPdf(`Tax invoice ${invoice.number}`, invoice.seller.legalName);
    sellerBlock(doc, invoice);
    detailsBlock(doc, invoice, zone);
    linesTable(doc, invoice);
    totalsBlock(doc, invoice);
    write(doc, 'Prices include GST. Tax is not payable on reverse charge. This invoice is computer generated and needs no signature.', 40, undefined, {
        width: WIDTH,
        size: 8,
    });
    return doc;
}
