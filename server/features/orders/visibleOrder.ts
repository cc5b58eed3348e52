import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { notFound } from '../../infra/errors';
import { ROLE } from '../../../schema/access';
import { ORDER_COLUMNS, type OrderRow } from './orderRecord';

/** Administrators and sellers read every order; anyone else only their own. */
export const isStaff = (request: Pick<FastifyRequest, 'user'>) => request.user!.roleId === ROLE.admin || request.user!.roleId === ROLE.seller;

/**
 * Order `id` as the request's user may see it: any for staff, a customer's own for a customer; someone else's is
 * answered as missing (404), so ids cannot be probed.
 */
export async function visibleOrder(db: Kysely<Database>, request: Pick<FastifyRequest, 'user'>, id: number): Promise<OrderRow> {
    let query = db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', '=', id);
    if (!isStaff(request)) query = query.where('orders.customerId', '=', request.user!.id);
    const row = (await query.executeTakeFirst()) as OrderRow | undefined;
    if (!row) throw notFound('Order not found');
    return row;
}
