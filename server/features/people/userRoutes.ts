import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { changeAccount, type AccountChange } from './accountChange';
import { contentRange, dropBlankParams, isStockDialect, type ListQuery } from '../../engine/list';
import { toUser, userRecord } from './userRecord';
import { listUsers, readUser, ROLE_BODY, STATUS_BODY, USER_LIST_QUERY } from './userReads';
import { errorResponses, idParams } from '../../http/common';
import { setBusinessDetails } from './businessDetails';
import { refuseUnknown } from '../../http/unknownKeys';

const written = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: userRecord } } as const;

/**
 * User management (the legacy User List): staff may look, only an administrator may change a role or
 * disable an account. Accounts are made by registration (customers) and promoted here.
 */
const tags = ['Users'];

export default async function users(fastify: FastifyInstance) {
    registerUserReads(fastify);
    registerRoleChange(fastify);
    registerBusinessDetails(fastify);
    registerToggleStatus(fastify);
}

const change = async (app: FastifyInstance, request: FastifyRequest, id: number, what: AccountChange) =>
    toUser(await changeAccount(app, request.user!, id, what, request.ip));

/** GET /users and /users/:id: staff read every user. */
function registerUserReads(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    // Its querystring is built at run time from the list's spec, so its type is the list's, not the schema's.
    app.get<{ Querystring: ListQuery }>('/users', {
        config: { access: 'staff' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: 'Users; bare, every user (legacy), else paged, sorted, searched by name or e-mail, filtered by role',
            description: "Staff only; administrators and sellers alike read every field and search by name and e-mail (see Customers' contact details).",
            querystring: USER_LIST_QUERY,
            response: { 200: { type: 'array', items: userRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { rows, total } = await listUsers(app, request.user!.roleId, request.query);
            reply.header('X-Total-Count', total);
            if (isStockDialect(request)) reply.header('Content-Range', contentRange(request.query, rows.length, total));
            return rows;
        },
    });

    app.get('/users/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one user (the fields your role may see)', params: idParams, response: { 200: userRecord, ...errorResponses } },
        handler: async (request) => readUser(app, request.user!.roleId, request.params.id),
    });
}

/** POST /users/:id/role: an administrator changes a role. */
function registerRoleChange(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/users/:id/role', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: "Changes a user's role; demoting ends their sessions",
            description: 'Admin only. Nobody can change their own role, and the last active administrator cannot be demoted.',
            params: idParams,
            body: ROLE_BODY,
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const data = await change(app, request, request.params.id, { roleId: request.body.roleId });
            return { success: true, message: `Role changed to ${data.role}`, data };
        },
    });
}

/** POST /users/:id/business: an administrator sets a business customer's GSTIN and name. */
function registerBusinessDetails(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/users/:id/business', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: "Sets a business customer's GSTIN and business name (blank clears them)",
            description: 'Admin only. The GSTIN is checked (its shape and check character); orders invoiced after it get a B2B tax invoice naming both.',
            params: idParams,
            body: {
                type: 'object',
                additionalProperties: refuseUnknown('This form has no field {name}: it takes gstin and businessName'),
                properties: {
                    gstin: { type: ['string', 'null'], maxLength: 20, description: 'A GSTIN of 15 characters; empty for none' },
                    businessName: { type: ['string', 'null'], maxLength: 200, 'x-message': 'The business name can be at most 200 characters long' },
                },
            },
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const data = toUser(await setBusinessDetails(app, request.user!, request.params.id, request.body, request.ip));
            return { success: true, message: 'Business details saved', data };
        },
    });
}

/** POST /users/:id/toggle-status: an administrator disables or re-enables an account. */
function registerToggleStatus(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/users/:id/toggle-status', {
        config: { access: 'admin' },
        schema: {
            tags,
            summary: 'Disables (0) or re-enables (1) an account; disabling ends its sessions',
            description: 'Admin only. Nobody can disable their own account, and the last active administrator cannot be disabled.',
            params: idParams,
            body: STATUS_BODY,
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const { status } = request.body;
            const data = await change(app, request, request.params.id, { status });
            return { success: true, message: status === 1 ? 'User enabled' : 'User disabled', data };
        },
    });
}
