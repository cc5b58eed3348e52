import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { listQuerySchema, pageOf, stockListParams, type ListQuery } from '../../engine/list';
import { stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { notFound } from '../../infra/errors';
import { errorResponses, idParams } from '../../http/common';
import { CUSTOMER_COLUMNS, CUSTOMER_LIST, CUSTOMER_ROLE_IDS_EXCLUDED, customerRecord, customerRecords } from './customerRecord';

const tags = ['Customers'];

/**
 * `/api/v1/customers`: the shop's customers for staff (administrators and sellers alike, who see customers' contact
 * details everywhere), each with their orders count, lifetime spend and last order; their orders are
 * `/api/v1/orders?customerId=`. Read-only: a customer is an account, made by registration.
 */
export default async function customerRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const customers = () => app.db.selectFrom('users').select(CUSTOMER_COLUMNS).where('roleId', 'not in', CUSTOMER_ROLE_IDS_EXCLUDED);

    app.get<{ Querystring: ListQuery }>('/v1/customers', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: {
            tags,
            summary: 'List customers',
            description: 'Staff only. Searched (`q`) by name, e-mail and phone; each with orders count, lifetime spend and last order.',
            querystring: v1ListQuery(listQuerySchema(CUSTOMER_LIST), 'Customers'),
            response: { 200: { type: 'array', items: customerRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { query } = request;
            const { rows, total } = await pageOf(customers(), query, CUSTOMER_LIST);
            return stockPage(reply, 'customers', query, await customerRecords(app.db, rows), total);
        },
    });

    app.get('/v1/customers/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one customer', description: 'Staff only: the account, its orders count, lifetime spend and last order.', params: idParams, response: { 200: customerRecord, ...errorResponses } },
        handler: async (request) => {
            const row = await customers().where('id', '=', request.params.id).executeTakeFirst();
            if (!row) throw notFound('Customer not found');
            return (await customerRecords(app.db, [row]))[0];
        },
    });
}
