import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { errorResponses, idParams } from '../../http/common';
import { nowIso } from '../../infra/time';
import { orderDetail, orderDetailOf } from './orderRecord';
import { visibleOrder } from './visibleOrder';

/** Staff tell the rider what the address does not (gate code, call first): on the order page and its packing slip. */
export default async function deliveryNoteRoute(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.put('/orderr/:id/delivery-note', {
        config: { access: 'staff' },
        schema: {
            tags: ['Orders'],
            summary: "Sets the order's delivery note for the rider (staff); an empty note removes it",
            params: idParams,
            body: {
                type: 'object',
                required: ['note'],
                additionalProperties: false,
                properties: { note: { type: ['string', 'null'], maxLength: 500, 'x-message': 'The delivery note can be at most 500 characters long' } },
            },
            response: { 200: orderDetail, ...errorResponses },
        },
        handler: async (request) => {
            const { id } = request.params;
            await visibleOrder(app.db, request, id);
            const note = request.body.note?.trim() || null;
            await app.db.updateTable('orders').set({ deliveryNote: note, updatedAt: nowIso() }).where('id', '=', id).execute();
            return orderDetailOf(app.db, await visibleOrder(app.db, request, id), true);
        },
    });
}
