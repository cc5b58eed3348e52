import type { FastifyInstance } from 'fastify';
import { notFound } from '../../infra/errors';
import { listQuerySchema, pageOf, type ListQuery, type ListSpec } from '../../engine/list';
import { seesContacts, toUser, userColumnsFor } from './userRecord';
import { ROLE } from '../../../schema/access';

/** GET /users: what the legacy list has always sorted, searched and filtered by. */
export const LEGACY_USER_LIST: ListSpec = {
    search: ['name', 'email'],
    sort: ['id', 'name', 'email', 'roleId', 'status', 'createdAt'],
    filters: { roleId: 'integer', status: 'integer' },
};

/** GET /v1/users sorts by every column the app's list shows, the phone number too. */
export const USER_LIST: ListSpec = { ...LEGACY_USER_LIST, sort: [...LEGACY_USER_LIST.sort, 'contactNo', 'updatedAt'] };

const CONTACT_DETAILS = ['email', 'contactNo'];

/** A reader who may not see contact details neither searches nor sorts by them: a search would tell whose address it is. */
export const listFor = (roleId: number, spec: ListSpec): ListSpec =>
    seesContacts(roleId) ? spec : { ...spec, search: ['name'], sort: spec.sort.filter((name) => !CONTACT_DETAILS.includes(name)) };

/** The querystring of the legacy user list. */
export const USER_LIST_QUERY = listQuerySchema(LEGACY_USER_LIST);

/** A page of users, with the fields the reader's role may see. */
export async function listUsers(app: FastifyInstance, roleId: number, query: ListQuery, spec = LEGACY_USER_LIST) {
    const { rows, total } = await pageOf(app.db.selectFrom('users').select(userColumnsFor(roleId)), query, listFor(roleId, spec));
    return { rows: rows.map(toUser), total };
}

/** One user, with the fields the reader's role may see. */
export async function readUser(app: FastifyInstance, roleId: number, id: number) {
    const row = await app.db.selectFrom('users').select(userColumnsFor(roleId)).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('User not found');
    return toUser(row);
}

/** The bodies of the account actions, the same at both paths. */
export const ROLE_BODY = {
    type: 'object',
    required: ['roleId'],
    properties: {
        roleId: { type: 'integer', enum: [ROLE.admin, ROLE.seller, ROLE.customer], 'x-message': 'Please choose a role: 1 Admin, 2 Seller or 3 Customer' },
    },
} as const;

export const STATUS_BODY = {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'integer', enum: [0, 1], 'x-message': 'Status must be 1 (active) or 0 (disabled)' } },
} as const;
