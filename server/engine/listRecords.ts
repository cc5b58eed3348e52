import { sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import { keepPrepared } from '../db/createDb';
import { addDays } from '../../schema/dates';
import type { EntityParts } from './entityParts';
import { keptAnswers, listOf, queryKey, type ListQuery, type ListSpec, type PageKeys, type VersionRow } from './list';
import { inListOrder } from './listOrder';
import { decorate } from './records';
import type { AnySelect, Row, Values } from './rows';
import { recordJson } from './recordJson';
import { keptRecords, recordReads } from './keptRecords';
import { snakeCase } from '../db/sqlName';
import { streamRows } from './streamRows';
import { rowVersionsOf } from './keptOrders';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

const INTEGER_TYPES = new Set(['integer', 'reference', 'boolean', 'number']);

/** What the list route offers: the schema's search, sort and filters, each filter typed by its field. */
export function listSpecOf({ entity, column }: EntityParts): ListSpec {
    const filters = entity.list.filters
        .filter((name) => !(entity.window && name === 'state'))
        .map((name) => [name, name === 'status' || INTEGER_TYPES.has(entity.fields[name]?.type) ? 'integer' : 'string']);
    return { search: entity.list.search, sort: entity.list.sort, filters: Object.fromEntries(filters), atMost: entity.list.atMost, column };
}

/** Rows in one state of their date window, compared with the shop's today in SQL. */
function inWindowState({ entity, column }: EntityParts, query: AnySelect, state: string, today: string): AnySelect {
    const { from, to } = entity.window!;
    if (state === 'scheduled') return query.where(sql.ref(column(from)), '>', today);
    if (state === 'expired') return query.where(sql.ref(column(to)), '<', today);
    return query.where(sql.ref(column(from)), '<=', today).where(sql.ref(column(to)), '>=', today);
}

/**
 * A list call's total and rows: the table alone is filtered, counted and paged on its indexes; only the
 * page's rows are read with their joins. `versions`: the table's `list_state` rows, when read already.
 */
function listed(parts: EntityParts, spec: ListSpec, query: ListQuery, today: string | undefined, versions?: VersionRow[]) {
    const { entity, column, db, table } = parts;
    const { state, from, to, ...rest } = query;
    if (!rest.sort && !rest.order && entity.list.defaultOrder) rest.order = entity.list.defaultOrder;
    // The same restrictions on the table alone (counted and paged) and on the joined rows (read).
    const restrict = (rows: AnySelect) => {
        let base = rows;
        if (entity.window && today && typeof state === 'string') base = inWindowState(parts, base, state, today);
        const day = entity.list.dateRange;
        if (day && typeof from === 'string') base = base.where(sql.ref(column(day)), '>=', from);
        if (day && typeof to === 'string') base = base.where(sql.ref(column(day)), '<', addDays(to, 1)); // `to` includes the whole of its day
        return base;
    };
    const alone = db.selectFrom(table).selectAll(table) as AnySelect;
    // What `restrict` reads: the list's totals and boundaries follow these columns' versions too.
    const columns = [...(entity.window ? [entity.window.from, entity.window.to] : []), ...(entity.list.dateRange ? [entity.list.dateRange] : [])];
    return listOf(restrict(alone), rest, { ...spec, index: { db, table, columns, versions, keptOrderRows: parts.app.config.listKeptOrderRows } }, () => restrict(parts.select()));
}

const PAGING = new Set(['page', 'perPage', 'sort', 'order', 'offset', 'limit']);
/** A query that only pages and sorts. */
const unfiltered = (query: ListQuery) => Object.entries(query).every(([name, value]) => value === undefined || PAGING.has(name));

/**
 * The row versions of a page whose ids came from memory (keptOrders.ts): from the table's versions kept in memory
 * while the table stands, else looked up. `rows`: how many rows the table has, where the list knows (an unfiltered
 * list's total, or a filtered one's unfiltered total); unknown, they are looked up.
 */
async function versionsOf({ db, table, app }: EntityParts, versions: VersionRow[], ids: number[], rows: number | undefined) {
    const name = snakeCase(table);
    const tableVersion = versions.find((row) => row.name === name)?.version;
    const wholeTable = tableVersion !== undefined && rows !== undefined ? app.config.listKeptOrderRows : 0;
    const known = await rowVersionsOf(db, name, String(tableVersion), ids, rows ?? 0, wholeTable);
    return ids.map((id) => ({ id, version: known.get(id) ?? null }));
}

/** A kept page: its total, how many records it holds, and their JSON array as the database wrote it (recordJson). */
export interface KeptPage {
    total: number;
    count: number;
    recordsJson: string;
}

/**
 * The entity's list reads. A page is answered again, unread, while none of the tables it shows has moved: the
 * entity's, those it names rows of, its gallery's. The shop's today is part of the key where the date window is
 * part of the answer.
 */
export function listRecords(parts: EntityParts, spec: ListSpec) {
    const { entity, described, db, gallery, app, table, column } = parts;
    const shown = [table, ...described.references.filter(({ field }) => field.display).map(({ target }) => target.table)];
    const answers = keptAnswers<KeptPage>(db, [...shown, ...(described.gallery ? [described.gallery.table] : [])], app.config.listKeptRows);

    // Each row's gallery comes in the same statement (gallery.columns): one query a page, and a bare list streams it.
    const withGallery = (rows: AnySelect) => (gallery ? rows.select(gallery.columns(app.dbKind, table)) : rows);
    const records = (rows: Row[], today: string | undefined) => {
        const decorated = decorate(parts, rows, today);
        if (gallery) for (const record of decorated) gallery.fromColumns(record);
        return decorated;
    };
    const json = recordJson(parts, app.dbKind);
    const kept = keptRecords(app.config.listKeptRecordsMb * 1_000_000);
    // A kept record stands while its row's version does and these do: the tables it shows rows of besides its
    // own (the versions keptAnswers read, in name order), and the shop's day where it shows a window's state.
    const othersShown = new Set([...shown.slice(1), ...(described.gallery ? [described.gallery.table] : [])].map(snakeCase));
    const stampOf = (versions: VersionRow[], today: string | undefined) =>
        `${versions.filter(({ name }) => othersShown.has(name)).map(({ name, version }) => `${name}:${version}`).join(',')};${today ?? ''}`;
    // Each row's version (server/db/rowVersions.ts), joined by the reference to its id.
    const versionsName = snakeCase(table);
    const withVersion = <Q extends AnyQuery>(rows: Q, id: string) =>
        rows.leftJoin('rowVersions as rv', (join) => join.onRef('rv.rowId', '=', id).on('rv.tableName', '=', versionsName)).select('rv.version as version') as Q;
    const run = async <R>(query: ListQuery, rows: Compilable) => {
        const statement = rows.compile();
        // The same few texts over and over (a sort, a direction, a seek): planned once per PostgreSQL connection
        // (SQLite keeps every statement prepared already). Not a date window's list, whose text changes with the
        // day, nor a filtered one (keepPrepared says why).
        if (app.dbKind === 'postgres' && !entity.window && unfiltered(query)) keepPrepared(statement.sql);
        return (await db.executeQuery(statement)).rows as R[];
    };

    /** The page's records read whole, each as JSON: one statement. */
    const whole = async (query: ListQuery, rows: AnySelect, today: string | undefined) => {
        const read = await run<{ record: string }>(query, rows.clearSelect().select(json(today).as('record')));
        return { count: read.length, recordsJson: `[${read.map(({ record }) => record).join(',')}]` };
    };

    /** These rows' records read afresh as JSON, each kept at the version it was read at. */
    const readRecords = async (ids: number[], today: string | undefined, stamp: string) => {
        const read = withVersion(parts.select().where(sql.ref(column('id')), 'in', ids).clearSelect().select([json(today).as('record'), sql.ref<number>(column('id')).as('id')]), column('id'));
        const fresh = new Map<number, string>();
        for (const { id, version, record } of (await db.executeQuery(read.compile())).rows as Array<{ id: number; version: VersionRow['version'] | null; record: string }>) {
            fresh.set(Number(id), record);
            if (version != null) kept.keep(Number(id), String(version), stamp, record);
        }
        recordReads.read += fresh.size;
        return fresh;
    };

    /** The page's ids and row versions as one statement: the page's keys joined to their versions. */
    const versionedPage = async (query: ListQuery, { rows, order }: Extract<PageKeys, { rows: unknown }>) => {
        const page = { ...order, sort: sql.ref('page.k'), id: sql.ref('page.id') };
        const versioned = withVersion(db.selectFrom(rows.as('page')).select('page.id as id'), 'page.id');
        return run<{ id: number; version: VersionRow['version'] | null }>(query, inListOrder(versioned, page));
    };

    /**
     * The page's ids and row versions, read from the sort's index and the versions alone, then only the records
     * not kept at those versions read with their JSON: after a write, one row is read again, not the page.
     */
    const byRow = async (query: ListQuery, keys: PageKeys, today: string | undefined, versions: VersionRow[], total: number) => {
        const stamp = stampOf(versions, today);
        const listedRows = 'ids' in keys ? await versionsOf(parts, versions, keys.ids, unfiltered(query) ? total : keys.tableRows) : await versionedPage(query, keys);
        const records = listedRows.map(({ id, version }) => (version == null ? undefined : kept.get(Number(id), String(version), stamp)));
        const missing = listedRows.filter((_, at) => records[at] === undefined).map(({ id }) => id);
        if (missing.length) {
            const fresh = await readRecords(missing, today, stamp);
            listedRows.forEach(({ id }, at) => (records[at] ??= fresh.get(Number(id))));
        }
        // A row deleted between the two reads is left out, as if the delete had come first.
        const present = records.filter((record) => record !== undefined);
        return { count: present.length, recordsJson: `[${present.join(',')}]` };
    };

    const page = async (query: ListQuery, today: string | undefined, versions?: VersionRow[]): Promise<KeptPage> => {
        const listing = await listed(parts, spec, query, today, versions);
        const { keys } = listing;
        const read = kept.keeps && versions && keys ? await byRow(query, keys, today, versions, listing.total) : await whole(query, listing.rows, today);
        return { total: listing.total, ...read };
    };
    // The shop's today (its zone's), read only for an entity with a date window.
    const todayIfWindowed = async () => (entity.window ? app.shopClock.today() : undefined);

    return {
        /** Starts the versions read of `asker`'s coming `list` call now (keptAnswers' readAhead). */
        readAhead: answers.readAhead,

        async list(query: ListQuery, asker?: object) {
            const today = await todayIfWindowed();
            const key = today ? `${today} ${queryKey(query)}` : queryKey(query);
            return answers.answer(key, (versions) => page(query, today, versions), ({ count }) => count, asker);
        },

        /**
         * A bare list's total, then its records a chunk at a time, read from the database as they are sent,
         * each chunk made into what is sent (`each`) before the next is read.
         */
        async stream<T>(query: ListQuery, each: (records: Values[]) => T) {
            const today = await todayIfWindowed();
            const { rows, total } = await listed(parts, spec, query, today);
            const chunks = streamRows(app, withGallery(rows), (chunk) => each(records(chunk as Row[], today)));
            return { total, chunks };
        },
    };
}
