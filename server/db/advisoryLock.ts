import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Work that must run once across every instance on one PostgreSQL database holds an advisory lock of its
 * own: start-up (migrations, seeds) waits its turn, a background job skips its round when another instance
 * has it. The lock is a session lock on one pooled connection, held while the work runs on others (so the
 * pool needs two connections at least). On SQLite one process has the file, and the work simply runs.
 */
export type LockName = 'start-up' | 'housekeeping' | 'media-sweep' | 'video-sweep';

/** The first half of the key (pg_advisory_lock(int, int)); the sign-in codes' locks use 19. */
const NAMESPACE = 20;

/** The second half: the name within the schema, so shops (and tests) in schemas of one database never wait for each other. */
const key = (name: LockName) => sql`${sql.lit(NAMESPACE)}, hashtext(coalesce(current_schema(), '') || ':' || ${name})`;

/** Runs `work` holding the lock, waiting for it as long as another instance holds it. */
export async function whileLocked<DB, T>(db: Kysely<DB>, name: LockName, work: () => Promise<T>): Promise<T> {
    if (!isPostgres(db as unknown as Kysely<unknown>)) return work();
    return db.connection().execute(async (connection) => {
        // The wait lasts as long as another instance's migrations: the statement timeout must not cut it.
        await sql`set statement_timeout = 0`.execute(connection);
        try {
            await sql`select pg_advisory_lock(${key(name)})`.execute(connection);
        } finally {
            await sql`reset statement_timeout`.execute(connection);
        }
        try {
            return await work();
        } finally {
            await sql`select pg_advisory_unlock(${key(name)})`.execute(connection);
        }
    });
}

/** When a job held its lock, in milliseconds since the epoch: what an operator (or the cluster test) reads to see it ran once. */
export interface JobSpan {
    job: LockName;
    startedAt: number;
    finishedAt: number;
}

/**
 * Runs `work` when no other instance holds the lock and answers true; answers false, without running it,
 * when one does. `ran` hears when the work ran, timed inside the lock.
 */
export async function ifUnlocked<DB>(db: Kysely<DB>, name: LockName, work: () => Promise<void>, ran?: (span: JobSpan) => void): Promise<boolean> {
    const timed = async () => {
        const startedAt = Date.now();
        await work();
        ran?.({ job: name, startedAt, finishedAt: Date.now() });
    };
    if (!isPostgres(db as unknown as Kysely<unknown>)) {
        await timed();
        return true;
    }
    return db.connection().execute(async (connection) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key(name)}) as locked`.execute(connection);
        if (!rows[0]?.locked) return false;
        try {
            await timed();
            return true;
        } finally {
            await sql`select pg_advisory_unlock(${key(name)})`.execute(connection);
        }
    });
}
