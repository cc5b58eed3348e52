import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, OrderStatus } from '../../db/tables';
import { nowIso } from '../../infra/time';
import { tradingNameOf } from '../../infra/tradingName';
import { slotText } from '../deliverySlots/slotCalendar';
import { quantityText, type Unit } from '../../../schema/measure';

type Db = Kysely<Database> | Transaction<Database>;

/** The settings' switch for each step's mail (1, the default: on; 0: off). */
export const MAIL_SWITCHES: Record<OrderStatus, string> = {
    placed: 'mailPlaced',
    paid: 'mailPaid',
    packed: 'mailPacked',
    out_for_delivery: 'mailOutForDelivery',
    delivered: 'mailDelivered',
    cancelled: 'mailCancelled',
    refunded: 'mailRefunded',
};

const HEADLINES: Record<OrderStatus, (id: number) => string> = {
    placed: (id) => `We have your order #${id}`,
    paid: (id) => `Payment received for order #${id}`,
    packed: (id) => `Your order #${id} is packed`,
    out_for_delivery: (id) => `Your order #${id} is out for delivery`,
    delivered: (id) => `Your order #${id} is delivered`,
    cancelled: (id) => `Your order #${id} is cancelled`,
    refunded: (id) => `Your order #${id} is refunded`,
};

const NEXT: Record<OrderStatus, string> = {
    placed: 'We will write again when it moves on.',
    paid: 'We are packing it next.',
    packed: 'It leaves with our delivery partner soon.',
    out_for_delivery: 'Please keep your phone at hand; cash on delivery orders are paid at the door.',
    delivered: 'Thank you for shopping with us.',
    cancelled: 'It will not be delivered.',
    refunded: 'The money goes back to where it came from; banks take up to 7 working days to show it.',
};

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Shop {
    name: string;
    on: boolean;
}

/** The shop's trading name for the mail's sender and signature, and whether this step's mail is on. */
export async function shopFor(db: Db, step: OrderStatus): Promise<Shop> {
    const { rows } = await sql<Record<string, unknown>>`select * from settings where status = 1 order by id desc limit 1`.execute(db);
    const row = rows[0] ?? {};
    return { name: tradingNameOf(row), on: row[MAIL_SWITCHES[step]] !== 0 };
}

export interface Letter {
    subject: string;
    text: string;
    html: string;
}

type OrderFacts = {
    id: number;
    customerName: string;
    totalPrice: number;
    invoiceNumber: string | null;
    creditNote?: string | null;
    deliveryCharge?: number;
    discount?: number;
    couponCode?: string | null;
    /** Set when the order was paid (online, or cash taken at the door). */
    paidAt?: string | null;
    /** The delivery slot as people read it, while the order is on its way to it. */
    slot?: string | null;
};
type LineFacts = { name: string; quantity: number; unit: Unit; lineTotal: number };

/** The lines after the items, so the amounts add up to the total: the delivery charge, the discount. */
const chargeLines = (order: OrderFacts): { label: string; amount: string }[] => [
    ...(order.deliveryCharge ? [{ label: 'Delivery', amount: rupees(order.deliveryCharge) }] : []),
    ...(order.discount ? [{ label: order.couponCode ? `Discount (${order.couponCode})` : 'Discount', amount: `−${rupees(order.discount)}` }] : []),
];

/** A cancelled order that was paid says what becomes of the money, and no more than has happened. */
const afterNext = (step: OrderStatus, order: OrderFacts) =>
    step === 'cancelled' && order.paidAt ? ` The ${rupees(order.totalPrice)} you paid is not refunded yet: we will write again when it is.` : '';

/** The mail of a step: the order number, its lines, charges and total, in plain text and in HTML saying the same. */
export function letterOf(step: OrderStatus, order: OrderFacts, lines: LineFacts[], shopName: string): Letter {
    const headline = HEADLINES[step](order.id);
    const next = `${NEXT[step]}${afterNext(step, order)}`;
    const charges = chargeLines(order);
    const invoice = order.creditNote
        ? `Our credit note ${order.creditNote}, reversing tax invoice ${order.invoiceNumber}, is attached.`
        : order.invoiceNumber && step !== 'placed'
          ? `Your tax invoice ${order.invoiceNumber} is attached.`
          : '';
    const slot = order.slot ? `Delivery slot: ${order.slot}.` : '';
    const text = [
        `Dear ${order.customerName},`,
        '',
        `${headline}. ${next}`,
        ...(slot ? [slot] : []),
        '',
        ...lines.map((line) => `${quantityText(line.quantity, line.unit)} × ${line.name}  ${rupees(line.lineTotal)}`),
        ...charges.map((charge) => `${charge.label}  ${charge.amount}`),
        `Total: ${rupees(order.totalPrice)}`,
        ...(invoice ? ['', invoice] : []),
        '',
        shopName,
    ].join('\n');
    const rows = [
        ...lines.map((line) => `<tr><td>${quantityText(line.quantity, line.unit)} ×</td><td>${escape(line.name)}</td><td align="right">${rupees(line.lineTotal)}</td></tr>`),
        ...charges.map((charge) => `<tr><td></td><td>${escape(charge.label)}</td><td align="right">${charge.amount}</td></tr>`),
    ].join('');
    const html = `<p>Dear ${escape(order.customerName)},</p><p><strong>${escape(headline)}.</strong> ${escape(next)}</p>${slot ? `<p>${escape(slot)}</p>` : ''}<table cellpadding="4">${rows}<tr><td></td><td><strong>Total</strong></td><td align="right"><strong>${rupees(order.totalPrice)}</strong></td></tr></table>${invoice ? `<p>${escape(invoice)}</p>` : ''}<p>${escape(shopName)}</p>`;
    return { subject: `${headline} - ${shopName}`, text, html };
}

