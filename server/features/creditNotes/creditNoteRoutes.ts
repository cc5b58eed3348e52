import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../infra/errors';
import { readShopZone } from '../../infra/shopClock';
import { errorBody, errorResponses, idValue } from '../../http/common';
import { ProviderError } from '../payments/provider';
import { providerFor } from '../payments/providerFor';
import { orderDetail, orderDetailOf } from '../orders/orderRecord';
import { refundPart } from '../orders/partialRefund';
import { visibleOrder } from '../orders/visibleOrder';
import { creditNotesOf, invoicesOf } from './creditNote';
import { sendPdf } from '../invoices/sendPdf';
import { creditNotePdf } from './creditNotePdf';
import { LINE_MAX, PER_UNIT } from '../../../schema/measure';
import { toUnits } from '../../engine/money';

const noteParams = { type: 'object', required: ['id', 'noteId'], properties: { id: idValue, noteId: idValue } } as const;

const partialBody = {
    type: 'object',
    required: ['reason'],
    additionalProperties: false,
    properties: {
        reason: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S', 'x-message': 'Please say why (at most 500 characters)' },
        lines: {
            type: 'array',
            minItems: 1,
            maxItems: 50,
            'x-message': 'Please choose lines by their number on the invoice, each with a quantity above 0',
            items: {
                type: 'object',
                required: ['line', 'quantity'],
                additionalProperties: false,
                properties: {
                    line: { type: 'integer', minimum: 1, maximum: 1000 },
                    quantity: { type: ['number', 'string'], 'x-decimal': { places: 3, max: LINE_MAX / PER_UNIT, label: 'quantity' }, description: 'Pieces, or kg or litres of loose goods (0.25)' },
                },
            },
        },
        amount: { type: 'number', minimum: 0.01, maximum: 10_000_000, multipleOf: 0.01, 'x-message': 'Please give the amount in rupees, more than 0, to the paisa' },
    },
} as const;

/** Credit notes: each as a PDF (the order's customer and staff), and partial refunds that issue them (administrators). */
export default async function creditNoteRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const tags = ['Orders'];

    app.get('/orderr/:id/credit-notes/:noteId', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: "One of the order's credit notes as a PDF; the order's own customer and staff only",
            description: 'The order answers its credit notes (id, number, date, value) in `creditNotes`. Someone else\'s order is 404.',
            params: noteParams,
            response: { 200: { description: 'The PDF document (application/pdf)', type: 'string', format: 'binary' }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const order = await visibleOrder(app.db, request, request.params.id);
            const note = (await creditNotesOf(app.db, [order.id])).get(order.id)!.find((one) => one.id === request.params.noteId);
            const invoice = (await invoicesOf(app.db, [order.id])).get(order.id);
            if (!note || !invoice) throw notFound('Credit note not found');
            return sendPdf(reply, creditNotePdf(note, invoice, await readShopZone(app.db)), `${note.number.replace(/\//g, '-')}.pdf`);
        },
    });

    app.post('/orderr/:id/partial-refund', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: 'Refunds part of a paid order (administrators): chosen lines and quantities, or an amount, with a reason',
            description:
                'Lines are numbered as on the invoice (from 1). Never more than the payment took less earlier refunds, nor more than is left of the invoice (400 saying how much is). Online orders are refunded in part through the payment provider (502 and nothing changed if it refuses); cash on delivery is recorded as handed back. Issues a credit note for exactly that part, mailed to the customer; the order keeps its status.',
            params: { type: 'object', required: ['id'], properties: { id: idValue } },
            body: partialBody,
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: orderDetail } }, ...errorResponses, 502: errorBody },
        },
        handler: async (request, reply) => {
            const order = await visibleOrder(app.db, request, request.params.id);
            const user = request.user!;
            let number: string;
            try {
                // Quantities in thousandths of each line's unit, as credit note lines keep them.
                const { lines, ...rest } = request.body;
                const asked = lines ? { ...rest, lines: lines.map(({ line, quantity }) => ({ line, quantity: toUnits(quantity, 3) })) } : rest;
                number = await refundPart(app.db, () => providerFor(app), order.id, { id: user.id, name: user.name }, asked);
            } catch (error) {
                if (!(error instanceof ProviderError)) throw error;
                app.log.warn({ err: error }, 'Partial refund refused by the payment provider');
                const message = `The payment provider did not make the refund (${error.message}). The order is unchanged; please try again.`;
                return reply.code(502).send({ success: false, message, error: message });
            }
            app.mailer.wake();
            return { success: true, message: `Refunded in part: credit note ${number}`, data: await orderDetailOf(app.db, await visibleOrder(app.db, request, order.id), true) };
        },
    });
}
