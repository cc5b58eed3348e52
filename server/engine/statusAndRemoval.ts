import { sql } from 'kysely';
import { changesOf, recordAudit, type Actor } from './audit';
import { recordDeletions } from './deletions';
import type { EntityParts } from './entityParts';
import { aroundDelete, aroundUpdate } from './hooks';
import { assertUnused } from './integrity';
import { assertNoVariants } from './variants';
import type { AnyDb, Row, Values } from './rows';
import { deactivateOthers } from './saveRecord';
import { discard } from '../infra/files';
import { nowIso } from '../infra/time';

/** Sets one row's status, or flips it when none is given, with its audit line and the update hooks. */
export async function toggle(parts: EntityParts, existing: Row, status: number | undefined, actor: Actor): Promise<void> {
    const { db, entity, hooks, table, app } = parts;
    const next = status ?? (existing.status === 1 ? 0 : 1);
    await db.transaction().execute(async (trx) => {
        if (next === 1) await deactivateOthers(parts, trx, existing.id);
        await aroundUpdate(hooks, table, existing, { status: next }, { trx, actor, app }, (values) => setStatus(trx, table, [existing.id], values));
        await recordAudit(trx, actor, { action: 'toggle', entity: entity.name, record: existing.id, changes: changesOf({ status: existing.status }, { status: next }) });
    });
}

const setStatus = async (trx: AnyDb, table: string, ids: number[], values: Values) => {
    await trx.updateTable(table).set({ ...values, updatedAt: nowIso() }).where('id', 'in', ids).execute();
};

/** Deletes a row nothing uses, with its image files; gallery rows go by the foreign key's cascade. */
export async function remove(parts: EntityParts, existing: Row, actor: Actor): Promise<void> {
    const { db, entity, described, gallery, hooks, app, table } = parts;
    await assertNoVariants(parts, db, existing);
    await assertUnused(db, entity.noun[0], existing.id, described.dependents);
    const galleryPaths = gallery ? await gallery.paths(db, existing.id) : [];
    await db.transaction().execute(async (trx) => {
        await aroundDelete(hooks, existing, { trx, actor, app }, () => deleteRows(trx, entity.name, table, [existing.id]));
        await recordAudit(trx, actor, { action: 'delete', entity: entity.name, record: existing.id, changes: changesOf(existing, undefined) });
    });
    await discard(app.media, [...described.images.map((field) => existing[field]), ...galleryPaths]);
}

/** Every delete of the engine comes here: the rows go, and their tombstones are written in the same transaction. */
const deleteRows = async (trx: AnyDb, resource: string, table: string, ids: number[]) => {
    await trx.deleteFrom(table).where('id', 'in', ids).execute();
    await recordDeletions(trx, resource, ids);
};

export type BulkAction = 'activate' | 'deactivate' | 'delete';
export interface BulkResult {
    id: number;
    ok: boolean;
    message?: string;
}

/**
 * One action on many rows in one transaction. Every row is checked first (`allowed` says whether this caller may
 * touch it; a row in use is not deleted); the rows that pass are changed together and the others are answered
 * with the reason, row by row.
 */
export async function bulk(parts: EntityParts, ids: number[], action: BulkAction, allowed: (row: Row) => string | undefined, actor: Actor) {
    const { entity } = parts;
    const { passed, results } = await sortOut(parts, ids, action, allowed);
    if (action === 'activate' && entity.singleActive && passed.length > 1) {
        const message = `Only one ${entity.noun[0]} can be active at a time`;
        return { results: [...results, ...passed.map((row) => ({ id: row.id, ok: false, message }))], changed: 0 };
    }
    const files = action === 'delete' ? await filesOf(parts, passed) : [];
    if (passed.length) await parts.db.transaction().execute((trx) => applyBulk(parts, trx, passed, action, actor));
    await discard(parts.app.media, files);
    const done = passed.map((row) => ({ id: row.id, ok: true }));
    return { results: [...results, ...done].sort((a, b) => a.id - b.id), changed: passed.length };
}

/** The rows a bulk action may change, and the refusal of each other one. */
async function sortOut(parts: EntityParts, ids: number[], action: BulkAction, allowed: (row: Row) => string | undefined) {
    const { entity, described, db } = parts;
    const results: BulkResult[] = [];
    const passed: Row[] = [];
    for (const id of [...new Set(ids)]) {
        const row = (await parts.select().where(sql.ref(parts.column('id')), '=', id).executeTakeFirst()) as Row | undefined;
        const unused = () =>
            assertNoVariants(parts, db, row!)
                .then(() => assertUnused(db, entity.noun[0], id, described.dependents))
                .then(() => undefined, (error: Error) => error.message);
        const refusal = !row ? entity.messages.notFound : (allowed(row) ?? (action === 'delete' ? await unused() : undefined));
        if (refusal || !row) results.push({ id, ok: false, message: refusal });
        else passed.push(row);
    }
    return { passed, results };
}

/** Every stored file of these rows: their images and galleries, to delete once the rows are gone. */
async function filesOf({ described, gallery, db }: EntityParts, rows: Row[]): Promise<unknown[]> {
    const each = await Promise.all(rows.map(async (row) => [...described.images.map((field) => row[field]), ...(gallery ? await gallery.paths(db, row.id) : [])]));
    return each.flat();
}

/** The bulk action's writes: one statement for all rows, or row by row where the entity has hooks for it. */
async function applyBulk(parts: EntityParts, trx: AnyDb, passed: Row[], action: BulkAction, actor: Actor) {
    const { entity, hooks, table, app } = parts;
    const context = { trx, actor, app };
    const ids = passed.map((row) => row.id);
    if (action === 'delete') {
        if (hooks.beforeDelete || hooks.afterDelete) for (const row of passed) await aroundDelete(hooks, row, context, () => deleteRows(trx, entity.name, table, [row.id]));
        else await deleteRows(trx, entity.name, table, ids);
    } else {
        const status = action === 'activate' ? 1 : 0;
        if (action === 'activate') await deactivateOthers(parts, trx, ids[0]);
        if (hooks.beforeUpdate || hooks.afterUpdate) for (const row of passed) await aroundUpdate(hooks, table, row, { status }, context, (values) => setStatus(trx, table, [row.id], values));
        else await setStatus(trx, table, ids, { status });
    }
    for (const row of passed) {
        const after = action === 'delete' ? undefined : { status: action === 'activate' ? 1 : 0 };
        const before = action === 'delete' ? (row as Values) : { status: row.status };
        await recordAudit(trx, actor, { action: `bulk-${action}`, entity: entity.name, record: row.id, changes: changesOf(before, after) });
    }
}
