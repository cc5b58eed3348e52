import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { searchTableOf } from '../../db/listIndexes';
import { afterCursor, changedBetween, readCursor } from './cursor';
import { inListOrder, type ListOrder } from './listOrder';
import type { ListQuery, ListSpec } from './query';

// The list works on any table, so it speaks to the database untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, any>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One list call as SQL, not yet run: the table alone with the query's conditions (`filtered`, what is counted
 * and paged), the order, the rows asked (none: every row, the legacy bare list), and what the cache layer
 * follows: the columns the conditions read and the filters by a whole number.
 */
export interface ListPlan {
    filtered: AnyQuery;
    /** The query's conditions, to apply to other rows of the same table (the joined rows of a bare list). */
    filter: (select: AnyQuery) => AnyQuery;
    order: ListOrder;
    paging?: { offset: number; limit: number };
    col: (name: string) => RawBuilder<unknown>;
    /** The columns the conditions read. */
    reads: string[];
    /** The filters by a whole number, when they are all the query's conditions (else none). */
    equalities: Array<{ name: string; column: RawBuilder<unknown>; value: number }>;
}

/**
 * The plan of `query` over `base`. `textIndex`: the table's text index where it is known ('fts5': SQLite's
 * trigrams pick the candidates a search's LIKE then decides, so the answer is the same with or without it).
 */
export function planOf(base: AnyQuery, query: ListQuery, spec: ListSpec, textIndex?: { name: string; table: string }): ListPlan {
    const col = (name: string) => sql.ref(spec.column ? spec.column(name) : name);
    const { where, reads, equalities } = conditionsOf(query, spec, col, textIndex);
    const filter = (select: AnyQuery) => where.reduce((rows, apply) => apply(rows), select);
    const sortBy = query.sort && spec.sort.includes(query.sort) ? query.sort : spec.sort[0];
    const order: ListOrder = { column: sortBy, sort: sql`${col(sortBy)}`, id: sql`${col('id')}`, descending: query.order?.toUpperCase() === 'DESC' };
    const cursor = readCursor(query, sortBy, order.descending);
    if (cursor) where.push((select) => select.where(afterCursor(cursor, order.sort, order.id)));
    const derivable = equalities.length > 0 && equalities.length === where.length;
    return {
        filtered: filter(base),
        filter,
        order,
        paging: pagingOf(query),
        col,
        reads,
        equalities: derivable ? equalities.map((name) => ({ name, column: col(name), value: query[name] as number })) : [],
    };
}

