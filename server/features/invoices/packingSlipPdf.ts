import { amount, newPdf, shopDateTime, write, type Pdf } from './pdfDocument';
import { drawTable, type Column } from './pdfTable';
import { inUnits, quantityText, type Unit } from '../../../schema/measure';

/** What a packer and a rider need of an order: who, where, how to reach them, what, how many, and what to collect. */
export interface PackingSlip {
    orderId: number;
    orderedAt: string;
    status: string;
    paymentMethod: 'online' | 'cod';
    customerName: string;
    customerPhone: string | null;
    address: string | null;
    pincode: string;
    deliveryNote: string | null;
    /** The delivery slot as people read it ("Monday 30 November 2026, 18:00–20:00 (Evening)"), or null. */
    slot: string | null;
    /** Paise the rider collects at the door: the total of a cash-on-delivery order not yet paid, else 0. */
    toCollect: number;
    /** Quantities in thousandths of their unit (schema/measure.ts). */
    lines: { name: string; sku: string | null; barcode: string | null; quantity: number; unit: Unit }[];
}

/** The sheet the slip is printed on: A4 for the packing table, A6 for a label stuck on the bag. */
export const SLIP_SIZES = ['a4', 'a6'] as const;
export type SlipSize = (typeof SLIP_SIZES)[number];

interface Layout {
    margin: number;
    /** Text sizes: the order line, the customer's block, the rest. */
    big: number;
    text: number;
    columns: Column[];
    /** Whether the table has the packer's tick column (a label has no room, and the rider no use, for it). */
    tick: boolean;
}

const LAYOUTS: Record<SlipSize, Layout> = {
    a4: {
        margin: 40,
        big: 11,
        text: 9,
        tick: true,
        columns: [
            { title: '#', width: 25 },
            { title: 'Item', width: 250 },
            { title: 'SKU / barcode', width: 140 },
            { title: 'Qty', width: 50, align: 'right' },
            { title: 'Packed', width: 50, align: 'center' },
        ],
    },
    // A6 is 297.6 × 419.5 points: 14-point margins leave 269 across.
    a6: {
        margin: 14,
        big: 10,
        text: 8,
        tick: false,
        columns: [
            { title: '#', width: 16 },
            { title: 'Item', width: 140 },
            { title: 'SKU / barcode', width: 83 },
            { title: 'Qty', width: 30, align: 'right' },
        ],
    },
};

const rupees = (paise: number) => `₹${amount(paise)}`;

/** What the rider does about money, in one line: the amount to collect, or that there is none. */
export const collectLine = (slip: Pick<PackingSlip, 'paymentMethod' | 'toCollect'>) =>
    slip.toCollect > 0 ? `Cash on delivery: Collect ${rupees(slip.toCollect)}` : slip.paymentMethod === 'cod' ? 'Cash on delivery: already paid, nothing to collect' : 'Paid online: nothing to collect';

function slipPage(doc: Pdf, slip: PackingSlip, shopName: string, zone: string, layout: Layout) {
    const left = layout.margin;
    const width = doc.page.width - 2 * layout.margin;
    const top = layout.margin;
    write(doc, 'PACKING SLIP', left, top, { width, align: 'right', weight: 'bold', size: layout.big + 2 });
    write(doc, shopName, left, top, { width: width * 0.6, weight: 'bold', size: layout.big });
    write(doc, `Order #${slip.orderId} · ${shopDateTime(slip.orderedAt, zone)}`, left, doc.y + 8, { width, weight: 'bold', size: layout.big });
    if (slip.slot) write(doc, `Slot: ${slip.slot}`, left, undefined, { width, weight: 'bold', size: layout.big });
    write(doc, collectLine(slip), left, undefined, { width, weight: slip.toCollect > 0 ? 'bold' : 'regular', size: slip.toCollect > 0 ? layout.big : layout.text });
    write(doc, 'Deliver to', left, doc.y + 6, { width, weight: 'bold', size: layout.text });
    write(doc, slip.customerName, left, undefined, { width, size: layout.big });
    if (slip.customerPhone) write(doc, `Phone ${slip.customerPhone}`, left, undefined, { width, size: layout.big, weight: 'bold' });
    if (slip.address) write(doc, slip.address, left, undefined, { width, size: layout.big });
    write(doc, `PIN ${slip.pincode}`, left, undefined, { width, size: layout.big });
    if (slip.deliveryNote) write(doc, `Note: ${slip.deliveryNote}`, left, doc.y + 4, { width, size: layout.text, weight: 'bold' });
    const rows = slip.lines.map((line, i) => [
        String(i + 1),
        line.name,
        [line.sku, line.barcode].filter(Boolean).join(' / ') || '—',
        quantityText(line.quantity, line.unit),
        ...(layout.tick ? [''] : []),
    ]);
    const end = drawTable(doc, layout.columns, rows, doc.y + 8);
    // Pieces add up; loose goods are weighed out, one item each.
    const pieces = inUnits(slip.lines.filter((line) => line.unit === 'NOS').reduce((total, line) => total + line.quantity, 0));
    const loose = slip.lines.filter((line) => line.unit !== 'NOS').length;
    const counts = [`${slip.lines.length} ${slip.lines.length === 1 ? 'item' : 'items'}`, ...(pieces ? [`${pieces} ${pieces === 1 ? 'unit' : 'units'}`] : []), ...(loose ? [`${loose} weighed`] : [])];
    write(doc, counts.join(', '), left, end, { width, weight: 'bold', size: layout.text });
}

/** One page (or more, for a long order) per order, in the order given, on A4 or A6. Answers the open document. */
export function packingSlipsPdf(slips: PackingSlip[], shopName: string, zone: string, size: SlipSize = 'a4'): Pdf {
    const layout = LAYOUTS[size];
    const title = slips.length === 1 ? `Packing slip, order ${slips[0].orderId}` : `Packing slips, ${slips.length} orders`;
    const doc = newPdf(title, shopName, { size: size === 'a6' ? 'A6' : 'A4', margin: layout.margin });
    slips.forEach((slip, i) => {
        if (i > 0) doc.addPage();
        slipPage(doc, slip, shopName, zone, layout);
    });
    return doc;
}
