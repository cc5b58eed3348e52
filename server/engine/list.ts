import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { keepPrepared } from '../db/createDb';
import { isPostgres } from '../db/dialect';
import { coalescedReads } from '../infra/coalescedReads';
import { columnVersionName, rowsVersionName, searchTableOf } from '../db/listIndexes';
import { snakeCase } from '../db/sqlName';
import { MAX_INTEGER } from '../http/common';
import { badRequest } from '../infra/errors';
import { seekPageIds } from './seekPages';
import { keptOrderPage } from './keptOrders';
import type { Derivation } from './derivedOrders';
import { inListOrder, type ListOrder } from './listOrder';

/** The most rows one list call answers when paged. */
export const MAX_PER_PAGE = 1000;

/** What a list endpoint lets clients page, sort, search and filter on. Column names as in the API. */
export interface ListSpec {
    /** Columns matched, case-insensitively, by `q`. */
    search: string[];
    /** Columns a client may sort by; the first is the default. */
    sort: string[];
    /** Column filters by name and the type of their value. */
    filters: Record<string, 'integer' | 'string'>;
    /** Number columns filtered by an upper bound, `<name>_lte` (rows without a value never match). */
    atMost?: string[];
    /** Qualify an API column for SQL when the query joins tables (e.g. `name` → `products.name`). */
    column?: (name: string) => string;
    /** The database and table (Kysely's name) of the list, when it has a `list_state` row: totals kept, text index used. */
    index?: ListIndex;
}

export interface ListIndex {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>;
    table: string;
    /**
     * The columns (API names) the base query's own conditions read, beyond the list's search, sort and filters.
     * Given, totals and page boundaries follow the versions of the columns the list reads (a write that changes
     * only others leaves them standing); left out, as for a base query whose conditions are not known, they
     * follow the table's one version.
     */
    columns?: string[];
    /**
     * The table's `list_state` rows (its own, its rows' and its columns'), when the request read them already
     * (keptAnswers): a total kept is then checked against them, without a read of its own.
     */
    versions?: VersionRow[];
    /** Rows of lists' whole orders kept in memory (keptOrders.ts; 0 keeps none). */
    keptOrderRows?: number;
}

/** A `list_state` row as the list layer reads it. */
export interface VersionRow {
    name: string;
    version: number | string;
}

export interface ListQuery {
    page?: number;
    perPage?: number;
    sort?: string;
    order?: 'ASC' | 'DESC' | 'asc' | 'desc';
    q?: string;
    id?: string[];
    /** Rows to skip and to answer, from the stock dialect's `range`. */
    offset?: number;
    limit?: number;
    [filter: string]: unknown;
}

/** The querystring schema of a list endpoint: paging, sorting, search and the spec's filters. */
export function listQuerySchema(spec: ListSpec) {
    const filters = Object.fromEntries(
        Object.entries(spec.filters).map(([name, type]) => [
            name,
            type === 'integer' ? { type: 'integer', minimum: -MAX_INTEGER, maximum: MAX_INTEGER } : { type: 'string', maxLength: 200 },
        ]),
    );
    return {
        type: 'object',
        properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, description: '1-based page; paging applies only when page or perPage is given' },
            perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE },
            offset: { type: 'integer', minimum: 0, maximum: MAX_INTEGER },
            limit: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE },
            range: { type: 'string', description: 'ra-data-simple-rest dialect: [first, last] row, answered with Content-Range and a bare array' },
            filter: { type: 'string', description: 'ra-data-simple-rest dialect: a JSON object of q, id and column filters' },
            sort: { type: 'string', enum: spec.sort, 'x-message': `This list sorts by: ${spec.sort.join(', ')}`, description: 'A column, or ["column","ASC|DESC"] in the ra-data-simple-rest dialect' },
            order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            q: { type: 'string', maxLength: 200, description: `Search in ${spec.search.join(', ')}` },
            id: { type: 'array', items: { type: 'string', pattern: '^\\d+(,\\d+)*$' }, description: 'Only these ids (id=1&id=2 or id=1,2)' },
            ...filters,
            ...Object.fromEntries(
                (spec.atMost ?? []).map((name) => [`${name}_lte`, { type: 'integer', minimum: -MAX_INTEGER, maximum: MAX_INTEGER, description: `Only rows whose ${name} is at most this` }]),
            ),
        },
    } as const;
}

