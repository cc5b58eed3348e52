import type { Kysely } from 'kysely';
import { stateCode } from '../../../schema/gstin';
import type { Database } from '../../db/tables';
import { conflict } from '../../infra/errors';
import type { InvoiceBuyer, InvoiceSeller } from '../orders/invoiceNumber';
import { ORDER_COLUMNS, type OrderRow } from '../orders/orderRecord';
import { amountInWords } from './amountInWords';
import { deliveryFigures } from './deliveryLine';
import { documentKind, documentTitle, type DocumentKind } from './documentKind';
import { PER_UNIT, unitOf, type Unit } from '../../../schema/measure';

/** One line of a tax invoice, in paise. Prices include GST, so the taxable value is what is left once it is out. */
export interface InvoiceLine {
    /** `goods`: an order line; `delivery`: the order's delivery charge, taxed as the rule in settings says. */
    kind: 'goods' | 'delivery';
    name: string;
    hsn: string | null;
    /** Thousandths of `unit` (schema/measure.ts). */
    quantity: number;
    /** The Unique Quantity Code of the quantity (rule 46(h)): NOS by the piece or pack, KGS or LTR for loose goods. */
    unit: Unit;
    unitPrice: number;
    /** The maximum retail price of one unit, when the product had one as the invoice was made: the line shows the saving. */
    mrp: number | null;
    /** Unit price × quantity, GST included, before the coupon. */
    gross: number;
    /** The line's share of the coupon's discount: not part of its value (CGST Act section 15(3)(a)). */
    discount: number;
    /** Hundredths of a percent (500 is 5 %); 0 for nil-rated or exempt goods, and on a bill of an unregistered shop. */
    gstPercent: number;
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    /** What is paid for the line: gross − discount = taxable + tax. */
    lineTotal: number;
}

