import { sql, type Compilable } from 'kysely';
import { keepPrepared } from '../../db/createDb';
import { addDays } from '../../../schema/dates';
import type { EntityParts } from '../entityParts';
import { decorate } from '../records';
import { setColumns, setsFromColumns } from '../referenceSets';
import { recordJson } from '../recordJson';
import type { AnySelect, Row, Values } from '../rows';
import type { ListQuery } from './query';
import { streamRows } from './streamRows';

const PAGING = new Set(['page', 'perPage', 'sort', 'order', 'offset', 'limit']);
/** A query that only pages and sorts. */
export const unfiltered = (query: ListQuery) => Object.entries(query).every(([name, value]) => value === undefined || PAGING.has(name));

/** Rows in one state of their date window, compared with the shop's today in SQL. */
function inWindowState({ entity, column }: EntityParts, query: AnySelect, state: string, today: string): AnySelect {
    const { from, to } = entity.window!;
    if (state === 'scheduled') return query.where(sql.ref(column(from)), '>', today);
    if (state === 'expired') return query.where(sql.ref(column(to)), '<', today);
    return query.where(sql.ref(column(from)), '<=', today).where(sql.ref(column(to)), '>=', today);
}

/**
 * An entity's list as SQL, whoever reads it (the plain reader, or the cache layer around it): the table alone and
 * the joined rows, each with the entity's own conditions (a date window's state, a range of days), and the page's
 * records read as JSON in one statement.
 */
export function entityList(parts: EntityParts) {
    const { entity, column, db, table, app, gallery } = parts;
    const json = recordJson(parts, app.dbKind);

    /**
     * The query the list engine reads (the entity's own conditions taken out), the table alone and the joined rows
     * with those conditions, and the columns they read beyond the list's own (what a kept total follows too).
     */
    const listing = (query: ListQuery, today: string | undefined) => {
        const { state, from, to, ...rest } = query;
        if (!rest.sort && !rest.order && entity.list.defaultOrder) rest.order = entity.list.defaultOrder;
        const restrict = (rows: AnySelect) => {
            let base = rows;
            if (entity.window && today && typeof state === 'string') base = inWindowState(parts, base, state, today);
            const day = entity.list.dateRange;
            if (day && typeof from === 'string') base = base.where(sql.ref(column(day)), '>=', from);
            if (day && typeof to === 'string') base = base.where(sql.ref(column(day)), '<', addDays(to, 1)); // `to` includes the whole of its day
            return base;
        };
        const columns = [...(entity.window ? [entity.window.from, entity.window.to] : []), ...(entity.list.dateRange ? [entity.list.dateRange] : [])];
        return { query: rest, base: restrict(db.selectFrom(table).selectAll(table) as AnySelect), rowsOf: () => restrict(parts.select()), columns };
    };

    const run = async <R>(query: ListQuery, rows: Compilable) => {
        const statement = rows.compile();
        // The same few texts over and over (a sort, a direction, a seek): planned once per PostgreSQL connection
        // (SQLite keeps every statement prepared already). Not a date window's list, whose text changes with the
        // day, nor a filtered one (keepPrepared says why).
        if (app.dbKind === 'postgres' && !entity.window && unfiltered(query)) keepPrepared(statement.sql);
        return (await db.executeQuery(statement)).rows as R[];
    };

    // Each row's gallery comes in the same statement (gallery.columns): one query a page, and a bare list streams it.
    // The sets of references likewise (referenceSets.ts).
    const { sets } = parts.described;
    const withGallery = (rows: AnySelect) => {
        const withSets = sets.length ? rows.select(setColumns(sets, app.dbKind, table)) : rows;
        return gallery ? withSets.select(gallery.columns(app.dbKind, table)) : withSets;
    };
    const records = (rows: Row[], today: string | undefined) => {
        const decorated = decorate(parts, rows, today);
        for (const record of decorated) setsFromColumns(sets, record);
        if (gallery) for (const record of decorated) gallery.fromColumns(record);
        return decorated;
    };

    return {
        listing,
        run,
        /** A record as JSON, written by the database (recordJson.ts). */
        json,
        /** The shop's today (its zone's), read only for an entity with a date window. */
        today: async () => (entity.window ? app.shopClock.today() : undefined),

        /** The page's records read whole, each as JSON: one statement. */
        async whole(query: ListQuery, rows: AnySelect, today: string | undefined) {
            const read = await run<{ record: string }>(query, rows.clearSelect().select(json(today).as('record')));
            return { count: read.length, recordsJson: `[${read.map(({ record }) => record).join(',')}]` };
        },

        /** A bare list's records a chunk at a time, read from the database as they are sent (streamRows.ts). */
        stream: <T>(rows: AnySelect, today: string | undefined, each: (records: Values[]) => T) =>
            streamRows(app, withGallery(rows), (chunk) => each(records(chunk as Row[], today))),
    };
}

export type EntityList = ReturnType<typeof entityList>;