/** The rows asked: `limit` and `offset` (the stock dialect's range), or `page` and `perPage`; none for a bare list. */
function pagingOf(query: ListQuery) {
    if (query.limit !== undefined) return { limit: query.limit, offset: query.offset ?? 0 };
    if (query.page === undefined && query.perPage === undefined) return undefined;
    const limit = query.perPage ?? 25;
    return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * A list query's conditions, each applied to the table alone for counting and paging and to the joined rows of a
 * bare list; the columns they read; its whole-number filters.
 */
function conditionsOf(query: ListQuery, spec: ListSpec, col: (name: string) => RawBuilder<unknown>, textIndex?: { name: string; table: string }) {
    const where: Array<(select: AnyQuery) => AnyQuery> = [];
    const reads = new Set<string>();
    const q = query.q?.trim();
    if (q && spec.search.length) {
        for (const name of spec.search) reads.add(name);
        const pattern = `%${escapeLike(q.toLowerCase())}%`;
        // FTS5's trigrams find the candidates (a trigram needs three characters); the same LIKE as always then
        // decides, so the answer is exactly what the scan gave. PostgreSQL's trigram indexes serve the LIKE itself.
        // FTS5 reads its query as a C string: a NUL ends it inside the quotes ("unterminated string"), so
        // such a search is left to the LIKE alone.
        if (textIndex?.name === 'fts5' && [...q].length >= 3 && !q.includes('\u0000')) {
            const fts = sql.raw(searchTableOf(textIndex.table));
            const phrase = `"${q.replace(/"/g, '""')}"`;
            where.push((select) => select.where(sql<boolean>`${col('id')} in (select rowid from ${fts} where ${fts} match ${phrase})`));
        }
        const matches = spec.search.map((name) => sql<boolean>`lower(${col(name)}) like ${pattern} escape '\\'`);
        where.push((select) => select.where(sql<boolean>`(${sql.join(matches, sql` or `)})`));
    }
    for (const name of Object.keys(spec.filters)) {
        const value = query[name];
        if (value === undefined || value === '') continue;
        const holds = spec.holds?.[name];
        if (holds) {
            const ids = [...new Set(String(value).split(',').map(Number))];
            // A set changes only with its row, whose updatedAt moves with it.
            reads.add('updatedAt');
            where.push((select) => select.where(holds(ids, col('id'))));
            continue;
        }
        reads.add(name);
        where.push((select) => select.where(sql<boolean>`${col(name)} = ${value}`));
    }
    for (const name of spec.atMost ?? []) {
        const value = query[`${name}_lte`];
        if (value === undefined || value === '') continue;
        reads.add(name);
        // A decimal's bound in stored units, rounded down: stock ≤ 2.5 kg is ≤ 2500 thousandths.
        const bound = Math.floor(Number(value) * (spec.atMostScale?.[name] ?? 1) + 1e-9);
        where.push((select) => select.where(sql<boolean>`${col(name)} <= ${bound}`));
    }
    const { from, to } = changedBetween(query);
    if (from !== undefined || to !== undefined) reads.add('updatedAt');
    if (from !== undefined) where.push((select) => select.where(sql<boolean>`${col('updatedAt')} >= ${from}`));
    if (to !== undefined) where.push((select) => select.where(sql<boolean>`${col('updatedAt')} <= ${to}`));
    if (query.id?.length) {
        const ids = query.id.flatMap((part) => part.split(',')).map(Number);
        where.push((select) => select.where(sql<boolean>`${col('id')} in (${sql.join(ids)})`));
    }
    const equalities = Object.keys(spec.filters).filter((name) => spec.filters[name] === 'integer' && !spec.holds?.[name] && Number.isSafeInteger(query[name]));
    return { where, reads: [...reads], equalities };
}

/** The count of a list's rows, as a query. */
export const counterOf = (query: AnyQuery) => query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total'));

/** The number of rows the filtered table holds. */
export const countRows = async (filtered: AnyQuery) =>
    Number(((await counterOf(filtered).executeTakeFirst()) as { total?: number } | undefined)?.total ?? 0);

/** The page's sort values `k` and ids, in list order, read from the sort's index. */
export const pageKeysOf = ({ filtered, order, paging }: ListPlan) =>
    inListOrder(filtered.clearSelect().select([order.sort.as('k'), order.id.as('id')]), order).limit(paging!.limit).offset(paging!.offset);

/** The joined rows of the page whose keys `keys` reads, in list order. */
export const rowsAtKeys = ({ col, order }: ListPlan, rowsOf: () => AnyQuery, keys: AnyQuery) =>
    inListOrder(rowsOf().where(sql<boolean>`${col('id')} in (${sql`select ${sql.ref('page.id')} from ${keys.as('page')}`})`), order);

/** The joined rows with these ids, in list order. */
export const rowsWithIds = ({ col, order }: ListPlan, rowsOf: () => AnyQuery, ids: number[]) =>
    inListOrder(rowsOf().where(ids.length ? sql<boolean>`${col('id')} in (${sql.join(ids)})` : sql<boolean>`1 = 0`), order);

/**
 * What pageOf reads, not yet run: the total and the query of the rows, for a caller that streams them. With
 * `rowsOf` the base query is the table alone: the total is counted there and the page's ids picked from the
 * sort's index; only those rows are read through `rowsOf` (the base query with the joins the answer shows). A bare
 * list reads `rowsOf` with the conditions straight away, so its rows stream from the first one. The order is the
 * same everywhere: the sort column, then id the same way.
 */
export async function listOf<DB, TB extends keyof DB, O, R = O>(
    base: SelectQueryBuilder<DB, TB, O>,
    query: ListQuery,
    spec: ListSpec,
    rowsOf?: () => SelectQueryBuilder<any, any, R>, // eslint-disable-line @typescript-eslint/no-explicit-any
): Promise<{ rows: SelectQueryBuilder<any, any, R>; total: number }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const plan = planOf(base as AnyQuery, query, spec);
    const total = await countRows(plan.filtered);
    return { rows: rowsOfPlan(plan, rowsOf as (() => AnyQuery) | undefined), total };
}

/** The rows of a plan whose page is read from the sort's index (pageKeysOf); every row when it asks no page. */
export function rowsOfPlan(plan: ListPlan, rowsOf?: () => AnyQuery) {
    const { filtered, order, paging } = plan;
    if (!rowsOf) return paging ? inListOrder(filtered, order).limit(paging.limit).offset(paging.offset) : inListOrder(filtered, order);
    if (!paging) return inListOrder(plan.filter(rowsOf()), order);
    return rowsAtKeys(plan, rowsOf, pageKeysOf(plan));
}

/** Pages, sorts, searches and filters a query in SQL and counts the matches; with no paging parameters, every row (the legacy contract). */
export async function pageOf<DB, TB extends keyof DB, O, R = O>(
    base: SelectQueryBuilder<DB, TB, O>,
    query: ListQuery,
    spec: ListSpec,
    rowsOf?: () => SelectQueryBuilder<any, any, R>, // eslint-disable-line @typescript-eslint/no-explicit-any
): Promise<{ rows: R[]; total: number }> {
    const { rows, total } = await listOf(base, query, spec, rowsOf);
    return { rows: (await rows.execute()) as R[], total };
}
