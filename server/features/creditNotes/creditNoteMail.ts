import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Attachment } from '../../infra/mailQueue';
import { readShopZone } from '../../infra/shopClock';
import { pdfBytes } from '../invoices/pdfDocument';
import { creditNotesOf, invoicesOf } from './creditNote';
import { creditNotePdf } from './creditNotePdf';
import { CREDIT_NOTE_PREFIX } from './issueCreditNote';

/**
 * The credit note a customer's mail carries instead of the invoice: a partial refund's mail (its kind is the
 * note's number) that note; a cancellation's or a refund's the order's latest. Undefined for any other mail.
 */
export async function creditNoteAttachment(db: Kysely<Database>, orderId: number, kind: string): Promise<Attachment | undefined> {
    const partial = kind.startsWith(`${CREDIT_NOTE_PREFIX}/`);
    if (!partial && kind !== 'cancelled' && kind !== 'refunded') return undefined;
    const notes = (await creditNotesOf(db, [orderId])).get(orderId)!;
    const note = partial ? notes.find((one) => one.number === kind) : notes.at(-1);
    const invoice = (await invoicesOf(db, [orderId])).get(orderId);
    if (!note || !invoice) return undefined;
    const doc = creditNotePdf(note, invoice, await readShopZone(db));
    const bytes = pdfBytes(doc);
    doc.end();
    return { filename: `${note.number.replace(/\//g, '-')}.pdf`, content: await bytes, contentType: 'application/pdf' };
}
