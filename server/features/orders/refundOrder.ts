import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { conflict, notFound } from '../../infra/errors';
import type { PaymentProvider } from '../payments/provider';
import { nowIso } from '../../infra/time';
import { returnStock } from './stock';
import { tellCustomer } from './customerMails';
import { recordHistory, refuseUnlessAllowed, type Actor } from './transition';
import { announceOrderStep } from '../webhooks/orderEvents';
import { issueCreditNote } from '../creditNotes/issueCreditNote';

/** The refund reference of cash handed back by the shop (a cash-on-delivery order): no provider is involved. */
export const MANUAL_REFUND = 'manual';

// Held in refund_reference while the provider is asked, with the time: never shown (the order is not refunded yet).
const CLAIM_PREFIX = 'pending:';
// A claim older than this was left by a process that stopped mid-refund (the provider call gives up after 15 s);
// it may be taken over: were the refund made after all, the provider refuses to give back more than was paid.
const CLAIM_STALE_MS = 5 * 60_000;

export type RefundableOrder = Pick<Database['orders'], 'status' | 'paymentMethod' | 'paidAt' | 'paymentReference' | 'totalPrice' | 'refundReference'>;

export async function refundableOrder(db: Kysely<Database>, orderId: number): Promise<RefundableOrder> {
    const order = await db
        .selectFrom('orders')
        .select(['status', 'paymentMethod', 'paidAt', 'paymentReference', 'totalPrice', 'refundReference'])
        .where('id', '=', orderId)
        .executeTakeFirst();
    if (!order) throw notFound('Order not found');
    if (order.paymentMethod === 'online' && order.paidAt && !order.paymentReference) throw conflict('This order has no payment on record to refund');
    return order;
}

/**
 * Claims the order for one refund with one conditional UPDATE (refund_reference from null to 'pending:<time>',
 * status unchanged), so of two refunds at once only one reaches the provider. Answers the claim.
 */
export async function claimRefund(db: Kysely<Database>, orderId: number, status: Database['orders']['status']): Promise<string> {
    const claim = `${CLAIM_PREFIX}${nowIso()}`;
    const stale = `${CLAIM_PREFIX}${new Date(Date.now() - CLAIM_STALE_MS).toISOString()}`;
    const claimed = await db
        .updateTable('orders')
        .set({ refundReference: claim })
        .where('id', '=', orderId)
        .where('status', '=', status)
        .where((eb) => eb.or([eb('refundReference', 'is', null), eb.and([eb('refundReference', 'like', `${CLAIM_PREFIX}%`), eb('refundReference', '<', stale)])]))
        .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw conflict('This order is being refunded or changed by someone else just now; reload it to see its status');
    return claim;
}

export const releaseClaim = (db: Kysely<Database>, orderId: number, claim: string) =>
    db.updateTable('orders').set({ refundReference: null }).where('id', '=', orderId).where('refundReference', '=', claim).execute();

/** What the order's payment took (whole rupees at checkout for online, which may differ from the total by paise). */
export async function paidAmount(db: Kysely<Database>, order: RefundableOrder): Promise<number> {
    if (order.paymentMethod !== 'online') return order.totalPrice;
    const payment = await db.selectFrom('payments').select('amount').where('providerPaymentId', '=', order.paymentReference).where('status', '=', 'paid').executeTakeFirst();
    return payment?.amount ?? order.totalPrice;
}

/** What earlier refunds of the order gave back, by its credit notes. */
export async function refundedSoFar(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<number> {
    const row = await db.selectFrom('creditNotes').select((eb) => eb.fn.sum<number>('refundAmount').as('given')).where('orderId', '=', orderId).executeTakeFirst();
    return Number(row?.given ?? 0);
}

/** Gives `amount` back: through the provider for an online order, by hand (cash) otherwise. Answers the reference. */
export async function giveBack(provider: () => PaymentProvider, order: RefundableOrder, orderId: number, amount: number, receipt: string, by: string) {
    if (order.paymentMethod !== 'online' || amount <= 0) return MANUAL_REFUND;
    const refund = await provider().refund({ paymentId: order.paymentReference!, amount, receipt, notes: { orderId: String(orderId), by } });
    return refund.id;
}

/**
 * Refunds a paid order whole: an online one through the payment provider (what its payment took, less earlier
 * partial refunds), a cash-on-delivery one by hand. The order is claimed first (claimRefund); if the provider
 * refuses or cannot be reached the claim is let go and the order is as it was (the ProviderError goes up, a 502).
 * Only once the provider has answered does the order become refunded, with the refund id, a history row and the
 * credit note for what was left of its invoice, in one transaction.
 */
export async function refundOrder(db: Kysely<Database>, provider: () => PaymentProvider, orderId: number, actor: Actor, note: string | null) {
    const order = await refundableOrder(db, orderId);
    refuseUnlessAllowed(order, 'refunded');
    const claim = await claimRefund(db, orderId, order.status);

    let reference = MANUAL_REFUND;
    const amount = (await paidAmount(db, order)) - (await refundedSoFar(db, orderId));
    try {
        reference = await giveBack(provider, order, orderId, amount, `order-${orderId}`, actor.name);
    } catch (error) {
        await releaseClaim(db, orderId, claim);
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
        await creditTheRefund(trx, orderId, note ?? made, at, reference, amount);
        await recordHistory(trx, orderId, order.status, 'refunded', actor, note ?? made, at);
        await tellCustomer(trx, orderId, 'refunded');
        await announceOrderStep(trx, orderId, order.status, 'refunded');
    });
}

/**
 * The credit note of a whole refund: for what is left of the invoice; when the cancellation's note already reversed
 * it all, the refund is recorded on that note instead, so each invoice is reversed once.
 */
async function creditTheRefund(trx: Transaction<Database>, orderId: number, reason: string, at: string, reference: string, amount: number) {
    const facts = { kind: 'refunded' as const, reason, at, refundReference: reference, refundAmount: amount };
    if (await issueCreditNote(trx, orderId, { all: true }, facts)) return;
    await trx
        .updateTable('creditNotes')
        .set({ refundReference: reference, refundAmount: amount })
        .where('orderId', '=', orderId)
        .where('kind', '=', 'cancelled')
        .where('refundReference', 'is', null)
        .execute();
}
