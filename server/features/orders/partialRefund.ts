import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { badRequest, conflict } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import type { PaymentProvider } from '../payments/provider';
import { issueCreditNote, invoiceLeft } from '../creditNotes/issueCreditNote';
import { creditLines, type CreditRequest } from '../creditNotes/creditPart';
import { tellPartialRefund } from './customerMails';
import { claimRefund, giveBack, paidAmount, refundableOrder, refundedSoFar, releaseClaim, MANUAL_REFUND } from './refundOrder';
import { recordHistory, type Actor } from './transition';

export interface PartialRefund {
    reason: string;
    /** Lines by their number on the invoice (from 1) and how many of each. */
    lines?: { line: number; quantity: number }[];
    /** Rupees, GST included, shared among the lines by what is left of each. */
    amount?: number;
}

export const NOT_PARTLY_REFUNDABLE = 'Only a paid order with a tax invoice, not cancelled or refunded, can be refunded in part';

/** What the request gives back, in paise, priced against what is left of the invoice now (a 400 when too much). */
async function priceOf(db: Kysely<Database>, orderId: number, request: CreditRequest): Promise<number> {
    return db.transaction().execute(async (trx) => {
        const left = await invoiceLeft(trx, orderId);
        if (!left) throw conflict(NOT_PARTLY_REFUNDABLE);
        const lines = creditLines(left.invoice, left.remaining, request);
        if (typeof lines === 'string') throw badRequest(lines);
        return lines.reduce((sum, line) => sum + line.lineTotal, 0);
    });
}

const requestOf = (body: PartialRefund): CreditRequest => {
    if (body.lines?.length && body.amount !== undefined) throw badRequest('Please give either lines or an amount, not both', { amount: 'Either lines or an amount' });
    if (body.lines?.length) return { lines: body.lines };
    if (body.amount !== undefined) return { amount: Math.round(body.amount * 100) };
    throw badRequest('Please choose the lines to refund or give an amount', { lines: 'Choose lines or give an amount' });
};

/**
 * Gives back part of a paid order: chosen lines and quantities, or an amount, with a reason. Never more than the
 * payment took, less earlier refunds, nor more than is left of the invoice. Claimed as a whole refund is (claimRefund),
 * paid back through the provider when online (a partial refund) or recorded as cash, then, in one transaction, the
 * credit note for exactly that part, a history row and the customer's mail with the note. The order keeps its status;
 * the goods are not put back in stock (a refunded part is often spoilt or missing). Answers the note's number.
 */
export async function refundPart(db: Kysely<Database>, provider: () => PaymentProvider, orderId: number, actor: Actor, body: PartialRefund): Promise<string> {
    const order = await refundableOrder(db, orderId);
    if (!order.paidAt || order.status === 'cancelled' || order.status === 'refunded') throw conflict(NOT_PARTLY_REFUNDABLE);
    const request = requestOf(body);
    const claim = await claimRefund(db, orderId, order.status);
    let reference = MANUAL_REFUND;
    let amount = 0;
    try {
        amount = await priceOf(db, orderId, request);
        if (amount <= 0) throw conflict('Nothing of this invoice is left to refund');
        const open = (await paidAmount(db, order)) - (await refundedSoFar(db, orderId));
        if (amount > open) throw badRequest(`At most ₹${(open / 100).toFixed(2)} of what was paid is left to refund`);
        reference = await giveBack(provider, order, orderId, amount, `order-${orderId}-part`, actor.name);
    } catch (error) {
        await releaseClaim(db, orderId, claim);
        throw error;
    }
    return db.transaction().execute(async (trx) => {
        const at = nowIso();
        const number = await issueCreditNote(trx, orderId, request, { kind: 'partial', reason: body.reason, at, refundReference: reference, refundAmount: amount });
        await trx.updateTable('orders').set({ refundReference: null, updatedAt: at }).where('id', '=', orderId).where('refundReference', '=', claim).execute();
        const made = reference === MANUAL_REFUND ? 'by hand (cash)' : reference;
        await recordHistory(trx, orderId, order.status, order.status, actor, `Partial refund ₹${(amount / 100).toFixed(2)} ${made}, credit note ${number}: ${body.reason}`, at);
        await tellPartialRefund(trx, orderId, number!, amount);
        return number!;
    });
}
