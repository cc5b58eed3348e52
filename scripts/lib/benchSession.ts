import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/tables';
import { newToken, sha256 } from '../../server/infra/secrets';
import { inMs, nowIso } from '../../server/infra/time';

/** A session of an hour for `userId`, made in the database as sign-in would: its token, to put in the app's localStorage. */
export async function benchSession(db: Kysely<Database>, userId: number): Promise<string> {
    const token = newToken();
    await db.insertInto('sessions').values({ tokenHash: sha256(token), userId, expiresAt: inMs(3_600_000), createdAt: nowIso() }).execute();
    return token;
}
