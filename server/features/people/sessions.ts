import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nowIso } from '../../infra/time';

/** Ends every live session of a user at once (optionally sparing the one making the request). */
export async function endSessions(db: Kysely<Database>, userId: number, except?: number): Promise<void> {
    let query = db.updateTable('sessions').set({ revokedAt: nowIso() }).where('userId', '=', userId).where('revokedAt', 'is', null);
    if (except !== undefined) query = query.where('id', '!=', except);
    await query.execute();
}
