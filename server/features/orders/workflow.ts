import { sql } from 'kysely';
import type { OrderStatus, PaymentMethod } from '../../db/tables';

export const ORDER_STATUSES: OrderStatus[] = ['placed', 'paid', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'refunded'];

export const STATUS_LABELS: Record<OrderStatus, string> = {
    placed: 'placed',
    paid: 'paid',
    packed: 'packed',
    out_for_delivery: 'out for delivery',
    delivered: 'delivered',
    cancelled: 'cancelled',
    refunded: 'refunded',
};

/**
 * The moves staff make. An online order is placed → paid → packed → out for delivery → delivered, where
 * "paid" is set only by a verified payment (never by hand); a cash-on-delivery order skips "paid" and is
 * recorded as paid when delivered. Either can be cancelled before delivery; an order that was paid
 * (online, or cash on delivery once delivered) can be refunded, cancelled or not.
 */
const moves: Record<PaymentMethod, Record<OrderStatus, OrderStatus[]>> = {
    online: {
        placed: ['cancelled'],
        paid: ['packed', 'cancelled'],
        packed: ['out_for_delivery', 'cancelled'],
        out_for_delivery: ['delivered', 'cancelled'],
        delivered: ['refunded'],
        cancelled: ['refunded'],
        refunded: [],
    },
    cod: {
        placed: ['packed', 'cancelled'],
        paid: [],
        packed: ['out_for_delivery', 'cancelled'],
        out_for_delivery: ['delivered', 'cancelled'],
        delivered: ['refunded'],
        cancelled: ['refunded'],
        refunded: [],
    },
};

export interface WorkflowState {
    status: OrderStatus;
    paymentMethod: PaymentMethod;
    paidAt: string | null;
}

/** The statuses staff may move this order to now. A refund needs money taken. */
export const nextStatuses = ({ status, paymentMethod, paidAt }: WorkflowState): OrderStatus[] =>
    moves[paymentMethod][status].filter((next) => next !== 'refunded' || paidAt !== null);

/**
 * Orders that wait for the packers: paid online ones, and cash-on-delivery ones just placed. Written with
 * literals exactly as the partial index orders_to_pack_idx (migration 0012) is: either database uses a partial
 * index only for a condition it can see implies the index's, and neither sees that through bound parameters.
 */
export const TO_PACK_SQL = sql<boolean>`((payment_method = 'online' and status = 'paid') or (payment_method = 'cod' and status = 'placed'))`;
