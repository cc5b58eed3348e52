import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { assignInvoiceNumber } from './invoiceNumber';

/**
 * Gives every order that was paid (online) or delivered (cash on delivery) before the shop had tax invoices the
 * invoice it would have been given then: in the order of payment, each dated when it was paid, each in its own
 * transaction as a payment's would be. An order that has its number keeps it, so running this again does nothing.
 * Answers how many orders it invoiced.
 */
export async function invoiceOrdersPaidBefore(db: Kysely<Database>): Promise<number> {
    const waiting = await awaitingInvoice(db).execute();
    for (const { id, paidAt } of waiting) await db.transaction().execute((trx) => assignInvoiceNumber(trx, id, paidAt!));
    return waiting.length;
}

/** Paid orders without an invoice, in the order of payment: found through the unique index on the invoice number, whose rows without a number are only the orders not yet paid and these. */
export const awaitingInvoice = (db: Kysely<Database>) =>
    db.selectFrom('orders').select(['id', 'paidAt']).where('invoiceNumber', 'is', null).where('paidAt', 'is not', null).orderBy('paidAt').orderBy('id');
