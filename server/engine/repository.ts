import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addDays, shopToday, windowState } from '../../schema/dates';
import { fieldMessage } from '../../schema/messages';
import type { Registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import type { Description } from './describe';
import type { AnyDb, AnySelect, Row, Values } from './rows';
import { badRequest, notFound } from '../infra/errors';
import { discard, isFile, storeAll, type Upload } from '../infra/files';
import { gallery as galleryOf } from './gallery';
import { assertReferences, assertUnique, assertUnused, uniqueClash } from './integrity';
import { keptAnswers, listOf, queryKey, type ListQuery, type ListSpec } from './list';
import { fromUnits, toUnits } from './money';
import { changesOf, recordAudit, type Actor } from './audit';
import { cleanHtml } from './richText';
import { streamRows } from './streamRows';
import { nowIso } from '../infra/time';

const INTEGER_TYPES = new Set(['integer', 'reference', 'boolean', 'number']);

/** The reads and writes of one entity, as its schema describes them; the routes only call these. */
export function repository(app: FastifyInstance, entity: EntitySchema, described: Description, registry: Registry) {
    const db = app.db as unknown as AnyDb;
    const { table } = entity;
    const { images, decimals, references } = described;
    const gallery = described.gallery && galleryOf(described.gallery, entity.noun[0]);
    const column = (name: string) => `${table}.${name}`;

    // Rows are read with the display names of what they reference joined in (`categoryName`).
    const select = (): AnySelect => {
        let query = db.selectFrom(table).selectAll(table) as AnySelect;
        for (const { name, field, target } of references) {
            if (!field.display) continue;
            const alias = `${name}Ref`;
            const on = [`${alias}.id`, column(name)] as const;
            query = (field.required ? query.innerJoin(`${target.table} as ${alias}`, ...on) : query.leftJoin(`${target.table} as ${alias}`, ...on))
                .select(`${alias}.${field.display.field} as ${field.display.as}`) as AnySelect;
        }
        return query;
    };

    const listSpec: ListSpec = {
        search: entity.list.search,
        sort: entity.list.sort,
        filters: Object.fromEntries(
            entity.list.filters
                .filter((name) => !(entity.window && name === 'state'))
                .map((name) => [name, name === 'status' || INTEGER_TYPES.has(entity.fields[name]?.type) ? 'integer' : 'string']),
        ),
        column,
    };

    /** One body value as it is stored: amounts as integer units, rich text cleaned, codes upper-case. */
    const toColumn = (field: string, value: unknown): unknown => {
        if (value === null) return null;
        if (field in decimals) return toUnits(value as string | number, decimals[field]);
        if (described.richText.includes(field)) return cleanHtml(String(value));
        if (described.upperCase.includes(field)) return String(value).trim().toUpperCase();
        return value;
    };

    /** API body → column values: only declared fields. */
    const toColumns = (body: Values): Values =>
        Object.fromEntries(described.columns.filter((field) => body[field] !== undefined).map((field) => [field, toColumn(field, body[field])]));

    const decimalFields = Object.entries(decimals);

    /**
     * Rows → API records: decimals back as numbers, the date window's state, the gallery attached in one query.
     * The rows are fresh from the database and nobody else's, so they become the records in place: a bare list
     * streams 100,000 of them, and a copy of each was garbage enough to make the heap grow while it did.
     */
    async function present(rows: Row[]): Promise<Values[]> {
        const records = decorate(rows);
        return gallery ? gallery.attach(db, records) : records;
    }

    /** `present` without the gallery read: the decimals and the date window's state. */
    function decorate(rows: Row[]): Values[] {
        const today = shopToday();
        const records = rows as Values[];
        for (const record of records) {
            for (const [field, places] of decimalFields) record[field] = record[field] == null ? null : fromUnits(Number(record[field]), places);
            if (entity.window) record.state = windowState(entity.window, record as Row, today);
        }
        return records;
    }

    /** Rows in one state of their date window, compared with the shop's today in SQL. */
    function inWindowState(query: AnySelect, state: string): AnySelect {
        const { from, to } = entity.window!;
        const today = shopToday();
        if (state === 'scheduled') return query.where(sql.ref(column(from)), '>', today);
        if (state === 'expired') return query.where(sql.ref(column(to)), '<', today);
        return query.where(sql.ref(column(from)), '<=', today).where(sql.ref(column(to)), '>=', today);
    }

    /**
     * The rules that read more than one value: dates in order, bounds that depend on another field, a value
     * that must name another row, and an `existingImage` that must be this row's current image.
     */
    async function assertRules(values: Values, body: Values, existing?: Row, conn: AnyDb = db): Promise<void> {
        const row: Values = { ...existing, ...values };
        const errors: Record<string, string> = {};
        for (const [name, field] of described.crossChecks) {
            const value = row[name];
            if (value == null || !(name in values || [field.notBefore?.field, field.rangeBy?.field].some((other) => other && other in values))) continue;
            if (field.notBefore && row[field.notBefore.field] != null && String(value) < String(row[field.notBefore.field])) {
                errors[name] = field.notBefore.message;
            }
            const range = field.rangeBy?.ranges[String(row[field.rangeBy.field])];
            if (range) {
                const amount = name in decimals ? fromUnits(Number(value), decimals[name]) : Number(value);
                if ((range.min !== undefined && amount < range.min) || (range.max !== undefined && amount > range.max)) errors[name] = range.message;
            }
            if (field.choicesFrom && name in values) {
                const target = registry.entity(field.choicesFrom.reference);
                const found = await conn.selectFrom(target.table).select('id').where(field.choicesFrom.field, '=', value).executeTakeFirst();
                if (!found) errors[name] = fieldMessage(name, field);
            }
        }
        for (const { name, image } of described.keeps) {
            if (body[name] === undefined || body[name] === '' || isFile(body[image])) continue;
            if (!existing || existing[image] !== body[name]) errors[name] = `This is not the current image of this ${entity.noun[0]}`;
        }
        const first = Object.values(errors)[0];
        if (first) throw badRequest(first, errors);
    }

    /** Where only one row may be active: the others are deactivated first, in the same transaction. */
    async function deactivateOthers(trx: AnyDb, id?: number) {
        if (!entity.singleActive) return;
        let others = trx.updateTable(table).set({ status: 0, updatedAt: nowIso() }).where('status', '=', 1);
        if (id !== undefined) others = others.where('id', '<>', id);
        await others.execute();
    }

    async function find(id: number): Promise<Row> {
        const row = await select().where(sql.ref(column('id')), '=', id).executeTakeFirst();
        if (!row) throw notFound(entity.messages.notFound);
        return row;
    }

    const read = async (id: number) => (await present([await find(id)]))[0];

    /** Inserts or updates the row itself, inside the save's transaction; answers its id. */
    async function writeRow(trx: AnyDb, values: Values, existing?: Row, userId?: number): Promise<number> {
        const now = nowIso();
        if (existing) {
            await trx.updateTable(table).set({ ...values, ...entity.onSave, updatedAt: now }).where('id', '=', existing.id).execute();
            return existing.id;
        }
        const creator = entity.createdBy ? { createdBy: userId ?? null } : {};
        const row = { status: 1, ...values, ...entity.onSave, ...creator, createdAt: now, updatedAt: now };
        if (row.status === 1) await deactivateOthers(trx);
        return (await trx.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id;
    }

    /**
     * Checks everything first, then stores the files, then writes the row and its gallery in one
     * transaction; when the write fails the new files go, so no half-saved record is left behind.
     */
    async function save(body: Values, actor: Actor, existing?: Row, within?: AnyDb): Promise<number> {
        // Inside a caller's transaction (a CSV import) every check reads through it, so rows written
        // earlier in it count; SQLite's single connection would also wait forever on a second one.
        const conn = within ?? db;
        const values = toColumns(body);
        const missing = existing ? [] : described.requiredImages.filter((field) => !isFile(body[field]));
        if (missing.length) {
            const errors = Object.fromEntries(missing.map((field) => [field, fieldMessage(field, entity.fields[field])]));
            throw badRequest(Object.values(errors)[0], errors);
        }
        await assertUnique(conn, table, described.unique, described.textFields, values, { ...existing, ...values }, existing?.id);
        await assertReferences(conn, references, values, existing);
        await assertRules(values, body, existing, conn);
        const change = gallery ? await gallery.plan(conn, body, existing?.id) : { added: [], removed: [] };
        const singles = images.filter((field) => isFile(body[field]));
        // An update that sends an image field empty (as text, not an empty file part) removes the image.
        const cleared = existing ? images.filter((field) => body[field] === '' && existing[field]) : [];
        const stored = await storeAll(app.media, [...singles.map((field) => body[field] as Upload), ...change.added]);
        const files = Object.fromEntries([...singles.map((field, i) => [field, stored[i]]), ...cleared.map((field) => [field, null])]);

        // The files the row pointed at before this update, read under the row's lock inside the write:
        // `existing` was read before it, and of two updates at once each would otherwise delete that same
        // old file and leave the other's new one behind, pointed at by no row.
        const replaced = existing ? [...singles, ...cleared] : [];
        let previous: Record<string, unknown> | undefined = existing;
        let retired: string[] = [];
        let id: number;
        try {
            const write = async (trx: AnyDb) => {
                if (existing && replaced.length) {
                    const current = trx.selectFrom(table).select(replaced).where('id', '=', existing.id);
                    // SQLite runs one write transaction at a time; PostgreSQL needs the row lock.
                    previous = await (app.dbKind === 'postgres' ? current.forUpdate() : current).executeTakeFirst();
                    // Out of the served folder before the commit, so a crash at any point is settled at start:
                    // before it the row still points here and the sweep moves the file back, after it none does.
                    retired = replaced.map((field) => previous?.[field]).filter((path): path is string => typeof path === 'string');
                    await app.media.retire(retired);
                }
                const written = { ...values, ...files };
                const rowId = await writeRow(trx, written, existing, actor.userId);
                await gallery?.write(trx, rowId, stored.slice(singles.length), change.removed);
                const galleryChange = change.added.length || change.removed.length ? { [described.gallery!.field]: { before: change.removed.map((r) => r.image), after: stored.slice(singles.length) } } : {};
                await recordAudit(trx, actor, {
                    action: existing ? 'update' : 'create',
                    entity: entity.name,
                    entityId: rowId,
                    changes: { ...changesOf(existing, { ...(existing ? {} : { status: 1, ...entity.onSave }), ...written }), ...galleryChange },
                });
                return rowId;
            };
            id = within ? await write(within) : await db.transaction().execute(write);
        } catch (error) {
            await discard(app.media, stored);
            await app.media.commit(retired);
            throw uniqueClash(error, described.clashes) ?? error;
        }
        // Into place only now that the rows pointing at them are committed (a crash between is settled at start).
        await app.media.commit(stored);
        // Only once the rows point elsewhere may the files they pointed at go.
        await discard(app.media, [...replaced.map((field) => previous?.[field]), ...change.removed.map((row) => row.image)]);
        return id;
    }

    /**
     * A list call's total and rows: the table alone is filtered, counted and paged on its indexes; only the
     * page's rows are read with their joins.
     */
    function listed(query: ListQuery) {
        const { state, from, to, ...rest } = query;
        if (!rest.sort && !rest.order && entity.list.defaultOrder) rest.order = entity.list.defaultOrder;
        // The same restrictions on the table alone (counted and paged) and on the joined rows (read).
        const restrict = (rows: AnySelect) => {
            let base = rows;
            if (entity.window && typeof state === 'string') base = inWindowState(base, state);
            const day = entity.list.dateRange;
            if (day && typeof from === 'string') base = base.where(sql.ref(column(day)), '>=', from);
            if (day && typeof to === 'string') base = base.where(sql.ref(column(day)), '<', addDays(to, 1)); // `to` includes the whole of its day
            return base;
        };
        const alone = db.selectFrom(table).selectAll(table) as AnySelect;
        return listOf(restrict(alone), rest, { ...listSpec, index: { db, table } }, () => restrict(select()));
    }

    // A page is answered again, unread, while none of the tables it shows has moved: the entity's, those it
    // names rows of, its gallery's. The shop's today is part of the key where the date window is part of the answer.
    // `bodies`: the answer's JSON in each form the route sends, serialized once by the route's own serializer.
    const answers = keptAnswers<{ records: Values[]; total: number; bodies: Map<string, string> }>(db, [
        table,
        ...references.filter(({ field }) => field.display).map(({ target }) => target.table),
        ...(described.gallery ? [described.gallery.table] : []),
    ]);

    return {
        listSpec,
        find,
        read,

        async list(query: ListQuery) {
            const key = entity.window ? `${shopToday()} ${queryKey(query)}` : queryKey(query);
            return answers.answer(
                key,
                async () => {
                    const { rows, total } = await listed(query);
                    return { records: await present((await rows.execute()) as Row[]), total, bodies: new Map<string, string>() };
                },
                ({ records }) => records.length,
            );
        },

        /**
         * A bare list's total, then its records a chunk at a time, read from the database as they are sent,
         * each chunk made into what is sent (`each`) before the next is read.
         */
        async stream<T>(query: ListQuery, each: (records: Values[]) => T) {
            const { rows, total } = await listed(query);
            // The gallery comes in each row (gallery.column), not read aside a chunk at a time.
            const read = gallery ? rows.select(gallery.column(app.dbKind, table)) : rows;
            const chunks = streamRows(app, read, (chunk) => {
                const records = decorate(chunk as Row[]);
                if (gallery) for (const record of records) gallery.fromColumn(record);
                return each(records);
            });
            return { total, chunks };
        },

        create: async (body: Values, actor: Actor = {}) => read(await save(body, actor)),

        /**
         * A create inside the caller's transaction (a CSV import: all rows or none), with the same checks,
         * audit line and unique answers as `create`; answers the new id. Files are not taken here.
         */
        createWithin: async (trx: AnyDb, body: Values, actor: Actor = {}) => save(body, actor, undefined, trx),

        update: async (existing: Row, body: Values, actor: Actor = {}) => read(await save(body, actor, existing)),

        /** Sets the status, or flips it when none is given. */
        async toggle(existing: Row, status: number | undefined, actor: Actor = {}) {
            const next = status ?? (existing.status === 1 ? 0 : 1);
            await db.transaction().execute(async (trx) => {
                if (next === 1) await deactivateOthers(trx, existing.id);
                await trx.updateTable(table).set({ status: next, updatedAt: nowIso() }).where('id', '=', existing.id).execute();
                await recordAudit(trx, actor, { action: 'toggle', entity: entity.name, entityId: existing.id, changes: changesOf({ status: existing.status }, { status: next }) });
            });
            return read(existing.id);
        },

        /**
         * One action on many rows in one transaction. Every row is checked first (`allowed` says whether this
         * caller may touch it; a row in use is not deleted); the rows that pass are changed together and the
         * others are answered with the reason, row by row.
         */
        async bulk(ids: number[], action: 'activate' | 'deactivate' | 'delete', allowed: (row: Row) => string | undefined, actor: Actor = {}) {
            const results: Array<{ id: number; ok: boolean; message?: string }> = [];
            const passed: Row[] = [];
            for (const id of [...new Set(ids)]) {
                const row = await select().where(sql.ref(column('id')), '=', id).executeTakeFirst();
                const refusal = !row
                    ? entity.messages.notFound
                    : (allowed(row) ??
                      (action === 'delete'
                          ? await assertUnused(db, entity.noun[0], id, described.dependents).then(
                                () => undefined,
                                (error: Error) => error.message,
                            )
                          : undefined));
                if (refusal || !row) results.push({ id, ok: false, message: refusal });
                else passed.push(row);
            }
            if (action === 'activate' && entity.singleActive && passed.length > 1) {
                const message = `Only one ${entity.noun[0]} can be active at a time`;
                return { results: [...results, ...passed.map((row) => ({ id: row.id, ok: false, message }))], changed: 0 };
            }
            const files = action === 'delete' ? await Promise.all(passed.map(async (row) => [...images.map((field) => row[field]), ...(gallery ? await gallery.paths(db, row.id) : [])])) : [];
            const passedIds = passed.map((row) => row.id);
            if (passedIds.length) {
                await db.transaction().execute(async (trx) => {
                    if (action === 'delete') {
                        await trx.deleteFrom(table).where('id', 'in', passedIds).execute();
                    } else {
                        if (action === 'activate') await deactivateOthers(trx, passedIds[0]);
                        await trx.updateTable(table).set({ status: action === 'activate' ? 1 : 0, updatedAt: nowIso() }).where('id', 'in', passedIds).execute();
                    }
                    for (const row of passed) {
                        const after = action === 'delete' ? undefined : { status: action === 'activate' ? 1 : 0 };
                        const before = action === 'delete' ? (row as Values) : { status: row.status };
                        await recordAudit(trx, actor, { action: `bulk-${action}`, entity: entity.name, entityId: row.id, changes: changesOf(before, after) });
                    }
                });
            }
            await discard(app.media, files.flat());
            return { results: [...results, ...passedIds.map((id) => ({ id, ok: true }))].sort((a, b) => a.id - b.id), changed: passedIds.length };
        },

        /** Deletes a row nothing uses, with its image files; gallery rows go by the foreign key's cascade. */
        async remove(existing: Row, actor: Actor = {}) {
            await assertUnused(db, entity.noun[0], existing.id, described.dependents);
            const galleryPaths = gallery ? await gallery.paths(db, existing.id) : [];
            await db.transaction().execute(async (trx) => {
                await trx.deleteFrom(table).where('id', '=', existing.id).execute();
                await recordAudit(trx, actor, { action: 'delete', entity: entity.name, entityId: existing.id, changes: changesOf(existing, undefined) });
            });
            await discard(app.media, [...images.map((field) => existing[field]), ...galleryPaths]);
        },
    };
}

export type Repository = ReturnType<typeof repository>;