/** Requests that spoke react-admin's stock `ra-data-simple-rest` dialect, to be answered in it. */
const stockRequests = new WeakSet<FastifyRequest>();

/** True when the list was asked for with `sort=[…]`, `range=[…]` or `filter={…}`: answer a bare array with Content-Range. */
export const isStockDialect = (request: FastifyRequest) => stockRequests.has(request);

const parseJson = (name: string, text: string): unknown => {
    try {
        return JSON.parse(text);
    } catch {
        throw badRequest(`The ${name} parameter must be JSON`, { [name]: `The ${name} parameter must be JSON` });
    }
};

const PAGING = new Set(['page', 'perPage', 'offset', 'limit', 'range', 'filter', 'sort', 'order']);

/**
 * Reads the stock dialect into the legacy parameters the list layer knows:
 * `sort=["name","ASC"]` → sort, order; `range=[0,24]` → offset 0, limit 25; `filter={"q":"milk","status":1,"id":[1,2]}`
 * → q, status, id. The querystring schema then checks the result like any other list call.
 */
function readStockDialect(query: Record<string, unknown>) {
    if (typeof query.sort === 'string' && query.sort.startsWith('[')) {
        const sort = parseJson('sort', query.sort);
        if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw badRequest('The sort parameter must be ["field","ASC|DESC"]');
        query.sort = sort[0];
        if (sort[1] !== undefined) query.order = String(sort[1]);
    }
    if (typeof query.range === 'string') {
        const range = parseJson('range', query.range);
        const [start, end] = Array.isArray(range) ? range : [];
        if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end - start >= MAX_PER_PAGE) {
            throw badRequest(`The range parameter must be [first, last] with at most ${MAX_PER_PAGE} rows`);
        }
        query.offset = start;
        query.limit = end - start + 1;
        delete query.range;
    }
    if (typeof query.filter === 'string') {
        const filter = parseJson('filter', query.filter);
        if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest('The filter parameter must be a JSON object');
        for (const [key, value] of Object.entries(filter)) {
            // A filter may not stand in for a paging or sort parameter.
            if (PAGING.has(key)) throw badRequest(`Unknown filter ${key}`, { [key]: `Unknown filter ${key}` });
            if (key === 'id') query.id = [[value].flat().map(String).join(',')];
            else if (value !== null && value !== '' && typeof value !== 'object') query[key] = String(value);
            else if (value !== null && value !== '') throw badRequest(`The ${key} filter must be a single value`);
        }
        delete query.filter;
    }
}

/**
 * A preValidation hook for every list: legacy forms send an unset filter as `?categoryId=`, which means
 * no filter; stock-dialect queries are read into the same parameters.
 */
export async function dropBlankParams(request: FastifyRequest) {
    readListQuery(request, false);
}

/** The same for a `/api/v1` list, which speaks only the stock dialect: a bare array with Content-Range. */
export async function stockListParams(request: FastifyRequest) {
    readListQuery(request, true);
}

function readListQuery(request: FastifyRequest, stockOnly: boolean) {
    const query = request.query as Record<string, unknown>;
    for (const key of Object.keys(query)) if (query[key] === '') delete query[key];
    const stock = stockOnly || ['range', 'filter'].some((key) => key in query) || (typeof query.sort === 'string' && query.sort.startsWith('['));
    if (!stock) return;
    stockRequests.add(request);
    readStockDialect(query);
}

