import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CreditNotesTable, Database } from '../../db/tables';
import { ORDER_COLUMNS } from '../orders/orderRecord';
import { invoiceOf, linesOf, type TaxInvoice } from '../invoices/taxInvoice';
import type { CreditLine } from './creditPart';

type Db = Kysely<Database> | Transaction<Database>;

/** A credit note as issued: its own figures, and the invoice it reverses for the seller, buyer and place of supply. */
export type CreditNote = Selectable<CreditNotesTable> & {
    lines: CreditLine[];
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
};

const sum = (lines: CreditLine[], key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'lineTotal') => lines.reduce((total, line) => total + line[key], 0);

/** The credit notes of orders, oldest first, by order id. */
export async function creditNotesOf(db: Db, orderIds: number[]): Promise<Map<number, CreditNote[]>> {
    const byOrder = new Map<number, CreditNote[]>(orderIds.map((id) => [id, []]));
    if (!orderIds.length) return byOrder;
    const notes = await db.selectFrom('creditNotes').selectAll().where('orderId', 'in', orderIds).orderBy('id').execute();
    const lines = notes.length
        ? await db.selectFrom('creditNoteLines').selectAll().where('creditNoteId', 'in', notes.map((note) => note.id)).orderBy('id').execute()
        : [];
    for (const note of notes) {
        const own = lines
            .filter((line) => line.creditNoteId === note.id)
            .map(({ lineIndex, name, hsn, gstPercent, quantity, taxable, cgst, sgst, igst, lineTotal }) => ({ line: lineIndex, name, hsn, gstPercent, quantity, taxable, cgst, sgst, igst, lineTotal }));
        byOrder.get(note.orderId)?.push({
            ...note,
            lines: own,
            taxable: sum(own, 'taxable'),
            cgst: sum(own, 'cgst'),
            sgst: sum(own, 'sgst'),
            igst: sum(own, 'igst'),
        });
    }
    return byOrder;
}

/** The invoices of orders, by order id (orders without one are left out). */
export async function invoicesOf(db: Db, orderIds: number[]): Promise<Map<number, TaxInvoice>> {
    if (!orderIds.length) return new Map();
    const rows = await db
        .selectFrom('orders')
        .select([...ORDER_COLUMNS, 'orders.invoiceSeller', 'orders.invoiceBuyer', 'orders.placeOfSupply'])
        .where('orders.id', 'in', orderIds)
        .where('orders.invoiceNumber', 'is not', null)
        .execute();
    const lines = await linesOf(db, rows.map((row) => row.id));
    return new Map(rows.map((row) => [row.id, invoiceOf(row, lines.get(row.id)!)]));
}
