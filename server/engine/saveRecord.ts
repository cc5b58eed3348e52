import { changesOf, recordAudit, type Actor } from './audit';
import type { EntityParts } from './entityParts';
import { Gallery, type GalleryChange } from './gallery';
import { rowAfter } from './hooks';
import { uniqueClash } from './integrity';
import { toColumns } from './records';
import { assertIdsExist, idsOf, splitSets, writeSet } from './referenceSets';
import { assertWritable } from './rowRules';
import { asVariant, placeVariant, shareWithVariants } from './variants';
import type { AnyDb, Row, Values } from './rows';
import { discard, isFile, storeAll } from '../infra/files';
import { recordWritten, writtenEarlier } from '../infra/idempotency/keyedWrites';
import type { ImageSource } from '../infra/media';
import { outOfService } from '../infra/outOfService';
import { nowIso } from '../infra/time';

/** The files a save brings, staged before its transaction. */
interface StagedFiles {
    change: GalleryChange;
    /** Image fields that get a new file, in the order of `stored`. */
    singles: string[];
    /** The staged paths: the singles' first, then the gallery's added ones. */
    stored: string[];
    /** Image fields → their new path, or null for one the update empties. */
    files: Values;
    /** Image fields whose previous file goes once the row points elsewhere. */
    replaced: string[];
}

/** What the write found and moved aside, for the settling after it (or the undoing when it fails). */
interface Moved {
    previous?: Values;
    retired: string[];
}

/**
 * Checks everything first, then stages the files, then writes the row, its gallery, its audit line and its
 * hooks' work in one transaction; when the write fails the new files go, so no half-saved record is left behind.
 * Inside a caller's transaction (`within`, a CSV import) every check reads through it, so rows written earlier
 * in it count; SQLite's single connection would also wait forever on a second one. A save of its own records
 * itself with the request's Idempotency-Key in its transaction; the same save of a retry whose first run
 * committed answers that run's id and writes nothing.
 */
export async function save(parts: EntityParts, body: Values, actor: Actor, existing?: Row, within?: AnyDb): Promise<number> {
    const { app, db, described } = parts;
    const earlier = within ? undefined : writtenEarlier();
    if (earlier !== undefined) return earlier;
    const conn = within ?? db;
    const values = await asVariant(parts, conn, { ...toColumns(parts, body), ...setsOf(parts, body) }, existing);
    await assertWritable(parts, conn, values, body, existing);
    const staged = await stageFiles(parts, conn, body, existing);
    const moved: Moved = { previous: existing, retired: [] };
    let id: number;
    try {
        // A gallery picture made main sets the owner's picture and its alt text; what the body sends wins.
        const write = (trx: AnyDb) => writeSaved(parts, trx, { ...staged.change.swap?.owner, ...values, ...staged.files }, staged, moved, actor, existing);
        id = within ? await write(within) : await db.transaction().execute(async (trx) => recorded(trx, await write(trx)));
    } catch (error) {
        await undoFiles(app, staged, moved, error);
        throw uniqueClash(error, described.clashes) ?? error;
    }
    // Into place only now that the rows pointing at them are committed (a crash between is settled at start).
    await app.media.commit(staged.stored);
    // Only once the rows point elsewhere may the files they pointed at go.
    await discard(app.media, [...staged.replaced.map((field) => moved.previous?.[field]), ...staged.change.removed.map((row) => row.image)]);
    return id;
}

/**
 * A failed write's files: the new ones go, the old ones come back. But when the database went away during the
 * write, it may have committed all the same (a COMMIT whose acknowledgement was lost): then every file stays
 * staged, and the sweep (or the first request for it) moves each into place if a row points at it, else removes it.
 */
async function undoFiles(app: EntityParts['app'], staged: StagedFiles, moved: Moved, error: unknown): Promise<void> {
    if (outOfService(error)?.dependency === 'database') return;
    await discard(app.media, staged.stored);
    await app.media.commit(moved.retired);
}

/** The sets of references the body sends, as ids (a 400 when one is not an id); the save's hooks see them with the columns. */
const setsOf = ({ described }: EntityParts, body: Values): Values =>
    Object.fromEntries(described.sets.filter((set) => body[set.field] !== undefined).map((set) => [set.field, idsOf(set, body[set.field])]));

/** The id written, once the request's Idempotency-Key (if any) records it in the same transaction. */
async function recorded(trx: AnyDb, id: number): Promise<number> {
    await recordWritten(trx, id);
    return id;
}

