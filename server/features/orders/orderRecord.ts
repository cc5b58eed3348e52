import type { Kysely, Selectable } from 'kysely';
import type { Database, OrderStatus } from '../../db/tables';
import { fromUnits } from '../../engine/money';
import type { OrderLine } from '../../../schema/orderLine';
import { inUnits, UNITS } from '../../../schema/measure';
import { ORDER_STATUSES, nextStatuses } from './workflow';
import { creditNotesOf } from '../creditNotes/creditNote';

// Orders answer amounts in rupees (JSON numbers, 120.5), as every other amount of the API; they are kept in paise.
const rupees = (paise: number) => fromUnits(paise, 2);

export const ORDER_COLUMNS = [
    'orders.id',
    'orders.customerId',
    'orders.customerName',
    'orders.customerEmail',
    'orders.customerPhone',
    'orders.deliveryNote',
    'orders.pincode',
    'orders.address',
    'orders.paymentMethod',
    'orders.status',
    'orders.subtotal',
    'orders.taxTotal',
    'orders.deliveryCharge',
    'orders.discount',
    'orders.totalPrice',
    'orders.couponCode',
    'orders.paidAt',
    'orders.paymentReference',
    'orders.refundReference',
    'orders.refundedAt',
    'orders.invoiceNumber',
    'orders.invoicedAt',
    'orders.slotId',
    'orders.slotDate',
    'orders.createdAt',
    'orders.updatedAt',
] as const;

export type OrderRow = Pick<
    Selectable<Database['orders']>,
    | 'customerId' | 'customerName' | 'customerEmail' | 'customerPhone' | 'deliveryNote' | 'pincode' | 'address' | 'paymentMethod' | 'status' | 'subtotal' | 'taxTotal'
    | 'deliveryCharge' | 'discount' | 'totalPrice' | 'couponCode' | 'paidAt' | 'paymentReference' | 'refundReference' | 'refundedAt' | 'invoiceNumber' | 'invoicedAt' | 'createdAt' | 'updatedAt'
> & { id: number } & SlotColumns;

/** The delivery slot an order booked and its day, or nulls. */
type SlotColumns = { slotId: number | null; slotDate: string | null };

const money = { type: 'number', description: 'Rupees' } as const;
const quantitySchema = { type: 'number', description: 'Pieces, or kg or litres of loose goods (0.75)' } as const;
const unitSchema = { type: 'string', enum: UNITS, description: 'NOS: pieces; KGS: kilograms; LTR: litres' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const status = { type: 'string', enum: ORDER_STATUSES } as const;

/** One row of GET /orderr: the legacy fields (id, customer, totalPrice, products, createdAt) and the workflow's. */
export const orderSummary = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        customer: {
            type: 'object',
            properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: ['string', 'null'], description: 'Null when the customer gave only a phone' }, phone: { type: ['string', 'null'], description: 'The phone the customer gave, as it was when they ordered' } },
        },
        totalPrice: money,
        products: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, quantity: quantitySchema } } },
        createdAt: { type: 'string' },
        status,
        paymentMethod: { type: 'string', enum: ['online', 'cod'] },
        paidAt: nullableText,
        pincode: { type: 'string' },
        slotId: { type: ['integer', 'null'], description: 'The delivery slot booked (GET /delivery-slots/{id}), or null' },
        slotDate: { type: ['string', 'null'], description: "The shop's day of the delivery slot, YYYY-MM-DD" },
        updatedAt: { type: 'string', description: 'When the order last changed (its status, lines, slot or note): a mirror reads the orders changed since with updatedAt_gte' },
    },
} as const;

/** GET /orderr/{id}: the order whole. */
export const orderDetail = {
    type: 'object',
    properties: {
        ...orderSummary.properties,
        address: nullableText,
        deliveryNote: { type: ['string', 'null'], description: 'What staff tell the rider (gate code, call first); set with PUT /orderr/{id}/delivery-note' },
        subtotal: money,
        taxTotal: money,
        deliveryCharge: money,
        discount: money,
        couponCode: nullableText,
        paymentReference: nullableText,
        refundReference: { type: ['string', 'null'], description: "The provider's refund id (rfnd_…), or 'manual' for cash handed back" },
        refundedAt: nullableText,
        invoiceNumber: { type: ['string', 'null'], description: 'The tax invoice number, once the order is paid (online) or delivered (cash on delivery)' },
        invoicedAt: nullableText,
        updatedAt: { type: 'string' },
        paymentLink: { type: ['string', 'null'], description: "Staff: the link that pays this unpaid online order's current total, to give a customer without an e-mail (or again)" },
        lines: {
            type: 'array',
            items: {
                type: 'object',
                properties: {
                    productId: { type: ['integer', 'null'] },
                    name: { type: 'string' },
                    unitPrice: { ...money, description: 'Rupees a piece, kg or litre' },
                    quantity: quantitySchema,
                    unit: unitSchema,
                    gstPercent: { type: 'number' },
                    lineTotal: money,
                    tax: money,
                },
            },
        },
        history: {
            type: 'array',
            items: {
                type: 'object',
                properties: {
                    fromStatus: { type: ['string', 'null'] },
                    toStatus: { type: 'string' },
                    note: nullableText,
                    changedBy: nullableText,
                    createdAt: { type: 'string' },
                },
            },
        },
        mails: {
            type: 'array',
            description: "The customer's mails about the order, one per step: queued, then sent (sentAt) once the mail server took it",
            items: {
                type: 'object',
                properties: {
                    // Not only statuses: a mail may tell of the payment or carry a credit note, named by its number.
                    step: { ...nullableText, description: 'What the mail told of: a status, paid, or the number of the credit note it carried' },
                    to: { type: 'string' },
                    queuedAt: { type: 'string' },
                    sentAt: nullableText,
                    lastError: nullableText,
                },
            },
        },
        nextStatuses: { type: 'array', items: status, description: 'The statuses the caller may move the order to now (none for customers)' },
        creditNotes: {
            type: 'array',
            description: 'Credit notes reversing the invoice (cancellation, refunds, partial refunds), oldest first; the PDF at /orderr/{id}/credit-notes/{noteId}',
            items: {
                type: 'object',
                properties: {
                    id: { type: 'integer' },
                    number: { type: 'string' },
                    issuedAt: { type: 'string' },
                    kind: { type: 'string', enum: ['cancelled', 'refunded', 'partial'] },
                    reason: { type: 'string' },
                    total: money,
                    refundAmount: money,
                    refundReference: nullableText,
                },
            },
        },
    },
} as const;

