// Keeps lists' totals by count query (500 at most) and each table's text index; forgets a total when a write moves the versions it follows (its table's rows, the columns it reads).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnVersionName, rowsVersionName } from '../../../db/listIndexes';
import { snakeCase } from '../../../db/sqlName';
import { counterOf, type AnyQuery } from '../repository';
import type { Derivation } from './derivedOrders';
import type { VersionRow } from './keptAnswers';

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

/** The table's text index once a count has read it from its `list_state` row ('fts5': SQLite's trigrams). */
export function textIndexOf(index: ListIndex) {
    const name = textIndexes.get(index.db)?.get(index.table);
    return name ? { name, table: index.table } : undefined;
}

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

/** Per database and table: its text index once known ('none' when the table has no `list_state` row). */
const textIndexes = new WeakMap<object, Map<string, string>>();

/** What a list's total and page boundaries follow: the `list_state` rows of the table and of the columns it reads. */
export interface Followed {
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
export function stampsOf(rows: VersionRow[], followed: Followed) {
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
export function followedBy(index: ListIndex, reads: string[], sortBy: string): Followed {
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
export async function countOf(
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
export function derivationOf(
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
