import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ROLE, roleName } from '../../../schema/access';
import { listQuerySchema, pageOf, stockListParams, type ListQuery, type ListSpec } from '../../engine/list';
import { notOffered, sortMessage, stockPage, withSortMessage } from '../../engine/routes/stockAnswers';
import { badRequest, notFound } from '../../infra/errors';
import { errorResponses, idParams } from '../../http/common';
import { listFor, USER_LIST } from './userReads';
import { toUser, userColumnsFor, userRecord, type UserRow } from './userRecord';

/**
 * The resources react-admin's conventions make of two reference fields: an order's `customerId` names a row of
 * `customers`, a user's `roleId` one of `roles`. Customers are the users whose role is neither administrator nor
 * seller, read as `/api/v1/users` reads them; roles are the fixed three. Read-only: a customer's account is
 * changed at `/api/v1/users/{id}`, and roles are not data.
 */
export default async function referenceResources(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const customers = () => app.db.selectFrom('users').where('roleId', 'not in', [ROLE.admin, ROLE.seller]);
    const spec: ListSpec = { ...USER_LIST, filters: { status: 'integer' } };

    app.get<{ Querystring: ListQuery }>('/v1/customers', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: {
            tags: ['Users'],
            summary: 'List customers',
            description: 'Staff only: the users who are customers, as `/api/v1/users` answers them (a seller reads names only). `filter={"id":[…]}` reads several at once.',
            querystring: withSortMessage(listQuerySchema(spec), 'Customers'),
            response: { 200: { type: 'array', items: userRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { query } = request;
            const { roleId } = request.user!;
            const sortable = listFor(roleId, spec).sort;
            if (query.sort && !sortable.includes(query.sort)) throw badRequest(sortMessage('Your customers list', sortable), { sort: sortMessage('Your customers list', sortable) });
            const { rows, total } = await pageOf(customers().select(userColumnsFor(roleId)), query, listFor(roleId, spec));
            return stockPage(reply, 'customers', query, (rows as UserRow[]).map(toUser), total);
        },
    });

    app.get('/v1/customers/:id', {
        config: { access: 'staff' },
        schema: { tags: ['Users'], summary: 'Read one customer', description: 'Staff only; 404 for a user who is staff.', params: idParams, response: { 200: userRecord, ...errorResponses } },
        handler: async (request) => {
            const row = await customers().select(userColumnsFor(request.user!.roleId)).where('id', '=', request.params.id).executeTakeFirst();
            if (!row) throw notFound('Customer not found');
            return toUser(row as UserRow);
        },
    });

    const role = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string', enum: ['Admin', 'Seller', 'Customer'] } } } as const;
    const roles = [ROLE.admin, ROLE.seller, ROLE.customer].map((id) => ({ id, name: roleName(id) }));
    app.get('/v1/roles', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: {
            tags: ['Users'],
            summary: 'List roles',
            description: 'The three roles a user has (`roleId`): 1 Admin, 2 Seller, 3 Customer. Fixed; `filter={"id":[…]}` reads some of them.',
            querystring: { type: 'object', properties: { range: { type: 'string' }, sort: { type: 'string', enum: ['id', 'name'] }, order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] }, offset: { type: 'integer' }, limit: { type: 'integer' }, id: { type: 'array', items: { type: 'string', pattern: '^\\d+(,\\d+)*$' } } } },
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