type Line = { orderId: number; name: string; quantity: number };

export const toSummary = (row: OrderRow, lines: Line[]) => ({
    id: row.id,
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail, phone: row.customerPhone },
    totalPrice: rupees(row.totalPrice),
    products: lines.filter((line) => line.orderId === row.id).map(({ name, quantity }) => ({ name, quantity: inUnits(quantity) })),
    createdAt: row.createdAt,
    status: row.status,
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt,
    pincode: row.pincode,
    slotId: row.slotId,
    slotDate: row.slotDate,
    updatedAt: row.updatedAt,
});

/** The page's orders with their products' names and quantities, in one more query. */
export async function summaries(db: Kysely<Database>, rows: OrderRow[]) {
    if (!rows.length) return [];
    const lines = await db
        .selectFrom('orderLines')
        .select(['orderId', 'name', 'quantity'])
        .where('orderId', 'in', rows.map((row) => row.id))
        .orderBy('id')
        .execute();
    return rows.map((row) => toSummary(row, lines));
}

/** One order whole; `staff` decides whether the next statuses are offered. */
export async function orderDetailOf(db: Kysely<Database>, row: OrderRow, staff: boolean) {
    const lines = await db
        .selectFrom('orderLines')
        .select(['orderId', 'productId', 'name', 'unitPrice', 'quantity', 'unit', 'gstPercent', 'lineTotal', 'tax'])
        .where('orderId', '=', row.id)
        .orderBy('id')
        .execute();
    const history = await db
        .selectFrom('orderStatusHistory')
        .select(['fromStatus', 'toStatus', 'note', 'changedByName', 'createdAt'])
        .where('orderId', '=', row.id)
        .orderBy('id')
        .execute();
    const link = staff && !row.paidAt && row.paymentMethod === 'online' && row.status === 'placed' ? await currentLink(db, row) : null;
    const mails = await db
        .selectFrom('mailQueue')
        .select(['kind', 'toAddress', 'createdAt', 'sentAt', 'lastError'])
        .where('orderId', '=', row.id)
        .orderBy('id')
        .execute();
    return {
        ...toSummary(row, lines),
        address: row.address,
        deliveryNote: row.deliveryNote,
        subtotal: rupees(row.subtotal),
        taxTotal: rupees(row.taxTotal),
        deliveryCharge: rupees(row.deliveryCharge),
        discount: rupees(row.discount),
        couponCode: row.couponCode,
        paymentReference: row.paymentReference,
        // While the provider is being asked the column holds a claim, not a refund.
        refundReference: row.status === 'refunded' ? row.refundReference : null,
        refundedAt: row.status === 'refunded' ? row.refundedAt : null,
        invoiceNumber: row.invoiceNumber,
        invoicedAt: row.invoicedAt,
        updatedAt: row.updatedAt,
        paymentLink: link,
        lines: lines.map((line): OrderLine => ({
            productId: line.productId,
            name: line.name,
            unitPrice: rupees(line.unitPrice),
            quantity: inUnits(line.quantity),
            unit: line.unit,
            gstPercent: fromUnits(line.gstPercent, 2),
            lineTotal: rupees(line.lineTotal),
            tax: rupees(line.tax),
        })),
        history: history.map((h) => ({ fromStatus: h.fromStatus, toStatus: h.toStatus, note: h.note, changedBy: h.changedByName, createdAt: h.createdAt })),
        mails: mails.map((mail) => ({ step: mail.kind, to: mail.toAddress, queuedAt: mail.createdAt, sentAt: mail.sentAt, lastError: staff ? mail.lastError : null })),
        nextStatuses: staff ? nextStatuses(row) : ([] as OrderStatus[]),
        creditNotes: (await creditNotesOf(db, [row.id])).get(row.id)!.map((note) => ({
            id: note.id,
            number: note.number,
            issuedAt: note.issuedAt,
            kind: note.kind,
            reason: note.reason,
            total: rupees(note.total),
            refundAmount: rupees(note.refundAmount),
            refundReference: note.refundReference,
        })),
    };
}

/** The newest link made for the order that asks its total now (an older one asks an old amount and is cancelled). */
async function currentLink(db: Kysely<Database>, row: OrderRow): Promise<string | null> {
    const link = await db
        .selectFrom('payments')
        .select('shortUrl')
        .where('orderId', '=', row.id)
        .where('kind', '=', 'link')
        .where('status', '=', 'created')
        .where('amount', '=', row.totalPrice)
        .orderBy('id', 'desc')
        .executeTakeFirst();
    return link?.shortUrl ?? null;
}
