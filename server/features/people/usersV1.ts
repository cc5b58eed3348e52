import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { listQuerySchema, stockListParams, type ListQuery } from '../../engine/list';
import { changesOnly } from '../../engine/routes/changesOnly';
import { notOffered, sortMessage, stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { badRequest } from '../../infra/errors';
import { errorResponses, idParams } from '../../http/common';
import { changeAccount } from './accountChange';
import { listFor, listUsers, readUser, ROLE_BODY, STATUS_BODY, USER_LIST } from './userReads';
import { userRecord } from './userRecord';

const tags = ['Users'];
/** What a user changes about themselves (POST /api/profile/{id}), not an administrator's edit of their account. */
const OWN_DETAILS = ['name', 'email', 'contactNo', 'address', 'pincode', 'gstin', 'businessName'];
const OWN_DETAILS_MESSAGE = "A user's name, email, contact number, address, pincode, GSTIN and business name are theirs to change in their profile (POST /api/profile/{id}); an administrator changes roleId and status";

/**
 * `/api/v1/users` in the stock REST shape, from the legacy routes' functions (userReads.ts, accountChange.ts):
 * staff list and read (administrators and sellers alike, contact details included); an administrator changes a role or a status with PUT,
 * with the checks, session ends and audit lines of the legacy account actions. Accounts are made by registration
 * and never deleted: POST and DELETE answer 405 saying so.
 */
export default async function usersV1(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    // Its querystring is built at run time from the list's spec, so its type is the list's, not the schema's.
    app.get<{ Querystring: ListQuery }>('/v1/users', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: {
            tags,
            summary: 'List users',
            description: "Staff only (administrators and sellers alike read, search and sort by contact details: see Customers' contact details).",
            querystring: v1ListQuery(listQuerySchema(USER_LIST), 'Users'),
            response: { 200: { type: 'array', items: userRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { query } = request;
            const { roleId } = request.user!;
            // Sorting by a column one may not read would tell its order: refused, as the legacy list quietly ignores it.
            const sortable = listFor(roleId, USER_LIST).sort;
            if (query.sort && !sortable.includes(query.sort)) throw badRequest(sortMessage('Your users list', sortable), { sort: sortMessage('Your users list', sortable) });
            const { rows, total } = await listUsers(app, roleId, query, USER_LIST);
            return stockPage(reply, 'users', query, rows, total);
        },
    });

    app.get('/v1/users/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one user', description: 'Staff only; administrators and sellers read the contact details.', params: idParams, response: { 200: userRecord, ...errorResponses } },
        handler: async (request) => readUser(app, request.user!.roleId, request.params.id),
    });

    app.put('/v1/users/:id', {
        config: { access: 'admin' },
        // Only the role and the status are writes; the rest of a record sent back, and values it already has, are not.
        // The person's own details are theirs to change (their profile): a new value there is refused, not dropped.
        preValidation: changesOnly((id, request) => readUser(app, request.user!.roleId, id), ['roleId', 'status'], undefined, { fields: OWN_DETAILS, message: OWN_DETAILS_MESSAGE }),
        schema: {
            tags,
            summary: 'Update a user',
            description:
                "Administrators only. `roleId` and `status` change, as POST /api/users/{id}/role and /toggle-status change them (nobody changes their own, the last active administrator stays, demoting or disabling ends the user's sessions); the rest of a record sent back as it was is ignored, and a changed name, email, contact number, address, pincode, GSTIN or business name is refused with 400 (the user changes those at POST /api/profile/{id}). Answers the user.",
            params: idParams,
            body: { type: 'object', properties: { ...ROLE_BODY.properties, ...STATUS_BODY.properties } },
            response: { 200: userRecord, ...errorResponses },
        },
        handler: async (request) => {
            const { roleId, status } = request.body;
            const { id } = request.params;
            // Each is one of the legacy actions, in its own transaction with its own audit line.
            if (roleId !== undefined) await changeAccount(app, request.user!, id, { roleId }, request.ip);
            if (status !== undefined) await changeAccount(app, request.user!, id, { status }, request.ip);
            return readUser(app, request.user!.roleId, id);
        },
    });

    const refused = { tags, access: 'staff' } as const;
    notOffered(app, {
        ...refused,
        method: 'POST',
        url: '/v1/users',
        allow: 'GET',
        summary: 'Create a user (not offered)',
        message: 'Accounts are made by registration (POST /api/user_register); an administrator then changes their role',
    });
    notOffered(app, {
        ...refused,
        method: 'DELETE',
        url: '/v1/users/:id',
        allow: 'GET, PUT',
        summary: 'Delete a user (not offered)',
        message: 'Accounts are never deleted (their orders and history stay theirs); disable one instead: PUT {"status": 0}',
    });
}
