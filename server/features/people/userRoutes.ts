import type { FastifyInstance, FastifyRequest } from 'fastify';
import { changeAccount, type AccountChange } from './accountChange';
import { notFound } from '../../infra/errors';
import { contentRange, dropBlankParams, isStockDialect, listQuerySchema, pageOf, type ListQuery, type ListSpec } from '../../engine/list';
import { toUser, userColumnsFor, userRecord } from './userRecord';
import { ROLE } from '../../../schema/access';
import { errorResponses, idParams } from '../../schemas/common';

const list: ListSpec = {
    search: ['name', 'email'],
    sort: ['id', 'name', 'email', 'roleId', 'status', 'createdAt'],
    filters: { roleId: 'integer', status: 'integer' },
};
/** A seller's list neither shows nor searches nor sorts by e-mail: a search would tell whose address it is. */
const sellersList: ListSpec = { ...list, search: ['name'], sort: list.sort.filter((name) => name !== 'email') };

const written = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: userRecord } } as const;

type IdParams = { id: number };

/**
 * User management (spec §2 User List): staff may look, only an administrator may change a role or
 * disable an account. Accounts are made by registration (customers) and promoted here.
 */
export default async function users(app: FastifyInstance) {
    const tags = ['Users'];

    app.get('/users', {
        config: { access: 'staff' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: 'Users; bare, every user (legacy), else paged, sorted, searched by name or e-mail, filtered by role',
            description: 'Staff only. Administrators read every field; sellers read names and roles, without e-mail, phone, address or pincode (and search by name only).',
            querystring: listQuerySchema(list),
            response: { 200: { type: 'array', items: userRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const admin = request.user!.roleId === ROLE.admin;
            const columns = userColumnsFor(request.user!.roleId);
            const { rows, total } = await pageOf(app.db.selectFrom('users').select(columns), request.query as ListQuery, admin ? list : sellersList);
            reply.header('X-Total-Count', total);
            if (isStockDialect(request)) reply.header('Content-Range', contentRange(request.query as ListQuery, rows.length, total));
            return rows.map(toUser);
        },
    });

    app.get('/users/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one user (the fields your role may see)', params: idParams, response: { 200: userRecord, ...errorResponses } },
        handler: async (request) => {
            const columns = userColumnsFor(request.user!.roleId);
            const row = await app.db.selectFrom('users').select(columns).where('id', '=', (request.params as IdParams).id).executeTakeFirst();
            if (!row) throw notFound('User not found');
            return toUser(row);
        },
    });

    const change = async (request: FastifyRequest, what: AccountChange) =>
        toUser(await changeAccount(app, request.user!, (request.params as IdParams).id, what, request.ip));

    app.post('/users/:id/role', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: "Changes a user's role; demoting ends their sessions",
            description: 'Admin only. Nobody can change their own role, and the last active administrator cannot be demoted.',
            params: idParams,
            body: {
                type: 'object',
                required: ['roleId'],
                properties: {
                    roleId: { type: 'integer', enum: [ROLE.admin, ROLE.seller, ROLE.customer], 'x-message': 'Please choose a role: 1 Admin, 2 Seller or 3 Customer' },
                },
            },
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const data = await change(request, { roleId: (request.body as { roleId: number }).roleId });
            return { success: true, message: `Role changed to ${data.role}`, data };
        },
    });

    app.post('/users/:id/toggle-status', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: 'Disables (0) or re-enables (1) an account; disabling ends its sessions',
            description: 'Admin only. Nobody can disable their own account, and the last active administrator cannot be disabled.',
            params: idParams,
            body: {
                type: 'object',
                required: ['status'],
                properties: { status: { type: 'integer', enum: [0, 1], 'x-message': 'Status must be 1 (active) or 0 (disabled)' } },
            },
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const status = (request.body as { status: number }).status;
            const data = await change(request, { status });
            return { success: true, message: status === 1 ? 'User enabled' : 'User disabled', data };
        },
    });
}