/** Stages the body's new files (image fields and gallery additions) and works out which old ones they replace. */
async function stageFiles({ app, described, gallery }: EntityParts, conn: AnyDb, body: Values, existing?: Row): Promise<StagedFiles> {
    const { images } = described;
    const change = gallery ? await gallery.plan(conn, body, existing) : { added: [], removed: [], kept: [], before: [] };
    const singles = images.filter((field) => isFile(body[field]));
    // An update that sends an image field empty (as text, not an empty file part) removes the image.
    const cleared = existing ? images.filter((field) => body[field] === '' && existing[field]) : [];
    const stored = await storeAll(app.media, [...singles.map((field) => body[field] as ImageSource), ...change.added]);
    const files = Object.fromEntries([...singles.map((field, i) => [field, stored[i]]), ...cleared.map((field) => [field, null])]);
    return { change, singles, stored, files, replaced: existing ? [...singles, ...cleared] : [] };
}

/** The save's transaction: the old files aside, the hooks, the row, its gallery and its audit line. */
async function writeSaved(parts: EntityParts, trx: AnyDb, values: Values, staged: StagedFiles, moved: Moved, actor: Actor, existing?: Row): Promise<number> {
    const { entity, gallery, hooks, table } = parts;
    if (existing) await retirePrevious(parts, trx, existing, staged.replaced, moved);
    const context = { trx, actor, app: parts.app };
    const placed = existing ? values : await placeVariant(parts, trx, values);
    const hooked = (await (existing ? hooks.beforeUpdate?.(placed, existing, context) : hooks.beforeCreate?.(placed, context))) ?? placed;
    const { row: written, ids } = splitSets(parts.described.sets, hooked);
    for (const [set, chosen] of ids) await assertIdsExist(trx, set, chosen);
    const id = await writeRow(parts, trx, written, existing, actor.userId);
    await shareWithVariants(parts, trx, id, written, existing);
    const setChanges: Record<string, { before: number[]; after: number[] }> = {};
    for (const [set, chosen] of ids) {
        const change = await writeSet(trx, set, id, chosen, !existing);
        if (change) setChanges[set.field] = change;
    }
    const added = staged.stored.slice(staged.singles.length);
    await gallery?.write(trx, id, added, staged.change);
    // The whole gallery before and after, in order, so the history can tell what was added, removed and moved.
    const galleryAfter = Gallery.after(staged.change, added);
    const galleryChange =
        gallery && JSON.stringify(galleryAfter) !== JSON.stringify(staged.change.before)
            ? { [parts.described.gallery!.field]: { before: staged.change.before, after: galleryAfter } }
            : {};
    await recordAudit(trx, actor, {
        action: existing ? 'update' : 'create',
        entity: entity.name,
        record: id,
        changes: { ...changesOf(existing, { ...(existing ? {} : { status: 1, ...entity.onSave }), ...written }), ...galleryChange, ...setChanges },
    });
    if (existing && hooks.afterUpdate) await hooks.afterUpdate(await rowAfter(trx, table, id), existing, context);
    if (!existing && hooks.afterCreate) await hooks.afterCreate(await rowAfter(trx, table, id), context);
    return id;
}

/**
 * The files the row pointed at before this update, read under the row's lock inside the write: `existing` was
 * read before it, and of two updates at once each would otherwise delete that same old file and leave the
 * other's new one behind, pointed at by no row. They leave the served folder before the commit, so a crash at any
 * point is settled at start: before it the row still points here and the sweep moves the file back, after it none does.
 */
async function retirePrevious({ app, table }: EntityParts, trx: AnyDb, existing: Row, replaced: string[], moved: Moved): Promise<void> {
    if (!replaced.length) return;
    const current = trx.selectFrom(table).select(replaced).where('id', '=', existing.id);
    // SQLite runs one write transaction at a time; PostgreSQL needs the row lock.
    moved.previous = await (app.dbKind === 'postgres' ? current.forUpdate() : current).executeTakeFirst();
    moved.retired = replaced.map((field) => moved.previous?.[field]).filter((path): path is string => typeof path === 'string');
    await app.media.retire(moved.retired);
}

/** Inserts or updates the row itself, inside the save's transaction; answers its id. */
async function writeRow(parts: EntityParts, trx: AnyDb, values: Values, existing: Row | undefined, userId?: number): Promise<number> {
    const { entity, table } = parts;
    const now = nowIso();
    if (existing) {
        await trx.updateTable(table).set({ ...values, ...entity.onSave, updatedAt: now }).where('id', '=', existing.id).execute();
        return existing.id;
    }
    const creator = entity.createdBy ? { createdBy: userId ?? null } : {};
    const row = { status: 1, ...values, ...entity.onSave, ...creator, createdAt: now, updatedAt: now };
    if (row.status === 1) await deactivateOthers(parts, trx);
    return (await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Where only one row may be active: the others are deactivated first, in the same transaction. */
export async function deactivateOthers({ entity, table }: EntityParts, trx: AnyDb, id?: number): Promise<void> {
    if (!entity.singleActive) return;
    let others = trx.updateTable(table).set({ status: 0, updatedAt: nowIso() }).where('status', '=', 1);
    if (id !== undefined) others = others.where('id', '<>', id);
    await others.execute();
}