export interface TaxInvoice {
    /** Which document this is (rules 46, 46A, 49), and the title it prints. */
    kind: DocumentKind;
    title: string;
    number: string;
    /** When the order was paid (online) or delivered (cash on delivery): the invoice's date. */
    issuedAt: string;
    orderId: number;
    orderedAt: string;
    paymentMethod: 'online' | 'cod';
    seller: InvoiceSeller;
    customer: { name: string; email: string | null };
    /** A business customer's GSTIN and name when they gave them (a B2B invoice), else nulls. */
    buyer: InvoiceBuyer;
    address: string | null;
    pincode: string;
    placeOfSupply: string | null;
    /** The place of supply's GST state code ('07' Delhi). */
    placeOfSupplyCode: string | null;
    /** Delivered within the seller's state: CGST + SGST; elsewhere IGST. */
    intraState: boolean;
    /** Goods lines, then the delivery charge's line when there is a charge. */
    lines: InvoiceLine[];
    /** Taxable value and tax of every line, the delivery charge's included. */
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    /** The goods lines' total (GST included), before the coupon; the delivery charge is apart. */
    subtotal: number;
    couponCode: string | null;
    discount: number;
    /**
     * Whether the discount is shared among the lines (their values and tax are net of it). False only on invoices
     * issued before it was, which took it off the total: their lines add up to the total plus the discount.
     */
    discountOnLines: boolean;
    deliveryCharge: number;
    total: number;
    totalInWords: string;
    /** Rule 46(p): whether tax is payable on reverse charge. A shop's retail sales never are. */
    reverseCharge: false;
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

type LineRow = { name: string; hsn: string | null; mrp?: number | null; quantity: number; unit?: Unit; unitPrice: number; gstPercent: number; lineTotal: number; discount: number; tax: number };
type InvoiceRow = OrderRow & { invoiceSeller: string | null; invoiceBuyer: string | null; placeOfSupply: string | null };

const sum = (lines: InvoiceLine[], key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal' | 'gross' | 'discount') => lines.reduce((total, line) => total + line[key], 0);
const NO_BUYER: InvoiceBuyer = { gstin: null, businessName: null };

/** The goods lines and the delivery charge's, split by place of supply; a shop without a GSTIN charges no GST. */
function invoiceLines(lineRows: LineRow[], row: InvoiceRow, seller: InvoiceSeller, intraState: boolean): InvoiceLine[] {
    const registered = Boolean(seller.gstin);
    const line = (kind: InvoiceLine['kind'], from: LineRow): InvoiceLine => {
        const tax = registered ? from.tax : 0;
        const value = from.lineTotal - from.discount;
        return {
            kind,
            name: from.name,
            hsn: from.hsn,
            quantity: from.quantity,
            unit: unitOf(from.unit),
            unitPrice: from.unitPrice,
            mrp: from.mrp ?? null,
            gross: from.lineTotal,
            discount: from.discount,
            gstPercent: registered ? from.gstPercent : 0,
            taxable: value - tax,
            ...splitTax(tax, intraState),
            lineTotal: value,
        };
    };
    const goods = lineRows.map((from) => line('goods', from));
    if (!row.deliveryCharge) return goods;
    const delivery = deliveryFigures(seller.deliveryGst ?? 'principal', lineRows, row.deliveryCharge);
    return [...goods, line('delivery', { name: 'Delivery charge', quantity: PER_UNIT, unitPrice: row.deliveryCharge, discount: 0, ...delivery })];
}

/** The invoice's figures from the order as it was kept: they add up to the order's total to the paisa. */
export function invoiceOf(row: InvoiceRow, lineRows: LineRow[]): TaxInvoice {
    if (!row.invoiceNumber || !row.invoicedAt || !row.invoiceSeller) throw conflict(NO_INVOICE_YET);
    const seller = JSON.parse(row.invoiceSeller) as InvoiceSeller;
    const buyer = row.invoiceBuyer ? (JSON.parse(row.invoiceBuyer) as InvoiceBuyer) : NO_BUYER;
    // A shop that has not said its state cannot tell: the goods are taken as supplied where it is.
    const intraState = !seller.state || !row.placeOfSupply || row.placeOfSupply === seller.state;
    const lines = invoiceLines(lineRows, row, seller, intraState);
    const kind = documentKind(Boolean(seller.gstin), Boolean(buyer.gstin), lines);
    const placeOfSupply = row.placeOfSupply ?? seller.state;
    const goods = lines.filter((line) => line.kind === 'goods');
    const total = sum(goods, 'gross') - row.discount + row.deliveryCharge;
    return {
        kind,
        title: documentTitle(kind, !seller.setupMissing?.length),
        number: row.invoiceNumber,
        issuedAt: row.invoicedAt,
        orderId: row.id,
        orderedAt: row.createdAt,
        paymentMethod: row.paymentMethod,
        seller,
        customer: { name: row.customerName, email: row.customerEmail },
        buyer,
        address: row.address,
        pincode: row.pincode,
        placeOfSupply,
        placeOfSupplyCode: stateCode(placeOfSupply) ?? null,
        intraState,
        lines,
        taxable: sum(lines, 'taxable'),
        cgst: sum(lines, 'cgst'),
        sgst: sum(lines, 'sgst'),
        igst: sum(lines, 'igst'),
        subtotal: sum(goods, 'gross'),
        couponCode: row.couponCode,
        discount: row.discount,
        discountOnLines: sum(goods, 'discount') === row.discount,
        deliveryCharge: row.deliveryCharge,
        total,
        totalInWords: amountInWords(total),
        reverseCharge: false,
    };
}

/**
 * An order's tax invoice, or undefined when there is no such order (or it is not `customerId`'s, when given):
 * someone else's order is answered as missing, so ids cannot be probed. 409 when it has no invoice yet.
 */
export async function loadInvoice(db: Kysely<Database>, orderId: number, customerId?: number): Promise<TaxInvoice | undefined> {
    let query = db
        .selectFrom('orders')
        .select([...ORDER_COLUMNS, 'orders.invoiceSeller', 'orders.invoiceBuyer', 'orders.placeOfSupply'])
        .where('orders.id', '=', orderId);
    if (customerId !== undefined) query = query.where('orders.customerId', '=', customerId);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return invoiceOf(row as InvoiceRow & typeof row, (await linesOf(db, [orderId])).get(orderId)!);
}

/** The lines of orders, in their order, by order id. */
export async function linesOf(db: Kysely<Database>, orderIds: number[]): Promise<Map<number, LineRow[]>> {
    const rows = orderIds.length
        ? await db
              .selectFrom('orderLines')
              .select(['orderId', 'name', 'hsn', 'mrp', 'quantity', 'unit', 'unitPrice', 'gstPercent', 'lineTotal', 'discount', 'tax'])
              .where('orderId', 'in', orderIds)
              .orderBy('id')
              .execute()
        : [];
    const byOrder = new Map<number, LineRow[]>(orderIds.map((id) => [id, []]));
    for (const row of rows) byOrder.get(row.orderId)?.push(row);
    return byOrder;
}