/** The Content-Range of a stock-dialect answer: `items 0-24/319`. */
export const contentRange = (query: ListQuery, count: number, total: number) => {
    const start = query.offset ?? 0;
    return count ? `items ${start}-${start + count - 1}/${total}` : `items */${total}`;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The layer works on any table, so it speaks to the database untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** A total at one `list_state` version; while it is being counted, the count that requests share. */
interface KeptTotal {
    /** The table's version: it only grows, so it tells which of two reads is newer. */
    version: number;
    /** The versions the total follows (`stampsOf`): it stands while they do. */
    stamp: string;
    total: Promise<number>;
    /** The total once counted. */
    known?: number;
    /** Until then, the last total counted before (another stamp): a measure of the list's size, not its total. */
    before?: number;
}

/** Totals by count query, per database, valid while the versions they follow stand. */
const totals = new WeakMap<object, Map<string, KeptTotal>>();
const MAX_TOTALS = 500;

/**
 * What the list-cache test checks: how many totals this process counted after a write moved their version, and
 * how many times a kept total was checked with a read of the versions of its own (not given them by keptAnswers).
 */
export const totalCounts = { recounted: 0, ownVersionReads: 0 };

/** For tests: versions reads started ahead of a list's handler (readAhead), and started by the handler itself. */
export const versionReads = { ahead: 0, onArrival: 0 };

/** Per database and table: its text index once known ('none' when the table has no `list_state` row). */
const textIndexes = new WeakMap<object, Map<string, string>>();

/** What a list's total and page boundaries follow: the `list_state` rows of the table and of the columns it reads. */
interface Followed {
    table: string;
    /** Rows the total follows: inserts and deletes, the columns the filters and search read. */
    totals: string[];
    /** Rows the boundaries follow besides: the sort column. */
    bounds: string[];
}

/**
 * The versions a list follows, read from `list_state` rows: the table's (it only grows), and the stamps of the
 * total and the boundaries. Where the list says which columns it reads and each has its row
 * (createColumnVersions), a stamp is theirs alone, so a write that changes other columns leaves it standing;
 * else it is the table's version, which every write moves.
 */
function stampsOf(rows: VersionRow[], followed: Followed) {
    const versions = new Map(rows.map((row) => [row.name, String(row.version)]));
    const version = versions.get(followed.table);
    if (version === undefined) return undefined;
    const stamp = (names: string[]) => (names.every((name) => versions.has(name)) ? names.map((name) => versions.get(name)).join(',') : undefined);
    const totalsStamp = followed.totals.length ? stamp(followed.totals) : undefined;
    const boundsStamp = totalsStamp && stamp(followed.bounds);
    return {
        version: Number(version),
        totals: totalsStamp ? `c${totalsStamp}` : `t${version}`,
        bounds: totalsStamp && boundsStamp !== undefined ? `c${totalsStamp};${boundsStamp}` : `t${version}`,
    };
}

/**
 * The `list_state` rows a list follows: its table's, and, where it says which columns its base query reads, the
 * rows' (inserts and deletes) and each column's its filters, search and sort read (ids never change).
 */
function followedBy(index: ListIndex, reads: string[], sortBy: string): Followed {
    const table = snakeCase(index.table);
    if (!index.columns) return { table, totals: [], bounds: [] };
    const names = (columns: string[]) => columns.filter((name) => name !== 'id').map((name) => columnVersionName(table, name));
    return { table, totals: [rowsVersionName(table), ...names(reads)], bounds: names([sortBy]) };
}

/**
 * The number of rows the filtered table holds, and the stamp of the versions its page boundaries follow (none for
 * a table without a `list_state` row). A total is kept with its stamp and answered again while no write has moved
 * it (one indexed read of the versions); a new filter counts and reads the versions in the same statement, so a
 * list costs the same number of queries either way.
 */
async function countOf(
    query: AnyQuery,
    index: ListIndex | undefined,
    followed: Followed | undefined,
): Promise<{ total: number; bounds?: string; key?: string; versions?: VersionRow[] }> {
    const counter = counterOf(query);
    const count = async () => ({ total: Number(((await counter.executeTakeFirst()) as { total?: number } | undefined)?.total ?? 0) });
    const known = index && textIndexes.get(index.db)?.get(index.table);
    if (!index || !followed || known === 'none') return count();

    const key = countKey(counter);
    let cache = totals.get(index.db);
    if (!cache) totals.set(index.db, (cache = new Map()));
    const names = [...new Set([followed.table, ...followed.totals, ...followed.bounds])];
    const state = index.db.selectFrom('listState').where('tableName', 'in', names);
    if (cache.has(key)) {
        if (!index.versions) totalCounts.ownVersionReads++;
        const versions = index.versions ?? (await state.select(['tableName as name', 'version']).execute());
        const stamps = stampsOf(versions, followed);
        if (!stamps) return count();
        // Requests that find the same new version share one count: after a write, every request in flight
        // would otherwise count the whole table again.
        const now = cache.get(key);
        if (now && now.stamp === stamps.totals) return { total: await now.total, bounds: stamps.bounds, key, versions };
        if (now && now.version > stamps.version) return { ...(await count()), bounds: stamps.bounds, key, versions };
        totalCounts.recounted++;
        const counting = count().then(({ total }) => total);
        const kept: KeptTotal = { version: stamps.version, stamp: stamps.totals, total: counting, before: now?.known ?? now?.before };
        void counting.then((total) => (kept.known = total), () => undefined);
        keep(cache, key, kept);
        counting.catch(() => cache.get(key)?.total === counting && cache.delete(key));
        return { total: await counting, bounds: stamps.bounds, key, versions };
    }
    const rows = await state
        .select(['tableName as name', 'version', 'textIndex', sql<number>`case when ${sql.ref('tableName')} = ${followed.table} then (${counter}) end`.as('total')])
        .execute();
    const own = rows.find((row) => row.name === followed.table);
    let indexes = textIndexes.get(index.db);
    if (!indexes) textIndexes.set(index.db, (indexes = new Map()));
    indexes.set(index.table, own ? (own.textIndex ?? 'none-text') : 'none');
    const stamps = stampsOf(rows, followed);
    if (!own || !stamps) return count();
    const total = Number(own.total);
    keep(cache, key, { version: stamps.version, stamp: stamps.totals, total: Promise.resolve(total), known: total });
    return { total, bounds: stamps.bounds, key, versions: rows };
}

const counterOf = (query: AnyQuery) => query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total'));

/** What a count is kept by: its statement and parameters. */
function countKey(counter: AnyQuery) {
    const compiled = counter.compile();
    return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

/**
 * What a list filtered by whole numbers alone takes its order from (derivedOrders.ts): the unfiltered list, once
 * its total has been counted, and each filter's column at the versions its values follow. Until then undefined,
 * and the unfiltered total is counted for the pages to come (again after a write).
 */
function derivationOf(
    base: AnyQuery,
    index: ListIndex,
    versions: VersionRow[],
    filters: Array<Omit<Derivation['filters'][number], 'stamp'>>,
    sortBy: string,
    id: RawBuilder<unknown>,
): Derivation | undefined {
    const baseReads = index.columns ?? [];
    const followed = followedBy(index, baseReads, sortBy);
    const stamps = stampsOf(versions, followed);
    if (!stamps) return undefined;
    const baseKey = countKey(counterOf(base));
    const kept = totals.get(index.db)?.get(baseKey);
    if (kept?.stamp !== stamps.totals) void countOf(base, { ...index, versions }, followed).catch(() => undefined);
    // After a write, the total before it until the count comes back: it only measures what reading a column or the
    // whole order is worth, and the pages would otherwise go to the database meanwhile.
    const baseRows = kept?.known ?? kept?.before;
    if (baseRows === undefined) return undefined;
    const stampOf = (name: string) => stampsOf(versions, followedBy(index, [...baseReads, name], name))!.totals;
    return { baseKey, baseStamp: stamps.bounds, base, baseRows, id, filters: filters.map((filter) => ({ ...filter, stamp: stampOf(filter.name) })) };
}

/** A total kept, the oldest dropped past MAX_TOTALS. */
function keep(cache: Map<string, KeptTotal>, key: string, total: KeptTotal) {
    cache.delete(key);
    if (cache.size >= MAX_TOTALS) cache.delete(cache.keys().next().value!);
    cache.set(key, total);
}

/** True when a list call asks for every row (no page, perPage, limit or range): the legacy bare list. */
export const isBareList = (query: ListQuery) => query.limit === undefined && query.page === undefined && query.perPage === undefined;

/**
 * Pages, sorts, searches and filters a query in SQL and counts the matches.
 * Called with no paging parameters it answers every row: the legacy contract.
 *
 * With `spec.index` the base query is the table alone: the total is counted there (kept while no write
 * moves the table's version), the page's ids are picked from the sort's index, and only those rows are
 * read through `rowsOf` (the base query with the joins the answer shows). A bare list reads `rowsOf` with
 * the filters straight away, so its rows stream from the first one. The order is the same everywhere: the sort
 * column, then id the same way. A deep page seeks from a remembered page boundary (seekPages.ts).
 */
export async function pageOf<DB, TB extends keyof DB, O, R = O>(
    base: SelectQueryBuilder<DB, TB, O>,
    query: ListQuery,
    spec: ListSpec,
    rowsOf?: () => SelectQueryBuilder<any, any, R>, // eslint-disable-line @typescript-eslint/no-explicit-any
): Promise<{ rows: R[]; total: number }> {
    const { rows, total } = await listOf(base, query, spec, rowsOf);
    return { rows: (await rows.execute()) as R[], total };
}

/**
 * A list query's conditions, each applied to the table alone for counting and paging and to the joined rows of a
 * bare list; the columns they read (what the total and the page boundaries follow); its whole-number filters.
 */
function conditionsOf(query: ListQuery, spec: ListSpec, col: (name: string) => RawBuilder<unknown>) {
    const textIndex = spec.index && textIndexes.get(spec.index.db)?.get(spec.index.table);
    const where: Array<(select: AnyQuery) => AnyQuery> = [];

    // The columns the filters read: what the total and the page boundaries follow (`followed`).
    const reads = new Set(spec.index?.columns ?? []);
    const q = query.q?.trim();
    if (q && spec.search.length) {
        for (const name of spec.search) reads.add(name);
        const pattern = `%${escapeLike(q.toLowerCase())}%`;
        // FTS5's trigrams find the candidates (a trigram needs three characters; a table's first list learns
        // whether it has them); the same LIKE as always then decides, so the answer is exactly what the scan
        // gave. PostgreSQL's trigram indexes serve the LIKE itself.
        // FTS5 reads its query as a C string: a NUL ends it inside the quotes ("unterminated string"), so
        // such a search is left to the LIKE alone.
        if (textIndex === 'fts5' && [...q].length >= 3 && !q.includes('\u0000')) {
            const fts = sql.raw(searchTableOf(spec.index!.table));
            const phrase = `"${q.replace(/"/g, '""')}"`;
            where.push((select) => select.where(sql<boolean>`${col('id')} in (select rowid from ${fts} where ${fts} match ${phrase})`));
        }
        const matches = spec.search.map((name) => sql<boolean>`lower(${col(name)}) like ${pattern} escape '\\'`);
        where.push((select) => select.where(sql<boolean>`(${sql.join(matches, sql` or `)})`));
    }
    for (const name of Object.keys(spec.filters)) {
        const value = query[name];
        if (value !== undefined && value !== '') reads.add(name);
        if (value !== undefined && value !== '') where.push((select) => select.where(sql<boolean>`${col(name)} = ${value}`));
    }
    for (const name of spec.atMost ?? []) {
        const value = query[`${name}_lte`];
        if (value !== undefined && value !== '') reads.add(name);
        if (value !== undefined && value !== '') where.push((select) => select.where(sql<boolean>`${col(name)} <= ${value}`));
    }
    if (query.id?.length) {
        const ids = query.id.flatMap((part) => part.split(',')).map(Number);
        where.push((select) => select.where(sql<boolean>`${col('id')} in (${sql.join(ids)})`));
    }

    // The filters by a whole number: a list filtered by these alone can take its order from the unfiltered one's (derivedOrders.ts).
    const equalities = Object.keys(spec.filters).filter((name) => spec.filters[name] === 'integer' && Number.isSafeInteger(query[name]));
    return { where, reads, equalities };
}

/** What pageOf reads, not yet run: the total and the query of the rows, for a caller that streams them. */
export async function listOf<DB, TB extends keyof DB, O, R = O>(
    base: SelectQueryBuilder<DB, TB, O>,
    query: ListQuery,
    spec: ListSpec,
    rowsOf?: () => SelectQueryBuilder<any, any, R>, // eslint-disable-line @typescript-eslint/no-explicit-any
): Promise<{ rows: SelectQueryBuilder<any, any, R>; total: number; keys?: PageKeys }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const col = (name: string) => sql.ref(spec.column ? spec.column(name) : name);
    const { where, reads, equalities } = conditionsOf(query, spec, col);
    const derivable = equalities.length > 0 && equalities.length === where.length;

    const filter = (select: AnyQuery) => where.reduce((query, apply) => apply(query), select);
    const filtered = filter(base as AnyQuery);
    const sortBy = query.sort && spec.sort.includes(query.sort) ? query.sort : spec.sort[0];
    const { total, bounds, key, versions } = await countOf(filtered, spec.index, spec.index && followedBy(spec.index, [...reads], sortBy));

    const order: ListOrder = { column: sortBy, sort: sql`${col(sortBy)}`, id: sql`${col('id')}`, descending: query.order?.toUpperCase() === 'DESC' };
    const ordered = (select: AnyQuery) => inListOrder(select, order);
    let limit: number | undefined;
    let offset = 0;
    if (query.limit !== undefined) {
        limit = query.limit;
        offset = query.offset ?? 0;
    } else if (query.page !== undefined || query.perPage !== undefined) {
        limit = query.perPage ?? 25;
        offset = ((query.page ?? 1) - 1) * limit;
    }
    if (!rowsOf) {
        const page = ordered(filtered);
        return { rows: limit === undefined ? page : page.limit(limit).offset(offset), total };
    }
    if (limit === undefined) return { rows: ordered(filter(rowsOf())), total };
    const equal = equalities.map((name) => ({ name, column: col(name), value: query[name] as number }));
    const derivation = derivable && versions && bounds !== undefined ? derivationOf(base as AnyQuery, spec.index!, versions, equal, sortBy, order.id) : undefined;
    const known = bounds !== undefined && key ? await keptOrderPage(spec.index!.db, { table: snakeCase(spec.index!.table), stamp: bounds, key, filtered, order }, { offset, limit }, total, spec.index!.keptOrderRows ?? 0, derivation) : undefined;
    if (known) {
        return {
            get rows() {
                return ordered(rowsOf().where(known.length ? sql<boolean>`${col('id')} in (${sql.join(known)})` : sql<boolean>`1 = 0`));
            },
            total,
            keys: { ids: known, order, tableRows: derivation?.baseRows },
        };
    }
    const sought = bounds !== undefined && key ? await seekPageIds(spec.index!.db, bounds, key, filtered, order, { offset, limit }, total) : undefined;
    const keyed = sought ?? ordered(filtered.clearSelect().select([order.sort.as('k'), order.id.as('id')])).limit(limit).offset(offset);
    return {
        // Built when asked: a reader that joins the page's keys itself (listRecords) never pays for the joined query.
        get rows() {
            const pageIds = sql`select ${sql.ref('page.id')} from ${keyed.as('page')}`;
            return ordered(rowsOf().where(sql<boolean>`${col('id')} in (${pageIds})`));
        },
        total,
        keys: { rows: keyed, order },
    };
}

/**
 * A page's rows for a reader that joins the page itself: their sort value `k` and `id` in list order, as a query,
 * or their ids when the list's order is kept in memory (with the unfiltered list's rows, when a filtered one knows them).
 */
export type PageKeys = { rows: AnyQuery; order: ListOrder } | { ids: number[]; order: ListOrder; tableRows?: number };

/** What one kept answer holds: the versions it was read at, and its size in rows (what the cache bounds). */
interface Kept<T> {
    versions: string;
    value: T;
    rows: number;
}

/**
 * List answers kept while no table they read has moved. Every write to those tables bumps their `list_state`
 * version in the write's own transaction (triggers, so every writer is seen, other processes and servers too),
 * so one indexed read of the versions per request decides whether a kept answer still stands. The versions are
 * read before the answer is built: a write that lands in between gives the answer newer rows than its versions
 * say, and it is only read again. An answer depends on the query alone (never on who asks: access is decided
 * before, and nothing a list answers is narrowed per caller), so the key is the normalized query.
 * A table without a `list_state` row has no version to trust: nothing is kept then. The bound is small (20 pages
 * of 100 per list): the pages people read again are the first few of each sort and filter, and a larger store
 * held more of the heap, which let V8 leave more garbage behind while bare lists stream (on the loaded bench
 * machine RSS grew 187 MB at 20,000 rows, 80–100 MB at 2,000, about what it grew with nothing kept).
 * The first table is the list's own: the same read takes its rows' and columns' versions, which `read` is given,
 * so that a page read afresh checks its kept total without a round trip of its own.
 */
export function keptAnswers<T>(db: Kysely<any>, tables: string[], maxRows = 2_000) { // eslint-disable-line @typescript-eslint/no-explicit-any
    const names = [...new Set(tables.map(snakeCase))].sort();
    const own = snakeCase(tables[0]);
    // 'products.': how the names of its columns' rows start (columnVersionName). SQLite compares text by its bytes,
    // so they are the range from 'products.' to 'products/', read on the key's index (its substr() read every
    // row, twice the time); PostgreSQL's order is its collation's, which need not keep them together.
    const columnsOf = `${own}.`;
    const ofColumns = isPostgres(db)
        ? sql`substr(table_name, 1, ${columnsOf.length}) = ${columnsOf}`
        : sql`(table_name > ${columnsOf} and table_name < ${`${own}/`})`;
    const versionsQuery = sql<VersionRow>`select table_name as name, version from list_state
        where table_name in (${sql.join(names)}) or table_name = ${rowsVersionName(own)} or ${ofColumns}
        order by table_name`.compile(db);
    keepPrepared(versionsQuery.sql);
    const kept = new Map<string, Kept<T>>();
    let keptRows = 0;

    const drop = (key: string) => {
        const entry = kept.get(key);
        if (!entry) return;
        kept.delete(key);
        keptRows -= entry.rows;
    };

    /**
     * The tables' versions as one string (undefined when one of them has no `list_state` row) and every row read;
     * requests that arrive together share one read, sent after the last of them arrived (coalescedReads).
     */
    const versionsNow = coalescedReads(async (_: void): Promise<{ versions?: string; rows: VersionRow[] }> => {
        const { rows } = await db.executeQuery(versionsQuery);
        const tablesRows = rows.filter((row) => names.includes(row.name));
        const versions = tablesRows.length === names.length ? tablesRows.map((row) => `${row.name}:${row.version}`).join(',') : undefined;
        return { versions, rows };
    });

    // Versions reads started for a request before its handler ran (readAhead), each taken once by `answer`.
    const readsAhead = new WeakMap<object, ReturnType<typeof versionsNow>>();

    return {
        /**
         * Starts `asker`'s versions read now, to be sent with its session lookup (one round trip where there were
         * two, one after the other). The read is the same for whoever asks; an asker turned away never takes it.
         */
        readAhead(asker: object) {
            versionReads.ahead++;
            const ahead = versionsNow();
            ahead.catch(() => undefined); // taken, and its failure met, by `answer`
            readsAhead.set(asker, ahead);
        },

        /**
         * The kept answer for `key` when the tables still stand at its versions, else `read()`'s, kept.
         * `rows` says how big an answer is; answers too big to keep are simply not kept. `asker`: whose read
         * may have been started ahead.
         */
        async answer(key: string, read: (versions?: VersionRow[]) => Promise<T>, rows: (value: T) => number, asker?: object): Promise<T> {
            const ahead = asker && readsAhead.get(asker);
            if (asker) readsAhead.delete(asker);
            if (!ahead) versionReads.onArrival++;
            const { versions, rows: versionRows } = await (ahead || versionsNow());
            if (versions === undefined) return read();
            const entry = kept.get(key);
            if (entry && entry.versions === versions) {
                // Most recently used last: the oldest are dropped first.
                kept.delete(key);
                kept.set(key, entry);
                return entry.value;
            }
            const value = await read(versionRows);
            const size = Math.max(1, rows(value));
            drop(key);
            if (size > maxRows / 4 || !maxRows) return value;
            while (keptRows + size > maxRows && kept.size) drop(kept.keys().next().value!);
            kept.set(key, { versions, value, rows: size });
            keptRows += size;
            return value;
        },
    };
}

/** A list query as a cache key: its parameters in a fixed order, so the same question is the same key. */
export const queryKey = (query: Record<string, unknown>) =>
    JSON.stringify(Object.keys(query).sort().map((name) => [name, query[name]]));
