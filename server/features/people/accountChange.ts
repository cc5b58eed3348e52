import type { FastifyInstance } from 'fastify';
import { changesOf, recordAudit } from '../../engine/audit';
import { HttpError, notFound } from '../../infra/errors';
import { endSessions } from './sessions';
import { nowIso } from '../../infra/time';
import { USER_COLUMNS, type UserRow } from './userRecord';
import { ROLE } from '../../../schema/access';
import { type SessionUser } from '../../infra/sessionUser';

export type AccountChange = { roleId: number } | { status: number };

// Higher is more power; every role id other than Admin and Seller is a customer.
const rank = (roleId: number) => (roleId === ROLE.admin ? 3 : roleId === ROLE.seller ? 2 : 1);

/**
 * Changes a user's role or status for an administrator, in one transaction that locks the active
 * administrators first: two administrators demoting each other at the same moment cannot leave
 * the shop with none, and an administrator demoted a moment ago can no longer demote anyone.
 * Demoting or disabling someone ends their sessions in the same transaction.
 */
export async function changeAccount(app: FastifyInstance, actor: SessionUser, targetId: number, change: AccountChange, ip?: string): Promise<UserRow> {
    const lock = app.dbKind === 'postgres';
    return app.db.transaction().execute(async (trx) => {
        const admins = (
            await trx
                .selectFrom('users')
                .select('id')
                .where('roleId', '=', ROLE.admin)
                .where('status', '=', 1)
                .orderBy('id')
                .$if(lock, (q) => q.forUpdate())
                .execute()
        ).map((row) => row.id);
        if (!admins.includes(actor.id)) throw new HttpError(403, 'Your account may not do this');

        const target = await trx
            .selectFrom('users')
            .select(USER_COLUMNS)
            .where('id', '=', targetId)
            .$if(lock, (q) => q.forUpdate())
            .executeTakeFirst();
        if (!target) throw notFound('User not found');

        const roleId = 'roleId' in change ? change.roleId : target.roleId;
        const status = 'status' in change ? change.status : target.status;
        if (roleId === target.roleId && status === target.status) return target;

        const losesAdmin = admins.includes(target.id) && (roleId !== ROLE.admin || status !== 1);
        if (losesAdmin && admins.length <= 1) {
            throw new HttpError(409, 'The shop needs at least one active administrator, so this one cannot be demoted or disabled');
        }
        // Staff sign in with their e-mail: a customer taken by phone has none, and would hold a role they cannot use.
        if (!target.email && roleId !== ROLE.customer) throw new HttpError(409, 'This customer has no e-mail, so they cannot sign in as staff');
        if (target.id === actor.id) {
            throw new HttpError(409, 'status' in change ? 'You cannot disable your own account' : 'You cannot change your own role');
        }

        const updated = await trx
            .updateTable('users')
            .set({ roleId, status, updatedAt: nowIso() })
            .where('id', '=', target.id)
            .returning(USER_COLUMNS)
            .executeTakeFirstOrThrow();
        if (rank(roleId) < rank(target.roleId) || status !== 1) await endSessions(trx, target.id);
        await recordAudit(trx, { userId: actor.id, email: actor.email, ip }, {
            action: 'roleId' in change ? 'role' : 'account',
            entity: 'users',
            record: target.id,
            changes: changesOf({ roleId: target.roleId, status: target.status }, { roleId, status }),
        });
        return updated;
    });
}
