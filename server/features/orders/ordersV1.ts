import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { linkNext, stockListParams } from '../../engine/list';
import { notOffered, stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { errorResponses, idParams, idValue } from '../../http/common';
import { listOrders, ORDER_LIST_QUERY, zoneForDays } from './listOrders';
import { orderDetail, orderDetailOf, orderSummary, summaries } from './orderRecord';
import { isStaff, visibleOrder } from './visibleOrder';

const tags = ['Orders'];

const customerId = { type: 'integer', description: "The customer's user id (the same as customer.id), for a reference from orders to users" } as const;
const listRecord = { ...orderSummary, properties: { ...orderSummary.properties, customerId } } as const;
const oneRecord = { ...orderDetail, properties: { ...orderDetail.properties, customerId } } as const;

const listQuery = v1ListQuery(
    { ...ORDER_LIST_QUERY, properties: { ...ORDER_LIST_QUERY.properties, userId: { ...idValue, description: 'The same as customerId, by the name a reference from users reads' } } },
    'Orders',
);

/**
 * `/api/v1/orders` in the stock REST shape, read-only, from the legacy list's query (listOrders.ts) and records
 * (orderRecord.ts): staff read every order, a customer only their own (anyone else's is 404, as at GET /orderr/{id}).
 * Orders are placed by customers (POST /api/orders, priced by the server) and move only through the workflow's
 * named actions (POST /api/orderr/{id}/status, /refund), which stay legacy: POST, PUT and DELETE here answer 405
 * saying where to go.
 */
export default async function ordersV1(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/v1/orders', {
        config: { access: 'signedIn' },
        preValidation: stockListParams,
        schema: {
            tags,
            summary: 'List orders',
            description: 'Staff see every order, a customer only their own. The filters of GET /api/orderr (status, paymentMethod, createdFrom/To, totalFrom/To, toPack, customerId or userId, id, updatedAt_gte/updatedAt_lte), `q` searching customer names. A full page sorted by id, createdAt or updatedAt links the next one (a Link header, rel="next", with an opaque cursor in `after`).',
            querystring: listQuery,
            response: { 200: { type: 'array', items: listRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { userId, ...query } = request.query;
            // No order belongs to two customers.
            if (userId !== undefined && query.customerId !== undefined && userId !== query.customerId) return stockPage(reply, 'orders', query, [], 0);
            query.customerId ??= userId;
            const { rows, total } = await listOrders(app.db, app.dbKind, query, isStaff(request) ? undefined : request.user!.id, await zoneForDays(app.shopClock, query));
            const records = (await summaries(app.db, rows)).map((summary, i) => ({ ...summary, customerId: rows[i].customerId }));
            // Newest first unless a sort is named, as listOrders reads it; a full page by id or a time links the next.
            const descending = query.sort ? query.order?.toUpperCase() === 'DESC' : true;
            linkNext(request, reply, { sort: query.sort ?? 'createdAt', descending }, () => records.at(-1), records.length, query.limit);
            return stockPage(reply, 'orders', query, records, total);
        },
    });

    app.get('/v1/orders/:id', {
        config: { access: 'signedIn' },
        schema: { tags, summary: 'Read one order', description: 'The order whole: lines, tax, delivery, discount, payment, status history and mails.', params: idParams, response: { 200: oneRecord, ...errorResponses } },
        handler: async (request) => {
            const row = await visibleOrder(app.db, request, request.params.id);
            return { ...(await orderDetailOf(app.db, row, isStaff(request))), customerId: row.customerId };
        },
    });

    notOffered(app, {
        method: 'POST',
        url: '/v1/orders',
        tags,
        access: 'signedIn',
        allow: 'GET',
        summary: 'Create an order (not offered)',
        message: 'Orders are placed by customers at POST /api/orders, priced by the server from the catalogue',
    });
    const moves = { tags, access: 'staff', allow: 'GET' } as const;
    notOffered(app, {
        ...moves,
        method: 'PUT',
        url: '/v1/orders/:id',
        summary: 'Update an order (not offered)',
        message: 'An order changes only by moving through its workflow: POST /api/orderr/{id}/status {"status": …} (a refund: POST /api/orderr/{id}/refund)',
    });
    notOffered(app, {
        ...moves,
        method: 'DELETE',
        url: '/v1/orders/:id',
        summary: 'Delete an order (not offered)',
        message: 'Orders are kept for the accounts; cancel one instead: POST /api/orderr/{id}/status {"status": "cancelled"}',
    });
}