/**
 * Queues the customer's mail of the step the order just took, in the transaction that took it: the mail exists
 * exactly when the step does. The queue holds one mail per order and step (a unique index), so a retried request or
 * a second instance adds none; the queue's claim sends each once. Off when the shop's settings say so.
 */
export async function tellCustomer(trx: Db, orderId: number, step: OrderStatus): Promise<void> {
    const shop = await shopFor(trx, step);
    if (!shop.on) return;
    const order = await trx
        .selectFrom('orders')
        .select(['id', 'customerName', 'customerEmail', 'totalPrice', 'invoiceNumber', 'deliveryCharge', 'discount', 'couponCode', 'paidAt', 'slotId', 'slotDate'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
    const slot = ON_THE_WAY.includes(step) ? await slotOf(trx, order) : null;
    const lines = await trx.selectFrom('orderLines').select(['name', 'quantity', 'unit', 'lineTotal']).where('orderId', '=', orderId).orderBy('id').execute();
    // A cancelled or refunded order's mail carries the credit note that reverses its invoice, not the invoice again.
    const creditNote = step === 'cancelled' || step === 'refunded' ? await latestCreditNote(trx, orderId) : null;
    await queue(trx, order, step, letterOf(step, { ...order, creditNote, slot }, lines, shop.name), shop.name);
}

/** The steps whose mail says when the order comes: it has not come yet. */
const ON_THE_WAY: OrderStatus[] = ['placed', 'paid', 'packed', 'out_for_delivery'];

const slotOf = async (trx: Db, order: { slotId: number | null; slotDate: string | null }) => {
    if (!order.slotId || !order.slotDate) return null;
    const slot = await trx.selectFrom('deliverySlots').select(['name', 'startTime', 'endTime']).where('id', '=', order.slotId).executeTakeFirst();
    return slot ? slotText(slot, order.slotDate) : null;
};

const latestCreditNote = async (trx: Db, orderId: number) =>
    (await trx.selectFrom('creditNotes').select('number').where('orderId', '=', orderId).orderBy('id', 'desc').executeTakeFirst())?.number ?? null;

/**
 * The mail saying the order's delivery slot changed, and to what. Always sent (the customer must know when to be
 * home); `kind` names this change, so each change is one mail.
 */
export async function tellSlotChange(trx: Db, orderId: number, kind: string, slot: string): Promise<void> {
    const shop = await shopFor(trx, 'placed');
    const order = await trx.selectFrom('orders').select(['id', 'customerName', 'customerEmail']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const headline = `Your order #${orderId} has a new delivery slot`;
    const when = `We will now deliver it on ${slot}.`;
    const text = [`Dear ${order.customerName},`, '', `${headline}. ${when}`, '', shop.name].join('\n');
    const html = `<p>Dear ${escape(order.customerName)},</p><p><strong>${escape(headline)}.</strong> ${escape(when)}</p><p>${escape(shop.name)}</p>`;
    await queue(trx, order, kind, { subject: `${headline} - ${shop.name}`, text, html }, shop.name);
}

/**
 * One mail per order and kind (a unique index): a retried request or a second instance adds none. A customer without
 * an e-mail (taken by phone) is sent nothing: staff tell them by phone, and the order's history says what changed.
 */
export async function queue(trx: Db, order: { id: number; customerEmail: string | null }, kind: string, letter: Letter, fromName: string) {
    if (!order.customerEmail) return;
    const at = nowIso();
    const orderId = order.id;
    await trx
        .insertInto('mailQueue')
        .values({ toAddress: order.customerEmail, subject: letter.subject, body: letter.text, html: letter.html, fromName, orderId, kind, nextAttemptAt: at, createdAt: at })
        .onConflict((conflict) => conflict.columns(['orderId', 'kind']).doNothing())
        .execute();
}

/**
 * The mail of a partial refund: what was given back and the credit note for it, attached. Its kind is the note's
 * number (unique per order, as the queue's index wants), under the refunded mails' switch.
 */
export async function tellPartialRefund(trx: Db, orderId: number, creditNote: string, amount: number): Promise<void> {
    const shop = await shopFor(trx, 'refunded');
    if (!shop.on) return;
    const order = await trx.selectFrom('orders').select(['id', 'customerName', 'customerEmail', 'invoiceNumber']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const headline = `${rupees(amount)} of your order #${orderId} is refunded`;
    const attached = `Our credit note ${creditNote}, reducing tax invoice ${order.invoiceNumber}, is attached.`;
    const text = [`Dear ${order.customerName},`, '', `${headline}. ${NEXT.refunded}`, '', attached, '', shop.name].join('\n');
    const html = `<p>Dear ${escape(order.customerName)},</p><p><strong>${escape(headline)}.</strong> ${escape(NEXT.refunded)}</p><p>${escape(attached)}</p><p>${escape(shop.name)}</p>`;
    await queue(trx, order, creditNote, { subject: `${headline} - ${shop.name}`, text, html }, shop.name);
}
