import type { Kysely } from 'kysely';
import { stateCode } from '../../../schema/gstin';
import type { Database } from '../../db/tables';
import { creditNotesOf, invoicesOf, type CreditNote } from '../creditNotes/creditNote';
import type { TaxInvoice } from '../invoices/taxInvoice';
import type { Period } from './reportPeriod';

/** B2C invoices across states above this value are reported one by one (b2cl): ₹1 lakh since 1 August 2024. */
export const B2CL_LIMIT = 100_000_00;

export type Section = 'b2b' | 'b2cl' | 'b2cs';

/** An invoice as a return reads it: which section it belongs to, the buyer's GSTIN and the place of supply's code. */
export interface Filed {
    invoice: TaxInvoice;
    section: Section;
    ctin: string | null;
    pos: string;
}

const sectionOf = (invoice: TaxInvoice, ctin: string | null): Section => (ctin ? 'b2b' : !invoice.intraState && invoice.total > B2CL_LIMIT ? 'b2cl' : 'b2cs');

const filed = (invoice: TaxInvoice): Filed => {
    const ctin = invoice.buyer.gstin;
    return { invoice, section: sectionOf(invoice, ctin), ctin, pos: stateCode(invoice.placeOfSupply) ?? invoice.seller.stateCode ?? '' };
};

/**
 * The documents of a period: the invoices issued in it, and the credit notes issued in it with the invoices they
 * reverse (which may be of an earlier period), each classified as the return wants.
 */
export async function periodDocuments(db: Kysely<Database>, period: Period) {
    const invoiced = await db
        .selectFrom('orders')
        .select('id')
        .where('invoicedAt', '>=', period.from)
        .where('invoicedAt', '<', period.to)
        .where('invoiceNumber', 'is not', null)
        .orderBy('invoiceNumber')
        .execute();
    const noteRows = await db.selectFrom('creditNotes').select('orderId').where('issuedAt', '>=', period.from).where('issuedAt', '<', period.to).execute();
    const ids = [...new Set([...invoiced.map((row) => row.id), ...noteRows.map((row) => row.orderId)])];
    const invoices = await invoicesOf(db, ids);
    const notes = await creditNotesOf(db, [...new Set(noteRows.map((row) => row.orderId))]);
    const credit: { note: CreditNote; of: Filed }[] = [...notes.values()]
        .flat()
        .filter((note) => note.issuedAt >= period.from && note.issuedAt < period.to)
        .sort((a, b) => a.number.localeCompare(b.number))
        .map((note) => ({ note, of: filed(invoices.get(note.orderId)!) }));
    return {
        invoices: invoiced.map((row) => filed(invoices.get(row.id)!)).sort((a, b) => a.invoice.number.localeCompare(b.invoice.number)),
        credit,
    };
}

export type PeriodDocuments = Awaited<ReturnType<typeof periodDocuments>>;
