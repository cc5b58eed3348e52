import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { nowIso } from '../infra/time';
import { ROLE } from '../../schema/access';

/** A fresh shop needs someone to sign in: the first start creates the administrator. */
export async function ensureAdmin(db: Kysely<Database>, email: string): Promise<{ email: string; created: boolean }> {
    const admin = await db.selectFrom('users').select('email').where('roleId', '=', ROLE.admin).orderBy('id').executeTakeFirst();
    if (admin?.email) return { email: admin.email, created: false };
    const now = nowIso();
    await db
        .insertInto('users')
        .values({ name: 'Shop Administrator', email, roleId: ROLE.admin, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column('email').doUpdateSet({ roleId: ROLE.admin, updatedAt: now }))
        .execute();
    return { email, created: true };
}
