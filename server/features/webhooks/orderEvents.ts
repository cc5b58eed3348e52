import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderStatus } from '../../db/tables';
import { ORDER_COLUMNS, orderDetailOf } from '../orders/orderRecord';
import { announce } from './announce';
import type { WebhookEvent } from '../../../schema/webhooks';

type Db = Kysely<Database> | Transaction<Database>;

/** The order as GET /orderr/{id} shows it to staff, without what is the back-office's own (its mails, its next moves). */
async function orderData(db: Db, orderId: number) {
    const row = await db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', '=', orderId).executeTakeFirstOrThrow();
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { mails, nextStatuses, ...order } = await orderDetailOf(db as Kysely<Database>, row, false);
    return order;
}

/**
 * The events of an order's step, queued in the transaction that took it: `order.placed` for a new order;
 * `order.status_changed` for every move after that, and beside it `order.paid` when its money came in (an online
 * payment verified, or cash on delivery handed over) and `order.refunded` when it went back.
 */
export async function announceOrderStep(db: Db, orderId: number, from: OrderStatus | null, to: OrderStatus): Promise<void> {
    const events: WebhookEvent[] = [];
    if (from === null) events.push('order.placed');
    else events.push('order.status_changed');
    if (to === 'paid' || (to === 'delivered' && from !== null && (await cashOnDelivery(db, orderId)))) events.push('order.paid');
    if (to === 'refunded') events.push('order.refunded');
    await announce(db, events, async () => ({ order: await orderData(db, orderId), ...(from === null ? {} : { previousStatus: from }) }));
}

const cashOnDelivery = async (db: Db, orderId: number) =>
    (await db.selectFrom('orders').select('paymentMethod').where('id', '=', orderId).executeTakeFirstOrThrow()).paymentMethod === 'cod';
