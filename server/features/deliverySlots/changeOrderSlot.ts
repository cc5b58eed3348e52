import type { Kysely } from 'kysely';
import type { Database, OrderStatus } from '../../db/tables';
import { recordAudit, type Actor as AuditActor } from '../../engine/audit';
import { badRequest, conflict, notFound } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { tellSlotChange } from '../orders/customerMails';
import { recordHistory, type Actor } from '../orders/transition';
import { STATUS_LABELS } from '../orders/workflow';
import { slotText, type SlotChoice } from './slotCalendar';
import { freeSlotPlace, takeSlotPlace } from './slotPlaces';

/** An order can change its slot until it leaves the shop. */
const CHANGEABLE: OrderStatus[] = ['placed', 'paid', 'packed'];

/**
 * Moves an order to another slot: takes a place in the new one (refused when full or past its cut-off), gives back
 * the old one, writes the change in the order's history and the activity log and mails the customer, all in one
 * transaction. The order's row changes only if its status and slot are still what was read, so of two staff
 * changing it at once, one wins and the other is told.
 */
export async function changeOrderSlot(db: Kysely<Database>, orderId: number, choice: SlotChoice, actor: Actor, audit: AuditActor): Promise<void> {
    await db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('orders').select(['status', 'slotId', 'slotDate']).where('id', '=', orderId).executeTakeFirst();
        if (!order) throw notFound('Order not found');
        if (!CHANGEABLE.includes(order.status)) throw conflict(`An order that is ${STATUS_LABELS[order.status]} keeps its delivery slot`);
        if (order.slotId === choice.slotId && order.slotDate === choice.slotDate) throw badRequest('The order is already in this delivery slot', { slotId: 'The order is already in this delivery slot' });
        // The new place first: it refuses a slot that is unknown, closed or full before the order's row names it.
        await takeSlotPlace(trx, choice);
        const at = nowIso();
        let update = trx.updateTable('orders').set({ slotId: choice.slotId, slotDate: choice.slotDate, updatedAt: at }).where('id', '=', orderId).where('status', '=', order.status);
        update = order.slotId === null ? update.where('slotId', 'is', null) : update.where('slotId', '=', order.slotId);
        update = order.slotDate === null ? update.where('slotDate', 'is', null) : update.where('slotDate', '=', order.slotDate);
        const moved = await update.executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw conflict('Someone else changed this order just now; reload it and try again');
        const old = order.slotId !== null && order.slotDate !== null ? { slotId: order.slotId, slotDate: order.slotDate } : undefined;
        if (old) await freeSlotPlace(trx, old);
        const names = await trx.selectFrom('deliverySlots').select(['id', 'name', 'startTime', 'endTime']).where('id', 'in', [choice.slotId, ...(old ? [old.slotId] : [])]).execute();
        const textOf = (c: SlotChoice) => slotText(names.find((slot) => slot.id === c.slotId)!, c.slotDate);
        const now = textOf(choice);
        await recordHistory(trx, orderId, order.status, order.status, actor, old ? `Delivery slot changed from ${textOf(old)} to ${now}` : `Delivery slot set to ${now}`, at);
        await recordAudit(trx as never, audit, {
            action: 'update',
            entity: 'orders',
            record: orderId,
            changes: { slotId: { before: order.slotId, after: choice.slotId }, slotDate: { before: order.slotDate, after: choice.slotDate } },
        });
        // Each change its own mail: the queue keeps one mail per order and kind.
        await tellSlotChange(trx, orderId, `slot-${Date.parse(at).toString(36)}`, now);
    });
}
