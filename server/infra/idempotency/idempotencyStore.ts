import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inMs, nowIso } from '../time';

/** How long a saved answer is replayed (Stripe keeps keys 24 hours); older keys may be used afresh. */
export const KEPT_MS = 24 * 60 * 60_000;
/** A running request's hold on its key, renewed while it runs: a crashed run's key is free again after this. */
export const LEASE_MS = 60_000;

export type Claim =
    /** `written`: the ids an earlier run of the key committed before its answer was lost (answered from, not written again). */
    | { kind: 'claimed'; token: string; written: number[] }
    | { kind: 'replay'; statusCode: number; body: unknown }
    | { kind: 'running' }
    | { kind: 'mismatch' };

interface KeyRef {
    scope: string;
    key: string;
}

/**
 * Claims a key for one run, or says why not. The claim is one insert that does nothing when the key is
 * taken, so of two requests at once exactly one runs. A key whose answer has expired, or whose run let its
 * lease lapse (crashed) on the same request, is taken over by one conditional update, just as atomic. A key
 * whose work committed without a saved answer may be taken by any retry of the same request at any time: its
 * run writes nothing, it only answers from what was committed, so two such runs at once do no harm.
 */
export async function claimKey(db: Kysely<Database>, { scope, key }: KeyRef, fingerprint: string): Promise<Claim> {
    // A row can vanish between the two statements (released after a 5xx, or pruned): then claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
        const token = randomUUID();
        const now = nowIso();
        const fresh = { fingerprint, state: 'running' as const, statusCode: null, responseBody: null, written: null, claimToken: token, claimedAt: now, createdAt: now };
        const inserted = await db
            .insertInto('idempotencyKeys')
            .values({ scope, key, ...fresh })
            .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
            .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed', token, written: [] };
        const taken = await db
            .updateTable('idempotencyKeys')
            .set(fresh)
            .where('scope', '=', scope)
            .where('key', '=', key)
            .where((eb) =>
                eb.or([
                    eb('createdAt', '<', inMs(-KEPT_MS)),
                    eb.and([eb('state', '=', 'running'), eb('claimedAt', '<', inMs(-LEASE_MS)), eb('fingerprint', '=', fingerprint)]),
                ]),
            )
            .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', token, written: [] };
        const committed = await db
            .updateTable('idempotencyKeys')
            .set({ claimToken: token, claimedAt: now })
            .where('scope', '=', scope)
            .where('key', '=', key)
            .where('state', '=', 'committed')
            .where('fingerprint', '=', fingerprint)
            .returning('written')
            .executeTakeFirst();
        if (committed) return { kind: 'claimed', token, written: JSON.parse(committed.written ?? '[]') as number[] };
        const row = await db
            .selectFrom('idempotencyKeys')
            .select(['fingerprint', 'state', 'statusCode', 'responseBody'])
            .where('scope', '=', scope)
            .where('key', '=', key)
            .executeTakeFirst();
        if (!row) continue;
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.state === 'running') return { kind: 'running' };
        // Its work committed between the update above and this read: taken as such on the next turn.
        if (row.state === 'committed') continue;
        return { kind: 'replay', statusCode: row.statusCode ?? 200, body: row.responseBody === null ? undefined : JSON.parse(row.responseBody) };
    }
    return { kind: 'running' };
}

const held = (db: Kysely<Database>, { scope, key }: KeyRef, token: string) =>
    db.updateTable('idempotencyKeys').where('scope', '=', scope).where('key', '=', key).where('claimToken', '=', token);

/** Keeps a running request's lease alive. */
export async function renewKey(db: Kysely<Database>, ref: KeyRef, token: string): Promise<void> {
    await held(db, ref, token).set({ claimedAt: nowIso() }).execute();
}

/** Saves the answer to be replayed; a run whose key was taken over saves nothing. */
export async function saveAnswer(db: Kysely<Database>, ref: KeyRef, token: string, statusCode: number, body: string | null): Promise<void> {
    await held(db, ref, token).set({ state: 'done', statusCode, responseBody: body }).execute();
}

/**
 * Frees the key so that a retry runs the request again (its run failed on our side, or was cancelled) — unless
 * its work committed: then the key stays, and a retry answers from what was committed.
 */
export async function releaseKey(db: Kysely<Database>, { scope, key }: KeyRef, token: string): Promise<void> {
    await db
        .deleteFrom('idempotencyKeys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('claimToken', '=', token)
        .where('state', '=', 'running')
        .execute();
}

/** Removes keys past their day (a running one that old was a crashed run's). */
export async function pruneIdempotencyKeys(db: Kysely<Database>): Promise<void> {
    await db.deleteFrom('idempotencyKeys').where('createdAt', '<', inMs(-KEPT_MS)).execute();
}
