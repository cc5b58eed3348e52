import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { HttpError } from '../../infra/errors';
import type { Attacher, QueuedMail } from '../../infra/mailQueue';
import { readShopZone } from '../../infra/shopClock';
import { invoicePdf } from './invoicePdf';
import { pdfBytes } from './pdfDocument';
import { loadInvoice } from './taxInvoice';
import { creditNoteAttachment } from '../creditNotes/creditNoteMail';

/**
 * Attaches the order's tax invoice to the customer's mails once the order has one (from the mail that tells it is
 * paid or delivered on). Made when the mail goes out, not kept in the queue: the queue keeps no documents.
 */
export function invoiceAttacher(db: Kysely<Database>): Attacher {
    return async (mail: QueuedMail) => {
        if (!mail.orderId || !mail.kind || mail.kind === 'placed') return [];
        const creditNote = await creditNoteAttachment(db, mail.orderId, mail.kind);
        if (creditNote) return [creditNote];
        try {
            const invoice = await loadInvoice(db, mail.orderId);
            if (!invoice) return [];
            const doc = invoicePdf(invoice, await readShopZone(db));
            const bytes = pdfBytes(doc);
            doc.end();
            return [{ filename: `${invoice.number.replace(/\//g, '-')}.pdf`, content: await bytes, contentType: 'application/pdf' }];
        } catch (error) {
            // No invoice yet (409): the mail goes without one.
            if (error instanceof HttpError && error.statusCode === 409) return [];
            throw error;
        }
    };
}
