import type { AnyDb } from './rows';
import { nowIso } from '../infra/time';

/**
 * Records that rows of a resource were deleted, with `trx`, the delete's own transaction: the tombstones and the
 * delete are committed together or not at all, so a mirror that lists the deletions since a time
 * (GET /api/v1/deletions) misses none and is told of none that did not happen. One line a row.
 */
export async function recordDeletions(trx: AnyDb, resource: string, ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    const deletedAt = nowIso();
    await trx
        .insertInto('deletions')
        .values(ids.map((recordId) => ({ resource, recordId, deletedAt })))
        .execute();
}
