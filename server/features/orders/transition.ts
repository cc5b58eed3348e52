import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderStatus } from '../../db/tables';
import { conflict, notFound } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { tellCustomer } from './customerMails';
import { assignInvoiceNumber } from './invoiceNumber';
import { issueCreditNote } from '../creditNotes/issueCreditNote';
import { returnStock } from './stock';
import { announceOrderStep } from '../webhooks/orderEvents';
import { freeOrderSlot } from '../deliverySlots/slotPlaces';
import { STATUS_LABELS, nextStatuses, type WorkflowState } from './workflow';

export interface Actor {
    id: number | null;
    name: string;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function recordHistory(db: Db, orderId: number, from: OrderStatus | null, to: OrderStatus, actor: Actor, note: string | null, at = nowIso()) {
    await db
        .insertInto('orderStatusHistory')
        .values({ orderId, fromStatus: from, toStatus: to, note, changedBy: actor.id, changedByName: actor.name, createdAt: at })
        .execute();
}

/** A 409 saying why, unless the workflow allows this order to move to `to` now. */
export function refuseUnlessAllowed(order: WorkflowState, to: OrderStatus) {
    if (order.status === to) throw conflict(`This order is already ${STATUS_LABELS[to]}`);
    if (!nextStatuses(order).includes(to)) {
        const why =
            to === 'paid' ? 'an online order is marked paid when its payment is verified' : to === 'refunded' && !order.paidAt ? 'nothing was paid for it' : undefined;
        throw conflict(`An order that is ${STATUS_LABELS[order.status]} cannot be moved to ${STATUS_LABELS[to]}${why ? `: ${why}` : ''}`);
    }
}

/**
 * Moves an order to `to` if the workflow allows it from the status it has now. The change is one
 * conditional UPDATE (… WHERE status = the status we checked), so of two staff moving the same order at
 * once, one wins and the other is told; the history row goes in the same transaction.
 */
export async function moveOrder(db: Kysely<Database>, orderId: number, to: OrderStatus, actor: Actor, note: string | null) {
    // Money goes back only through refundOrder, which asks the provider first.
    if (to === 'refunded') throw new Error('A refund is made with refundOrder');
    const order = await db.selectFrom('orders').select(['status', 'paymentMethod', 'paidAt']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound('Order not found');
    refuseUnlessAllowed(order, to);
    await db.transaction().execute(async (trx) => {
        const at = nowIso();
        // Cash on delivery is money in hand once delivered.
        const paidAt = to === 'delivered' && order.paymentMethod === 'cod' ? at : order.paidAt;
        const moved = await trx
            .updateTable('orders')
            .set({ status: to, paidAt, updatedAt: at })
            .where('id', '=', orderId)
            .where('status', '=', order.status)
            .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) {
            throw conflict('Someone else changed this order just now; reload it to see its status and try again');
        }
        if (to === 'cancelled') {
            await returnStock(trx, orderId);
            await freeOrderSlot(trx, orderId);
            // An invoiced order cancelled is reversed by a credit note for what is left of its invoice.
            await issueCreditNote(trx, orderId, { all: true }, { kind: 'cancelled', reason: note ?? 'Order cancelled', at, refundReference: null, refundAmount: 0 });
        }
        // A cash-on-delivery order's tax invoice is made when it is paid, on delivery.
        if (to === 'delivered' && order.paymentMethod === 'cod') await assignInvoiceNumber(trx, orderId, at);
        await recordHistory(trx, orderId, order.status, to, actor, note, at);
        await tellCustomer(trx, orderId, to);
        await announceOrderStep(trx, orderId, order.status, to);
    });
}

/**
 * A verified payment: the order becomes paid if it is an online order still waiting for payment.
 * Answers whether it changed; a cancelled order keeps its status (staff then refund it).
 */
export async function markOrderPaid(trx: Db, orderId: number, reference: string, actor: Actor): Promise<boolean> {
    const at = nowIso();
    const moved = await trx
        .updateTable('orders')
        .set({ status: 'paid', paidAt: at, paymentReference: reference, updatedAt: at })
        .where('id', '=', orderId)
        .where('status', '=', 'placed')
        .where('paymentMethod', '=', 'online')
        .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
        // Paid after it was cancelled: keep the money on record, so that staff can refund it.
        await trx
            .updateTable('orders')
            .set({ paidAt: at, paymentReference: reference, updatedAt: at })
            .where('id', '=', orderId)
            .where('status', '=', 'cancelled')
            .where('paidAt', 'is', null)
            .execute();
        return false;
    }
    await assignInvoiceNumber(trx, orderId, at);
    await recordHistory(trx, orderId, 'placed', 'paid', actor, `Payment ${reference} verified`, at);
    await tellCustomer(trx, orderId, 'paid');
    await announceOrderStep(trx, orderId, 'placed', 'paid');
    return true;
}
