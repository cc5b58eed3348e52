import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { conflict, HttpError } from '../../infra/errors';
import { dropBlankParams, isStockDialect, contentRange } from '../../engine/list';
import { listOrders, zoneForDays, ORDER_LIST_QUERY as listQuery } from './listOrders';
import { ORDER_COLUMNS, orderDetail, orderDetailOf, orderSummary, summaries, type OrderRow } from './orderRecord';
import { placeOrder } from './placeOrder';
import { refundOrder } from './refundOrder';
import { moveOrder } from './transition';
import { isStaff, visibleOrder } from './visibleOrder';
import { ORDER_STATUSES } from './workflow';
import { ProviderError } from '../payments/provider';
import { NO_ONLINE_PAYMENT, paymentMode, providerFor } from '../payments/providerFor';
import { ROLE } from '../../../schema/access';
import { errorBody, errorResponses, idParams } from '../../http/common';
import { SLOT_CHOICE_PROPERTIES } from '../deliverySlots/slotChoiceSchema';
import { itemsInThousandths, orderItemsSchema } from './orderItems';

/** Refunds move money: a seller may pack and deliver, not give money back. */
export const ONLY_ADMIN_REFUNDS = 'Only an administrator can refund an order.';

const placeBody = {
    type: 'object',
    required: ['items', 'pincode'],
    additionalProperties: false,
    properties: {
        items: orderItemsSchema,
        pincode: { type: 'string', pattern: '^[0-9]{6}$', 'x-message': 'Please enter a valid 6-digit pincode!' },
        couponCode: { type: 'string', maxLength: 40, 'x-message': 'A coupon code has at most 40 characters' },
        address: { type: 'string', maxLength: 500, 'x-message': 'The address can be at most 500 characters long' },
        paymentMethod: { type: 'string', enum: ['online', 'cod'], default: 'online', 'x-message': 'Payment method must be online or cod' },
        ...SLOT_CHOICE_PROPERTIES,
    },
} as const;

const tags = ['Orders'];

/** Gives the money back and marks the order refunded; a provider's refusal leaves the order as it was. */
async function refund(app: FastifyInstance, request: Pick<FastifyRequest, 'user'>, id: number, reply: FastifyReply, note: string | null) {
    const user = request.user!;
    if (user.roleId !== ROLE.admin) throw new HttpError(403, ONLY_ADMIN_REFUNDS);
    try {
        await refundOrder(app.db, () => providerFor(app), id, { id: user.id, name: user.name }, note);
    } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        app.log.warn({ err: error }, 'Refund refused by the payment provider');
        const message = `The payment provider did not make the refund (${error.message}). The order is unchanged; please try again.`;
        reply.code(502).send({ success: false, message, error: message });
        return false;
    }
    return true;
}

const moved = async (app: FastifyInstance, request: Pick<FastifyRequest, 'user'>, id: number, status: string) => {
    const data = await orderDetailOf(app.db, await visibleOrder(app.db, request, id), true);
    return { success: true, message: `Order ${data.id} is now ${status.replace(/_/g, ' ')}`, data };
};
const noteOf = (body: { note?: string } | undefined) => body?.note?.trim() || null;
const moveResponses = { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: orderDetail } }, ...errorResponses, 502: errorBody };
export const orderNote = { type: 'string', maxLength: 500, 'x-message': 'The note can be at most 500 characters long' } as const;
const note = orderNote;

/**
 * Orders (GET /orderr, the legacy admin's list, and POST /orders, the storefront's call). Customers place and read
 * their own; staff read every order and move it through the workflow of workflow.ts.
 */
export default async function orders(fastify: FastifyInstance) {
    registerPlaceOrder(fastify);
    registerOrderReads(fastify);
    registerStatusMove(fastify);
    registerRefund(fastify);
}

