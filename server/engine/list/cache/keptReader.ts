// Keeps nothing itself, so forgets nothing: the list reader with the cache layer around it, reading through the modules beside it.
import { sql } from 'kysely';
import { keepPrepared } from '../../../db/createDb';
import { snakeCase } from '../../../db/sqlName';
import type { EntityParts } from '../../entityParts';
import type { AnySelect } from '../../rows';
import { entityList, unfiltered } from '../entityList';
import type { ListPage, ListReader } from '../index';
import { inListOrder } from '../listOrder';
import type { ListQuery, ListSpec } from '../query';
import type { AnyQuery } from '../repository';
import { keptAnswers, queryKey, type VersionRow } from './keptAnswers';
import { rowVersionsOf } from './keptOrders';
import { keptListOf, type PageKeys } from './keptPages';
import { keptRecords, recordReads } from './keptRecords';

/**
 * The entity's list reads with what is kept between requests. A page is answered again, unread, while none of the
 * tables it shows has moved: the entity's, those it names rows of, its gallery's (keptAnswers.ts). A page read
 * afresh takes its total, its ids and its records from what is kept where they still stand (keptPages.ts,
 * keptRecords.ts). The shop's today is part of the key where the date window is part of the answer. `plain`: the
 * reader this one wraps, whose answers are the same; a bare list streams through it.
 */
export function keptReader(parts: EntityParts, spec: ListSpec, plain: ListReader): ListReader {
    const { described, db, app, table, column } = parts;
    const lists = entityList(parts);
    const shown = [table, ...described.references.filter(({ field }) => field.display).map(({ target }) => target.table)];
    const answers = keptAnswers<ListPage>(db, [...shown, ...(described.gallery ? [described.gallery.table] : [])], app.config.listKeptRows);
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

    /** The list call with its total and page ids as kept (keptPages.ts). `versions`: the tables' `list_state` rows, when read already. */
    const listed = (query: ListQuery, today: string | undefined, versions?: VersionRow[]) => {
        const { query: rest, base, rowsOf, columns } = lists.listing(query, today);
        return keptListOf(base, rest, spec, { db, table, columns, versions, keptOrderRows: app.config.listKeptOrderRows }, rowsOf);
    };

    // On PostgreSQL the ids go as one array, so the statement's text is the same for any number of them and is
    // planned once (keepPrepared): its JSON expression took longer to plan than to run (11 ms a page of 100).
    const postgres = app.dbKind === 'postgres';
    const byIds = (ids: number[]) => (postgres ? sql<boolean>`${sql.ref(column('id'))} = any(${ids}::bigint[])` : sql<boolean>`${sql.ref(column('id'))} in (${sql.join(ids)})`);

    /** These rows' records read afresh as JSON, each kept at the version it was read at. */
    const readRecords = async (ids: number[], today: string | undefined, stamp: string) => {
        const read = withVersion(parts.select().where(byIds(ids)).clearSelect().select([lists.json(today).as('record'), sql.ref<number>(column('id')).as('id')]), column('id')).compile();
        if (postgres) keepPrepared(read.sql);
        const fresh = new Map<number, string>();
        for (const { id, version, record } of (await db.executeQuery(read)).rows as Array<{ id: number; version: VersionRow['version'] | null; record: string }>) {
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
        return lists.run<{ id: number; version: VersionRow['version'] | null }>(query, inListOrder(versioned, page));
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

    const page = async (query: ListQuery, today: string | undefined, versions?: VersionRow[]): Promise<ListPage> => {
        const listing = await listed(query, today, versions);
        const { keys } = listing;
        const read = kept.keeps && versions && keys ? await byRow(query, keys, today, versions, listing.total) : await lists.whole(query, listing.rows as AnySelect, today);
        return { total: listing.total, ...read };
    };

    return {
        readAhead: answers.readAhead,

        async list(query, asker) {
            const today = await lists.today();
            const key = today ? `${today} ${queryKey(query)}` : queryKey(query);
            return answers.answer(key, (versions) => page(query, today, versions), ({ count }) => count, asker);
        },

        // Every row, streamed: nothing of it is kept, and its one count is little beside its rows.
        stream: plain.stream,
    };
}

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
