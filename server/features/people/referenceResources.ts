import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ROLE, roleName } from '../../../schema/access';
import { stockListParams } from '../../engine/list';
import { notOffered, stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { notFound } from '../../infra/errors';
import { errorResponses, idParams } from '../../http/common';

/**
 * The resources react-admin's conventions make of two reference fields: an order's `customerId` names a row of
 * `customers` (read at features/customers/customerRoutes.ts), a user's `roleId` one of `roles`, the fixed three.
 * Neither is written here: a customer's account is changed at `/api/v1/users/{id}`, and roles are not data.
 */
export default async function referenceResources(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const role = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string', enum: ['Admin', 'Seller', 'Customer'] } } } as const;
    const roles = [ROLE.admin, ROLE.seller, ROLE.customer].map((id) => ({ id, name: roleName(id) }));
    app.get('/v1/roles', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: {
            tags: ['Users'],
            summary: 'List roles',
            description: 'The three roles a user has (`roleId`): 1 Admin, 2 Seller, 3 Customer. Fixed; `filter={"id":[…]}` reads some of them.',
            querystring: v1ListQuery(
                { type: 'object', properties: { range: { type: 'string' }, sort: { type: 'string', enum: ['id', 'name'] }, order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] }, offset: { type: 'integer' }, limit: { type: 'integer' }, id: { type: 'array', items: { type: 'string', pattern: '^\\d+(,\\d+)*$' } } } } as const,
                'Roles',
            ),
            response: { 200: { type: 'array', items: role }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { id, sort, order } = request.query;
            const ids = id?.flatMap((part) => part.split(',')).map(Number);
            const chosen = roles.filter((row) => !ids || ids.includes(row.id));
            if (sort === 'name') chosen.sort((a, b) => a.name.localeCompare(b.name));
            if (order?.toUpperCase() === 'DESC') chosen.reverse();
            return stockPage(reply, 'roles', {}, chosen, chosen.length);
        },
    });

    app.get('/v1/roles/:id', {
        config: { access: 'staff' },
        schema: { tags: ['Users'], summary: 'Read one role', params: idParams, response: { 200: role, ...errorResponses } },
        handler: async (request) => {
            const found = roles.find((row) => row.id === request.params.id);
            if (!found) throw notFound('Role not found: roles are 1 Admin, 2 Seller and 3 Customer');
            return found;
        },
    });

    for (const [resource, allow, message] of [
        ['customers', 'GET', 'Customers are users: they register at POST /api/user_register, and an administrator changes their account at PUT /api/v1/users/{id}'],
        ['roles', 'GET', 'The roles are fixed: 1 Admin, 2 Seller, 3 Customer'],
    ] as const) {
        notOffered(app, { tags: ['Users'], access: 'staff', method: 'POST', url: `/v1/${resource}`, allow, summary: `Create ${resource} (not offered)`, message });
        for (const method of ['PUT', 'DELETE'] as const) notOffered(app, { tags: ['Users'], access: 'staff', method, url: `/v1/${resource}/:id`, allow, summary: `${method === 'PUT' ? 'Update' : 'Delete'} ${resource} (not offered)`, message });
    }
}
