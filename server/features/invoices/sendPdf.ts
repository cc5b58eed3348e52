import type { FastifyReply } from 'fastify';
import type { Pdf } from './pdfDocument';

/** Ends `doc` and answers it as the reply; `doc` is a stream, which no JSON schema can type. */
export function sendPdf(reply: FastifyReply, doc: Pdf, fileName: string) {
    doc.end();
    // Inline: the browser shows it in its viewer, from where it prints; the name is what "save" offers.
    return reply.type('application/pdf').header('Content-Disposition', `inline; filename="${fileName}"`).header('Cache-Control', 'private, no-store').send(doc);
}
