import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../infra/errors';
import { dropBlankParams } from '../../engine/list';
import { errorResponses, idParams } from '../../http/common';
import { listOrders, zoneForDays, ORDER_FILTERS, ORDER_LIST_QUERY } from './listOrders';
import { accountsRow, customerSummary, statusCounts, stockHeld } from './orderTools';
import { ORDER_STATUSES } from './workflow';

const money = { type: 'number', description: 'Rupees' } as const;
const integer = { type: 'integer' } as const;

const countsQuery = {
    type: 'object',
    properties: { q: ORDER_LIST_QUERY.properties.q, ...ORDER_FILTERS },
} as const;

const accountsRowSchema = {
    type: 'object',
    properties: {
        id: integer,
        createdAt: { type: 'string' },
        customerName: { type: 'string' },
        customerEmail: { type: ['string', 'null'] },
        customerPhone: { type: ['string', 'null'] },
        pincode: { type: 'string' },
        paymentMethod: { type: 'string', enum: ['online', 'cod'] },
        status: { type: 'string', enum: ORDER_STATUSES },
        subtotal: money,
        taxTotal: money,
        deliveryCharge: money,
        discount: money,
        totalPrice: money,
        invoiceNumber: { type: ['string', 'null'], description: 'The tax invoice number, once the order has one' },
    },
} as const;

const tags = ['Orders'];

/**
 * The order list's tools for staff: counts for its status tabs, the rows its CSV export writes,
 * the stock a cancel or refund would put back, and a customer's orders at a glance on their user page.
 */
export default async function orderTools(fastify: FastifyInstance) {
    registerStatusCounts(fastify);
    registerAccountsExport(fastify);
    registerStockHeld(fastify);
    registerCustomerSummary(fastify);
}

/** GET /orderr/counts: the status tabs' counts. */
function registerStatusCounts(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/orderr/counts', {
        config: { access: 'staff' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: "How many orders of each status match the list's other filters (the status tabs)",
            description: 'Takes the same `q` and filters as GET /orderr; a `status` filter is ignored, so every tab is counted.',
            querystring: countsQuery,
            response: {
                200: {
                    type: 'object',
                    properties: {
                        counts: { type: 'object', properties: Object.fromEntries(ORDER_STATUSES.map((status) => [status, integer])) },
                        total: integer,
                    },
                },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const counts = await statusCounts(app.db, app.dbKind, request.query, await zoneForDays(app.shopClock, request.query));
            return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) };
        },
    });
}

/** GET /orderr/export: the rows of the accounts' CSV export. */
function registerAccountsExport(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/orderr/export', {
        config: { access: 'staff' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: 'Orders as the accounts read them (the CSV export): amounts in rupees as numbers, the invoice number',
            description: 'Paged, sorted, searched and filtered as GET /orderr (X-Total-Count); called bare it answers the newest 1000.',
            querystring: ORDER_LIST_QUERY,
            response: { 200: { type: 'object', properties: { orders: { type: 'array', items: accountsRowSchema } } }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { rows, total } = await listOrders(app.db, app.dbKind, request.query, undefined, await zoneForDays(app.shopClock, request.query));
            reply.header('X-Total-Count', total);
            return { orders: rows.map(accountsRow) };
        },
    });
}

/** GET /orderr/:id/stock: the stock a cancel or refund would put back. */
function registerStockHeld(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/orderr/:id/stock', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'The units of tracked stock the order holds: what cancelling or refunding it puts back now',
            params: idParams,
            response: {
                200: {
                    type: 'object',
                    properties: {
                        units: integer,
                        lines: { type: 'array', items: { type: 'object', properties: { productId: integer, name: { type: 'string' }, units: integer } } },
                    },
                },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const { id } = request.params;
            const order = await app.db.selectFrom('orders').select('id').where('id', '=', id).executeTakeFirst();
            if (!order) throw notFound('Order not found');
            return stockHeld(app.db, id);
        },
    });
}

/** GET /users/:id/order-summary: a customer's orders at a glance. */
function registerCustomerSummary(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/users/:id/order-summary', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: "A customer's orders at a glance: how many, how many paid, and the total spent",
            description: 'Total spent: the totals of orders paid (online, or cash on delivery once delivered), neither cancelled nor refunded.',
            params: idParams,
            response: {
                200: {
                    type: 'object',
                    properties: { customerId: integer, orders: integer, paidOrders: integer, totalSpent: money, lastOrderAt: { type: ['string', 'null'] } },
                },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const { id } = request.params;
            const user = await app.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
            if (!user) throw notFound('User not found');
            return customerSummary(app.db, id);
        },
    });
}
