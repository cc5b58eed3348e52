import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../engine/audit';
import { dropBlankParams } from '../../engine/list';
import { badRequest } from '../../infra/errors';
import { errorResponses, idParams } from '../../http/common';
import { orderDetail, orderDetailOf, ORDER_COLUMNS, type OrderRow } from '../orders/orderRecord';
import { changeOrderSlot } from './changeOrderSlot';
import { availableSlots, nextSlotToPack } from './slotOccurrences';
import { SLOT_CHOICE_PROPERTIES } from './slotChoiceSchema';

const occurrence = {
    type: 'object',
    properties: {
        slotId: { type: 'integer' },
        slotDate: { type: 'string', description: "The shop's day, YYYY-MM-DD" },
        name: { type: 'string' },
        startTime: { type: 'string' },
        endTime: { type: 'string' },
        startsAt: { type: 'string' },
        endsAt: { type: 'string' },
        closesAt: { type: 'string', description: 'The last instant an order may take it (its cut-off before the start)' },
        capacity: { type: 'integer' },
        taken: { type: 'integer' },
        remaining: { type: 'integer' },
        label: { type: 'string', description: 'The slot as people read it: Monday 30 November 2026, 18:00–20:00 (Evening)' },
    },
} as const;

/**
 * Delivery slots beyond their templates (the deliverySlots entity): the days an order can still book, the next slot
 * to pack for, and staff moving an order to another slot.
 */
export default async function slotRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const tags = ['Delivery slots'];

    app.get('/delivery-slots/available', {
        config: { access: 'signedIn' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: "The slots an order can take in the next 7 days on the shop's clock: before their cut-off, with places left; soonest first",
            description: 'With `pincode`, only when the shop delivers there (400 otherwise).',
            querystring: {
                type: 'object',
                additionalProperties: false,
                properties: { pincode: { type: 'string', pattern: '^[0-9]{6}$', 'x-message': 'Please enter a valid 6-digit pincode!' } },
            },
            response: { 200: { type: 'object', properties: { slots: { type: 'array', items: occurrence } } }, ...errorResponses },
        },
        handler: async (request) => {
            const { pincode } = request.query;
            if (pincode !== undefined) {
                const served = await app.db.selectFrom('pincodes').select('status').where('pincode', '=', pincode).executeTakeFirst();
                if (served?.status !== 1) throw badRequest('We do not deliver to this pincode yet', { pincode: 'We do not deliver to this pincode yet' });
            }
            return { slots: await availableSlots(app.db) };
        },
    });

    app.get('/delivery-slots/next-to-pack', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'The next slot with orders waiting to be packed (the soonest not yet over), and those orders, oldest first',
            description: 'The packing slips of those orders are GET /orderr/packing-slips?ids=…; `slot` is null when no order waits for a slot.',
            response: {
                200: { type: 'object', properties: { slot: { ...occurrence, type: ['object', 'null'] }, orderIds: { type: 'array', items: { type: 'integer' } } } },
                ...errorResponses,
            },
        },
        handler: async () => {
            const next = await nextSlotToPack(app.db);
            return next ? next : { slot: null, orderIds: [] };
        },
    });

    app.post('/orderr/:id/slot', {
        config: { access: 'staff' },
        schema: {
            tags: ['Orders'],
            summary: "Moves an order to another delivery slot (until it is out for delivery) and mails the customer the new one",
            description: 'Refused when the slot is full or past its cut-off (409), or does not run that day (400).',
            params: idParams,
            body: { type: 'object', required: ['slotId', 'slotDate'], additionalProperties: false, properties: SLOT_CHOICE_PROPERTIES },
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: orderDetail } }, ...errorResponses },
        },
        handler: async (request) => {
            const { id } = request.params;
            const user = request.user!;
            await changeOrderSlot(app.db, id, request.body, { id: user.id, name: user.name }, actorOf(request));
            app.mailer.wake();
            const row = (await app.db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', '=', id).executeTakeFirstOrThrow()) as OrderRow;
            return { success: true, message: `Order ${id} has a new delivery slot; the customer is told by mail`, data: await orderDetailOf(app.db, row, true) };
        },
    });
}
