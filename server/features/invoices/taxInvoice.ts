import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../infra/errors';
import type { InvoiceSeller } from '../orders/invoiceNumber';
import { ORDER_COLUMNS, type OrderRow } from '../orders/orderRecord';

/** One line of a tax invoice, in paise. Prices include GST, so the taxable value is what is left once it is out. */
export interface InvoiceLine {
    name: string;
    hsn: string | null;
    quantity: number;
    unitPrice: number;
    /** Hundredths of a percent (500 is 5 %). */
    gstPercent: number;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    lineTotal: number;
}

export interface TaxInvoice {
    number: string;
    /** When the order was paid (online) or delivered (cash on delivery): the invoice's date. */
    issuedAt: string;
    orderId: number;
    orderedAt: string;
    paymentMethod: 'online' | 'cod';
    seller: InvoiceSeller;
    customer: { name: string; email: string };
    address: string | null;
    pincode: string;
    placeOfSupply: string | null;
    /** Delivered within the seller's state: CGST + SGST; elsewhere IGST. */
    intraState: boolean;
    lines: InvoiceLine[];
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    subtotal: number;
    couponCode: string | null;
    discount: number;
    deliveryCharge: number;
    total: number;
}

export const NO_INVOICE_YET =
    'This order has no tax invoice yet: an order gets one when it is paid (online) or delivered (cash on delivery).';

/**
 * A line's GST split by where it is supplied. Within the state it is half CGST and half SGST (the odd paisa, if
 * any, to CGST, so the two add up to the line's tax exactly); outside it is all IGST.
 */
export function splitTax(tax: number, intraState: boolean) {
    if (!intraState) return { cgst: 0, sgst: 0, igst: tax };
    const cgst = Math.ceil(tax / 2);
    return { cgst, sgst: tax - cgst, igst: 0 };
}

type LineRow = { name: string; hsn: string | null; quantity: number; unitPrice: number; gstPercent: number; lineTotal: number; tax: number };

const sum = (lines: InvoiceLine[], key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal') => lines.reduce((total, line) => total + line[key], 0);

/** The invoice's figures from the order as it was kept: they add up to the order's total to the paisa. */
export function invoiceOf(row: OrderRow & { invoiceSeller: string | null; placeOfSupply: string | null }, lineRows: LineRow[]): TaxInvoice {
    if (!row.invoiceNumber || !row.invoicedAt || !row.invoiceSeller) throw conflict(NO_INVOICE_YET);
    const seller = JSON.parse(row.invoiceSeller) as InvoiceSeller;
    // A shop that has not said its state cannot tell: the goods are taken as supplied where it is.
    const intraState = !seller.state || !row.placeOfSupply || row.placeOfSupply === seller.state;
    const lines = lineRows.map((line) => ({
        name: line.name,
        hsn: line.hsn,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        gstPercent: line.gstPercent,
        taxable: line.lineTotal - line.tax,
        ...splitTax(line.tax, intraState),
        lineTotal: line.lineTotal,
    }));
    return {
        number: row.invoiceNumber,
        issuedAt: row.invoicedAt,
        orderId: row.id,
        orderedAt: row.createdAt,
        paymentMethod: row.paymentMethod,
        seller,
        customer: { name: row.customerName, email: row.customerEmail },
        address: row.address,
        pincode: row.pincode,
        placeOfSupply: row.placeOfSupply ?? seller.state,
        intraState,
        lines,
        taxable: sum(lines, 'taxable'),
        cgst: sum(lines, 'cgst'),
        sgst: sum(lines, 'sgst'),
        igst: sum(lines, 'igst'),
        subtotal: sum(lines, 'lineTotal'),
        couponCode: row.couponCode,
        discount: row.discount,
        deliveryCharge: row.deliveryCharge,
        total: sum(lines, 'lineTotal') - row.discount + row.deliveryCharge,
    };
}

/**
 * An order's tax invoice, or undefined when there is no such order (or it is not `customerId`'s, when given):
 * someone else's order is answered as missing, so ids cannot be probed. 409 when it has no invoice yet.
 */
export async function loadInvoice(db: Kysely<Database>, orderId: number, customerId?: number): Promise<TaxInvoice | undefined> {
    let query = db.selectFrom('orders').select([...ORDER_COLUMNS, 'orders.invoiceSeller', 'orders.placeOfSupply']).where('orders.id', '=', orderId);
    if (customerId !== undefined) query = query.where('orders.customerId', '=', customerId);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return invoiceOf(row as OrderRow & typeof row, (await linesOf(db, [orderId])).get(orderId)!);
}

/** The lines of orders, in their order, by order id. */
export async function linesOf(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, LineRow[]>> {
    const rows = orderIds.length
        ? await db
              .selectFrom('orderLines')
              .select(['orderId', 'name', 'hsn', 'quantity', 'unitPrice', 'gstPercent', 'lineTotal', 'tax'])
              .where('orderId', 'in', orderIds)
              .orderBy('id')
              .execute()
        : [];
    const byOrder = new Map<number, LineRow[]>(orderIds.map((id) => [id, []]));
    for (const row of rows) byOrder.get(row.orderId)?.push(row);
    return byOrder;
}
