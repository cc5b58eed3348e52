import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { conflict, notFound } from '../../infra/errors';
import type { PaymentProvider } from '../payments/provider';
import { nowIso } from '../../infra/time';
import { returnStock } from './stock';
import { tellCustomer } from './customerMails';
import { recordHistory, refuseUnlessAllowed, type Actor } from './transition';
import { announceOrderStep } from '../webhooks/orderEvents';

/** The refund reference of cash handed back by the shop (a cash-on-delivery order): no provider is involved. */
export const MANUAL_REFUND = 'manual';

// Held in refund_reference while the provider is asked, with the time: never shown (the order is not refunded yet).
const CLAIM_PREFIX = 'pending:';
// A claim older than this was left by a process that stopped mid-refund (the provider call gives up after 15 s);
// it may be taken over: were the refund made after all, the provider refuses a second full one.
const CLAIM_STALE_MS = 5 * 60_000;

/**
 * Refunds a paid order: an online one through the payment provider (the amount its payment took), a
 * cash-on-delivery one by hand. The order is first claimed with one conditional UPDATE (refund_reference from
 * null to 'pending:<time>', status unchanged), so of two refunds at once only one reaches the provider; if the provider
 * refuses or cannot be reached the claim is let go and the order is as it was (the ProviderError goes up, a
 * 502). Only once the provider has answered does the order become refunded, with the refund id and a history
 * row, in one transaction.
 */
export async function refundOrder(db: Kysely<Database>, provider: () => PaymentProvider, orderId: number, actor: Actor, note: string | null) {
    const order = await db
        .selectFrom('orders')
        .select(['status', 'paymentMethod', 'paidAt', 'paymentReference', 'totalPrice', 'refundReference'])
        .where('id', '=', orderId)
        .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    refuseUnlessAllowed(order, 'refunded');
    if (order.paymentMethod === 'online' && !order.paymentReference) throw conflict('This order has no payment on record to refund');

    const claim = `${CLAIM_PREFIX}${nowIso()}`;
    const stale = `${CLAIM_PREFIX}${new Date(Date.now() - CLAIM_STALE_MS).toISOString()}`;
    const claimed = await db
        .updateTable('orders')
        .set({ refundReference: claim })
        .where('id', '=', orderId)
        .where('status', '=', order.status)
        .where((eb) => eb.or([eb('refundReference', 'is', null), eb.and([eb('refundReference', 'like', `${CLAIM_PREFIX}%`), eb('refundReference', '<', stale)])]))
        .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('This order is being refunded or changed by someone else just now; reload it to see its status');

    let reference = MANUAL_REFUND;
    try {
        if (order.paymentMethod === 'online') {
            // What the payment took (whole rupees at checkout), which may differ from the order's total by paise.
            const payment = await db
                .selectFrom('payments')
                .select('amount')
                .where('providerPaymentId', '=', order.paymentReference)
                .where('status', '=', 'paid')
                .executeTakeFirst();
            const refund = await provider().refund({
                paymentId: order.paymentReference!,
                amount: payment?.amount ?? order.totalPrice,
                receipt: `order-${orderId}`,
                notes: { orderId: String(orderId), by: actor.name },
            });
            reference = refund.id;
        }
    } catch (error) {
        await db.updateTable('orders').set({ refundReference: null }).where('id', '=', orderId).where('refundReference', '=', claim).execute();
        throw error;
    }

    await db.transaction().execute(async (trx) => {
        const at = nowIso();
        const done = await trx
            .updateTable('orders')
            .set({ status: 'refunded', refundReference: reference, refundedAt: at, updatedAt: at })
            .where('id', '=', orderId)
            .where('refundReference', '=', claim)
            .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw conflict('This order was changed while it was being refunded; reload it to see its status');
        const made = reference === MANUAL_REFUND ? 'Refunded by hand (cash)' : `Refund ${reference}`;
        await returnStock(trx, orderId);
        await recordHistory(trx, orderId, order.status, 'refunded', actor, note ?? made, at);
        await tellCustomer(trx, orderId, 'refunded');
        await announceOrderStep(trx, orderId, order.status, 'refunded');
    });
}
