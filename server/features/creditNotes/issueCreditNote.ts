import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { conflict, HttpError } from '../../infra/errors';
import { financialYear } from '../orders/invoiceNumber';
import { creditNotesOf, invoicesOf, type CreditNote } from './creditNote';
import { creditLines, remainingOf, type CreditRequest } from './creditPart';

export const CREDIT_NOTE_PREFIX = 'CN';

/** `CN/26-27/000001`: 15 characters, within the 16 rule 53 allows (as rule 46 does for invoices). */
export const formatCreditNoteNumber = (year: string, serial: number) => `${CREDIT_NOTE_PREFIX}/${year.slice(2)}/${String(serial).padStart(6, '0')}`;

export interface CreditFacts {
    kind: CreditNote['kind'];
    reason: string;
    at: string;
    refundReference: string | null;
    refundAmount: number;
}

/** The next number of the financial year's series, taken in the caller's transaction (as invoice numbers are). */
async function nextNumber(trx: Transaction<Database>, at: string) {
    const year = financialYear(at);
    const { lastNumber } = await trx
        .insertInto('creditNoteCounters')
        .values({ financialYear: year, lastNumber: 1 })
        .onConflict((c) => c.column('financialYear').doUpdateSet((eb) => ({ lastNumber: eb('creditNoteCounters.lastNumber', '+', 1) })))
        .returning('lastNumber')
        .executeTakeFirstOrThrow();
    return formatCreditNoteNumber(year, lastNumber);
}

/** What is left to give back of an order's invoice, with the invoice; undefined when it has none. */
export async function invoiceLeft(trx: Transaction<Database>, orderId: number) {
    const invoice = (await invoicesOf(trx, [orderId])).get(orderId);
    if (!invoice) return undefined;
    const past = (await creditNotesOf(trx, [orderId])).get(orderId)!;
    return { invoice, remaining: remainingOf(invoice, past.flatMap((note) => note.lines)) };
}

/**
 * Issues the credit note for `request` of the order's invoice, in the transaction that cancels or refunds: the note
 * exists exactly when that change does. Answers its number; undefined when the order has no invoice or nothing is
 * left of it to give back (a cancelled order then refunded has its note from the cancellation). A request for more
 * than is left is a 400 that says so.
 */
export async function issueCreditNote(trx: Transaction<Database>, orderId: number, request: CreditRequest, facts: CreditFacts): Promise<string | undefined> {
    const left = await invoiceLeft(trx, orderId);
    if (!left) return undefined;
    const lines = creditLines(left.invoice, left.remaining, request);
    if (typeof lines === 'string') throw new HttpError(400, lines);
    const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    if (total <= 0) {
        if ('all' in request) return undefined;
        throw conflict('Nothing of this invoice is left to refund');
    }
    const { at, ...rest } = facts;
    const number = await nextNumber(trx, at);
    const { id } = await trx
        .insertInto('creditNotes')
        .values({ number, orderId, issuedAt: at, invoiceNumber: left.invoice.number, invoicedAt: left.invoice.issuedAt, total, ...rest })
        .returning('id')
        .executeTakeFirstOrThrow();
    await trx
        .insertInto('creditNoteLines')
        .values(lines.map(({ line, ...figures }) => ({ creditNoteId: id, lineIndex: line, ...figures })))
        .execute();
    return number;
}
