import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import { HttpError } from '../errors';
import type { Database } from '../../db/tables';

/** A request's hold on its Idempotency-Key, as the writes it makes see it. */
export interface KeyedRun {
    scope: string;
    key: string;
    token: string;
    /** The ids this key's writes committed so far, in order: those of an earlier run are answered again, not written. */
    written: number[];
    /** How many writes this run has reached. */
    reached: number;
}

export const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed';

const current = new AsyncLocalStorage<KeyedRun>();

/** Runs `next` (the rest of the request) with its key's run, which the writes inside it record themselves in. */
export const runKeyed = (run: KeyedRun, next: () => void) => current.run(run, next);

/**
 * Where a write starts: the id an earlier run of this request's key committed for this same write (its answer
 * was lost, the database cut after the commit), or undefined when the write is to be done. Each call is the
 * request's next write, so a request that writes twice is replayed write by write.
 */
export function writtenEarlier(): number | undefined {
    const run = current.getStore();
    if (!run) return undefined;
    return run.written[run.reached++];
}

/**
 * Inside the write's own transaction: marks its key 'committed' with the id written, so that whatever fails after
 * the commit (the answer's save, the COMMIT's acknowledgement), the key is never freed to run the write again.
 * A run whose key was taken over (its lease lapsed) finds no row of its own: its write is rolled back.
 */
export async function recordWritten(trx: Kysely<Database>, id: number): Promise<void> {
    const run = current.getStore();
    if (!run) return;
    const written = [...run.written, id];
    const marked = await trx
        .updateTable('idempotencyKeys')
        .set({ state: 'committed', written: JSON.stringify(written) })
        .where('scope', '=', run.scope)
        .where('key', '=', run.key)
        .where('claimToken', '=', run.token)
        .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new HttpError(409, STILL_RUNNING);
    run.written = written;
}
