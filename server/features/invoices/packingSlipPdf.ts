import { newPdf, shopDateTime, write, type Pdf } from './pdfDocument';
import { drawTable, type Column } from './pdfTable';

/** What a packer needs of an order: who, where, what and how many; no prices. */
export interface PackingSlip {
    orderId: number;
    orderedAt: string;
    status: string;
    paymentMethod: 'online' | 'cod';
    customerName: string;
    address: string | null;
    pincode: string;
    lines: { name: string; sku: string | null; barcode: string | null; quantity: number }[];
}

const COLUMNS: Column[] = [
    { title: '#', width: 25 },
    { title: 'Item', width: 250 },
    { title: 'SKU / barcode', width: 140 },
    { title: 'Qty', width: 50, align: 'right' },
    { title: 'Packed', width: 50, align: 'center' },
];

function slipPage(doc: Pdf, slip: PackingSlip, shopName: string, zone: string) {
    write(doc, 'PACKING SLIP', 40, 40, { width: 515, align: 'right', weight: 'bold', size: 14 });
    write(doc, shopName, 40, 40, { width: 330, weight: 'bold', size: 12 });
    write(doc, `Order #${slip.orderId} · ${shopDateTime(slip.orderedAt, zone)}`, 40, 75, { width: 515, weight: 'bold', size: 11 });
    write(doc, slip.paymentMethod === 'cod' ? 'Cash on delivery: collect the payment at the door' : 'Paid online', 40, undefined, { width: 515 });
    write(doc, 'Deliver to', 40, doc.y + 8, { width: 515, weight: 'bold' });
    write(doc, slip.customerName, 40, undefined, { width: 515, size: 11 });
    if (slip.address) write(doc, slip.address, 40, undefined, { width: 515, size: 11 });
    write(doc, `PIN ${slip.pincode}`, 40, undefined, { width: 515, size: 11 });
    const rows = slip.lines.map((line, i) => [String(i + 1), line.name, [line.sku, line.barcode].filter(Boolean).join(' / ') || '—', String(line.quantity), '']);
    const end = drawTable(doc, COLUMNS, rows, doc.y + 12);
    const units = slip.lines.reduce((total, line) => total + line.quantity, 0);
    write(doc, `${slip.lines.length} ${slip.lines.length === 1 ? 'item' : 'items'}, ${units} ${units === 1 ? 'unit' : 'units'}`, 40, end, { width: 515, weight: 'bold' });
}

/** One page (or more, for a long order) per order, in the order given. Answers the open document. */
export function packingSlipsPdf(slips: PackingSlip[], shopName: string, zone: string): Pdf {
    const doc = newPdf(slips.length === 1 ? `Packing slip, order ${slips[0].orderId}` : `Packing slips, ${slips.length} orders`, shopName);
    slips.forEach((slip, i) => {
        if (i > 0) doc.addPage();
        slipPage(doc, slip, shopName, zone);
    });
    return doc;
}
