import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';

/**
 * The claim-and-settle part of a durable queue in the database, shared by the mail queue and the webhook
 * deliveries: a row is due while it is not settled, its next attempt has come, it has attempts left and no live
 * lease. A table using it has `id`, `attempts`, `nextAttemptAt`, `lockedUntil`, `lastError` and its own
 * settled-at column.
 */
export interface LeasedTable {
    table: string;
    /** The column set once the row is done with (sent, delivered). */
    settled: string;
    maxAttempts: number;
    /** How long a claim lasts; a killed worker's claim lapses and another instance takes the row over. */
    leaseMs: number;
    /**
     * A column whose empty rows are claimed before the others, oldest first either way: the mail queue's `kind`,
     * so a sign-in code someone waits for goes out before a backlog of order mails.
     */
    firstWhenEmpty?: string;
    /**
     * At most `limit` rows leased at once for one value of `column` (a webhook delivery's endpoint), and the value
     * with fewest leased served first: a slow or dead endpoint holds its own lanes only, and the others' rows are
     * not queued behind its backlog.
     */
    perGroup?: { column: string; limit: number };
}

export interface Claimed {
    id: number;
    attempts: number;
}

/** The wait before the next try: 30 s, 1 min, 2 min … at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

const iso = (ms: number) => new Date(ms).toISOString();

/** Namespaces the claims' PostgreSQL advisory locks (pg_advisory_xact_lock(key1, key2)); advisoryLock.ts uses 20. */
const CLAIM_LOCK = 21;

// The table is named at run time: any table with the queue's columns (and the caller's settled-at column).
interface QueueRow {
    id: number;
    attempts: number;
    nextAttemptAt: string;
    lockedUntil: string | null;
    lastError: string | null;
    [column: string]: unknown;
}
type QueueDb = Record<string, QueueRow>;
type Where = ExpressionBuilder<QueueDb, string>;

export function leasedQueue<Row extends Claimed>(database: Kysely<unknown>, { table, settled, maxAttempts, leaseMs, firstWhenEmpty, perGroup }: LeasedTable, columns: readonly string[]) {
    const db = database as unknown as Kysely<QueueDb>;
    const postgres = isPostgres(database);
    const free = (w: Where, now: string) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', now)]);
    const due = (w: Where, now: string) =>
        w.and([w(settled, 'is', null), w('nextAttemptAt', '<=', now), w('attempts', '<', maxAttempts), free(w, now)]);
    /** Per group with any, its rows under a live lease, counted once for the claim (`held.grp`, `held.leased`). */
    const held = (column: string, now: string) =>
        sql`(select ${sql.ref(column)} as grp, count(*) as leased from ${sql.table(table)} where ${sql.ref('lockedUntil')} > ${now} and ${sql.ref(settled)} is null group by ${sql.ref(column)})`.as('held');
    const leased = sql<number>`coalesce(held.leased, 0)`;
    /** A claim is the row's attempt count: a settle or renewal by a worker whose claim lapsed and was taken over changes nothing. */
    const stillClaimed = (row: Claimed) => (w: Where) => w.and([w('id', '=', row.id), w('attempts', '=', row.attempts), w(settled, 'is', null)]);
    /**
     * A group's bound holds only if no two claims count its leases at once: with `perGroup`, this process claims one
     * at a time, and on PostgreSQL each claim holds a lock for its statement's transaction, so the next claim, from
     * any instance, starts after it committed and counts its lease. On SQLite writes take turns anyway.
     */
    let turns: Promise<unknown> = Promise.resolve();
    const lockClaims = (trx: Kysely<QueueDb>) =>
        sql`select pg_advisory_xact_lock(${sql.lit(CLAIM_LOCK)}, hashtext(coalesce(current_schema(), '') || ':' || ${table}))`.execute(trx);

    /**
     * Takes the oldest due row (of those `firstWhenEmpty` puts first; of the groups with room, the one with fewest
     * leased) with a lease, in one statement, so two workers (or two instances) never take the same row. On PostgreSQL
     * the row is locked as it is chosen and rows another instance is claiming are skipped (FOR UPDATE SKIP LOCKED), so
     * instances draining at once each take a different row; SQLite runs one write at a time.
     */
    async function claimIn(on: Kysely<QueueDb>, at: number): Promise<Row | undefined> {
        const now = iso(at);
        const row = await on
            .updateTable(table)
            .set((eb) => ({ attempts: eb('attempts', '+', 1), lockedUntil: iso(at + leaseMs) }))
            .where('id', '=', (eb: ExpressionBuilder<QueueDb, string>) =>
                eb
                    .selectFrom(`${table} as candidate`)
                    .select('candidate.id')
                    .where((w) => due(w as Where, now))
                    .$if(Boolean(perGroup), (q) =>
                        q
                            .leftJoin(held(perGroup!.column, now), (join) => join.on(sql`held.grp`, '=', sql.ref(`candidate.${perGroup!.column}`)))
                            .where(leased, '<', perGroup!.limit)
                            .orderBy(leased),
                    )
                    .$if(Boolean(firstWhenEmpty), (q) => q.orderBy(sql`case when ${sql.ref(firstWhenEmpty!)} is null then 0 else 1 end`))
                    .orderBy('candidate.id')
                    .limit(1)
                    // Only the candidate is locked, not the counts it was chosen by.
                    .$if(postgres, (q) => q.forUpdate('candidate' as never).skipLocked()),
            )
            .where((w) => free(w as Where, now))
            .returning(columns as string[])
            .executeTakeFirst();
        return row as Row | undefined;
    }

    return {
        stillClaimed,
        /** Takes a due row with a lease (claimIn), or answers nothing when none is due (or every due row's group is at its bound). */
        async claim(at = Date.now()): Promise<Row | undefined> {
            if (!perGroup) return claimIn(db, at);
            const turn = turns.then(() => (postgres ? db.transaction().execute(async (trx) => lockClaims(trx).then(() => claimIn(trx, at))) : claimIn(db, at)));
            turns = turn.catch(() => undefined);
            return turn;
        },

        /** Extends the claim while the row is being worked on. */
        async renew(row: Claimed, at = Date.now()): Promise<void> {
            await db.updateTable(table).set({ lockedUntil: iso(at + leaseMs) }).where(stillClaimed(row) as never).execute();
        },

        /** Lets the row go with the reason, to be tried again after a growing wait; `also` sets more columns. */
        async retryLater(row: Claimed, error: unknown, at = Date.now(), also: Record<string, unknown> = {}): Promise<void> {
            const message = error instanceof Error ? error.message : String(error);
            await db
                .updateTable(table)
                .set({ ...also, lockedUntil: null, nextAttemptAt: iso(at + retryDelayMs(row.attempts)), lastError: message.slice(0, 500) })
                .where(stillClaimed(row) as never)
                .execute();
        },

        /** Whether any row is due now (not waiting for a retry). */
        async hasDue(at = Date.now()): Promise<boolean> {
            const now = iso(at);
            const row = await db.selectFrom(table).select('id').where((w) => due(w as Where, now)).limit(1).executeTakeFirst();
            return Boolean(row);
        },
    };
}
