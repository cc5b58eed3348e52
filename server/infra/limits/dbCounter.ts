import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { LimitCounter } from './counter';

/** The rate_limits table (migration 2026-11-25-0003); only this file reads it. */
interface RateLimitsTable {
    key: string;
    /** Milliseconds since the epoch, by the clock of the instance that opened the window. */
    windowStart: number;
    count: number;
}

type LimitsDb = Kysely<Database & { rateLimits: RateLimitsTable }>;

/** Ended windows are deleted at most this often per instance, beside a request, never in its way. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Counts in the database every instance uses. Each request is one upsert, atomic on SQLite and
 * PostgreSQL alike: it opens a window or adds to the open one and returns the new count, so no two
 * instances (nor two concurrent requests) can both see a count under the limit that together pass it.
 */
export function dbCounter(getDb: () => Kysely<Database>, onError: (error: unknown) => void): LimitCounter {
    const limits = (): LimitsDb => getDb().withTables<{ rateLimits: RateLimitsTable }>();
    let longestMs = 0;
    let nextSweep = 0;
    const sweepSoon = (now: number) => {
        if (now < nextSweep || !longestMs) return;
        nextSweep = now + SWEEP_EVERY_MS;
        limits().deleteFrom('rateLimits').where('windowStart', '<=', now - longestMs).execute().catch(onError);
    };
    return {
        async incr(key, windowMs) {
            const now = Date.now();
            sweepSoon(now);
            const row = await countOne(limits(), key, windowMs, now);
            return { current: row.count, ttl: Math.max(0, row.windowStart + windowMs - now) };
        },
        async read(key, windowMs) {
            const now = Date.now();
            const row = await limits().selectFrom('rateLimits').select(['count', 'windowStart']).where('key', '=', key).executeTakeFirst();
            if (!row || row.windowStart + windowMs <= now) return { current: 0, ttl: 0 };
            return { current: row.count, ttl: row.windowStart + windowMs - now };
        },
        declareWindow(windowMs) {
            longestMs = Math.max(longestMs, windowMs);
        },
    };
}

/** The one statement per request: a first request, a request in an open window, or one after it ended. */
function countOne(db: LimitsDb, key: string, windowMs: number, now: number): Promise<RateLimitsTable> {
    return db
        .insertInto('rateLimits')
        .values({ key, windowStart: now, count: 1 })
        .onConflict((conflict) =>
            conflict.column('key').doUpdateSet((eb) => {
                // Both sides read the row as it was, so the window restarts and the count resets together.
                const ended = eb('rateLimits.windowStart', '<=', now - windowMs);
                return {
                    count: eb.case().when(ended).then(1).else(eb('rateLimits.count', '+', 1)).end(),
                    windowStart: eb.case().when(ended).then(eb.ref('excluded.windowStart')).else(eb.ref('rateLimits.windowStart')).end(),
                };
            }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
}
