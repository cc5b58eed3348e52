import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { actorOf, recordAudit } from '../../engine/audit';
import { errorResponses, idParams } from '../../http/common';
import { nowIso } from '../../infra/time';
import { orderDetail, orderDetailOf } from './orderRecord';
import { orderNote } from './orderRoutes';
import { recordHistory } from './transition';
import { visibleOrder } from './visibleOrder';

/**
 * Staff tell the rider what the address does not (gate code, call first): on the order page and its packing slip.
 * A change is in the order's history and the activity log like the order's other changes.
 */
export default async function deliveryNoteRoute(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.put('/orderr/:id/delivery-note', {
        config: { access: 'staff' },
        schema: {
            tags: ['Orders'],
            summary: "Sets the order's delivery note for the rider (staff); an empty note removes it. Written to the order's history and the activity log",
            params: idParams,
            body: { type: 'object', required: ['note'], additionalProperties: false, properties: { note: { ...orderNote, type: ['string', 'null'] } } },
            response: { 200: orderDetail, ...errorResponses },
        },
        handler: async (request) => {
            const { id } = request.params;
            const before = await visibleOrder(app.db, request, id);
            const note = request.body.note?.trim() || null;
            if (note !== before.deliveryNote) {
                const at = nowIso();
                await app.db.transaction().execute(async (trx) => {
                    await trx.updateTable('orders').set({ deliveryNote: note, updatedAt: at }).where('id', '=', id).execute();
                    // The history's note holds 500 characters: a long delivery note is shortened there (the order keeps it whole).
                    const said = note ? `Delivery note: ${note}` : 'Delivery note removed';
                    const words = said.length > 500 ? `${said.slice(0, 499)}…` : said;
                    await recordHistory(trx, id, before.status, before.status, { id: request.user!.id, name: request.user!.name }, words, at);
                    await recordAudit(trx, actorOf(request), { action: 'update', entity: 'orders', record: id, changes: { deliveryNote: { before: before.deliveryNote, after: note } } });
                });
            }
            return orderDetailOf(app.db, await visibleOrder(app.db, request, id), true);
        },
    });
}