/** POST /orders: a customer places an order. */
function registerPlaceOrder(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/orders', {
        config: { access: 'signedIn', rateLimit: { max: app.config.orderRateLimit, timeWindow: '1 minute' } },
        schema: {
            tags,
            summary: 'Places an order for the signed-in customer, priced by the server from the catalogue',
            description:
                'Catalogue prices include GST; each line shows its GST part. The delivery charge is that of the pincode; a coupon applies when active, within its dates and its minimum amount.',
            body: placeBody,
            response: { 201: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: orderDetail } }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const order = request.body;
            // An online order that no provider can take would wait for a payment that cannot come.
            if ((order.paymentMethod ?? 'online') === 'online' && paymentMode(app.config) === 'none') throw conflict(NO_ONLINE_PAYMENT);
            const id = await placeOrder(app.db, request.user!.id, itemsInThousandths(order));
            app.mailer.wake();
            const row = (await app.db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', '=', id).executeTakeFirstOrThrow()) as OrderRow;
            reply.code(201);
            return { success: true, message: 'Order placed', data: await orderDetailOf(app.db, row, isStaff(request)) };
        },
    });
}

/** GET /orderr and /orderr/:id: the order list and one order whole. */
function registerOrderReads(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/orderr', {
        config: { access: 'signedIn' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: 'Orders, newest first: `{orders: [...]}`; paged (X-Total-Count), sorted, filtered and searched by customer name',
            description: 'Staff see every order, a customer only their own. Called bare it answers the newest 1000.',
            querystring: listQuery,
            response: { 200: { type: 'object', properties: { orders: { type: 'array', items: orderSummary } } }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { query } = request;
            const { rows, total } = await listOrders(app.db, app.dbKind, query, isStaff(request) ? undefined : request.user!.id, await zoneForDays(app.shopClock, query));
            reply.header('X-Total-Count', total);
            if (isStockDialect(request)) reply.header('Content-Range', contentRange(query, rows.length, total));
            return { orders: await summaries(app.db, rows) };
        },
    });

    app.get('/orderr/:id', {
        config: { access: 'signedIn' },
        schema: { tags, summary: 'One order whole: lines, tax, delivery, discount, payment and status history', params: idParams, response: { 200: orderDetail, ...errorResponses } },
        handler: async (request) => orderDetailOf(app.db, await visibleOrder(app.db, request, request.params.id), isStaff(request)),
    });
}

/** POST /orderr/:id/status: staff move an order through the workflow. */
function registerStatusMove(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/orderr/:id/status', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Moves an order to the next status; only the moves the workflow allows (409 otherwise)',
            description:
                'Refunded gives the money back (administrators only: 403 for a seller): an online order through the payment provider (502 and the order unchanged if it refuses), a cash-on-delivery one recorded as refunded by hand.',
            params: idParams,
            body: {
                type: 'object',
                required: ['status'],
                additionalProperties: false,
                properties: {
                    status: { type: 'string', enum: ORDER_STATUSES, 'x-message': `Status must be one of ${ORDER_STATUSES.join(', ')}` },
                    note,
                },
            },
            response: moveResponses,
        },
        handler: async (request, reply) => {
            const { status } = request.body;
            const { id } = request.params;
            const user = request.user!;
            if (status !== 'refunded') await moveOrder(app.db, id, status, { id: user.id, name: user.name }, noteOf(request.body));
            else if (!(await refund(app, request, id, reply, noteOf(request.body)))) return reply;
            app.mailer.wake();
            return moved(app, request, id, status);
        },
    });
}

/** POST /orderr/:id/refund: an administrator refunds an order. */
function registerRefund(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/orderr/:id/refund', {
        config: { access: 'admin' },
        // The note is optional, and so is a body to carry it.
        preValidation: async (request) => {
            request.body ??= {};
        },
        schema: {
            tags,
            summary: 'Refunds a paid or delivered order (administrators only); the same as moving it to refunded',
            params: idParams,
            body: { type: 'object', additionalProperties: false, properties: { note } },
            response: moveResponses,
        },
        handler: async (request, reply) => {
            if (!(await refund(app, request, request.params.id, reply, noteOf(request.body)))) return reply;
            app.mailer.wake();
            return moved(app, request, request.params.id, 'refunded');
        },
    });
}
