import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { isPostgres } from '../db/dialect';

/**
 * Rows between two remembered page boundaries: a deep page seeks to the nearest boundary on the sort's index and
 * skips at most this many entries from there, so the last page costs about what the first does.
 */
export const SEEK_STEP = 500;
/** Boundary sets kept per database (one per sort, direction and filter read deeply; about 200 keys each at 100,000 rows). */
const MAX_KEPT = 200;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** A row's place in the order: its sort value and its id. */
interface Key {
    k: unknown;
    id: number;
}

/**
 * The boundaries of one ordered, filtered list at one `list_state` version: `keys[i]` is the row at rank
 * (i + 1) × SEEK_STEP − 1; `total` rows in all, `nulls` of them without a sort value (they sort first or last
 * by the database's rule, as one run ordered by id).
 */
interface Boundaries {
    total: number;
    nulls: number;
    keys: Key[];
}

/** How a list is ordered: by `sort` (then id the same way), or by id alone. */
export interface SeekOrder {
    /** The sort's name, part of what the boundaries are kept by. */
    column: string;
    sort: RawBuilder<unknown>;
    id: RawBuilder<unknown>;
    byId: boolean;
    descending: boolean;
}

/** Per database: boundary sets by filter and order, each with the version it was read at (a read in flight is shared). */
const kept = new WeakMap<object, Map<string, { version: number; ready: Promise<Boundaries> }>>();

/**
 * The query of a deep page's ids as a seek from the nearest remembered boundary, or undefined when a plain
 * offset serves as well (a page near the start, or the one page that spans the sorted values and the rows
 * without one). The boundaries are read once per version of the table (one pass of the sort's index, shared by
 * the requests that arrive meanwhile) and read again after any write moves it, on this or any other instance:
 * the version is in the database. `filtered` is the table alone with the list's filters, `key` says which filters.
 */
export async function seekPageIds(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    version: number,
    key: string,
    filtered: AnyQuery,
    order: SeekOrder,
    page: { offset: number; limit: number },
): Promise<AnyQuery | undefined> {
    if (page.offset < SEEK_STEP) return undefined;
    const bounds = await boundariesOf(db, `${key}\u0000${order.column}\u0000${order.descending}`, version, () => readBoundaries(db, filtered, order));
    const seek = seekFrom(bounds, page, nullsFirst(db, order.descending));
    if (!seek) return undefined;
    const ids = filtered.clearSelect().clearOrderBy().select(order.id.as('id')).where(afterKey(order, seek));
    const direction = order.descending ? sql`desc` : sql`asc`;
    const sorted = order.byId ? ids.orderBy(sql`${order.id} ${direction}`) : ids.orderBy(sql`${order.sort} ${direction}`).orderBy(sql`${order.id} ${direction}`);
    return sorted.limit(page.limit).offset(seek.skip);
}

/** SQLite sorts rows without a value first going up and last going down; PostgreSQL the other way round. */
const nullsFirst = (db: Kysely<unknown>, descending: boolean) => (isPostgres(db) ? descending : !descending);

async function boundariesOf(db: object, key: string, version: number, read: () => Promise<Boundaries>): Promise<Boundaries> {
    let cache = kept.get(db);
    if (!cache) kept.set(db, (cache = new Map()));
    const entry = cache.get(key);
    if (entry && entry.version === version) {
        cache.delete(key);
        cache.set(key, entry);
        return entry.ready;
    }
    const ready = read();
    const fresh = { version, ready };
    cache.delete(key);
    cache.set(key, fresh);
    if (cache.size > MAX_KEPT) cache.delete(cache.keys().next().value!);
    ready.catch(() => cache.get(key) === fresh && cache.delete(key));
    return ready;
}

/** One pass of the ordered index: every SEEK_STEP-th row's key, and how many rows there are, with and without a value. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function readBoundaries(db: Kysely<any>, filtered: AnyQuery, order: SeekOrder): Promise<Boundaries> {
    const direction = order.descending ? sql`desc` : sql`asc`;
    const byKey = order.byId ? sql`${order.id} ${direction}` : sql`${order.sort} ${direction}, ${order.id} ${direction}`;
    const numbered = filtered
        .clearSelect()
        .clearOrderBy()
        .select([order.sort.as('k'), order.id.as('id'), sql<number>`row_number() over (order by ${byKey})`.as('rn')]);
    const every = db.selectFrom(numbered.as('numbered')).select(['k', 'id']).where(sql`rn % ${SEEK_STEP}`, '=', 0).orderBy('rn');
    const counted = filtered.clearSelect().clearOrderBy().select([sql<number>`count(*)`.as('total'), sql<number>`count(${order.sort})`.as('valued')]);
    const [rows, counts] = await Promise.all([every.execute(), counted.executeTakeFirstOrThrow()]);
    const { total, valued } = counts as { total: number; valued: number };
    return { total: Number(total), nulls: Number(total) - Number(valued), keys: (rows as Key[]).map(({ k, id }) => ({ k, id: Number(id) })) };
}

/** Where a page starts: after which boundary (none: at its run's start), in which run, and how many rows on from there. */
interface Seek {
    nulls: boolean;
    after?: Key;
    skip: number;
}

/**
 * The seek for rows [offset, offset + limit): from the last boundary before `offset` in the same run (the rows
 * with a sort value, or those without), or from that run's start. Undefined for a page that spans both runs.
 */
function seekFrom(bounds: Boundaries, { offset, limit }: { offset: number; limit: number }, nullsAtStart: boolean): Seek | undefined {
    const { total, nulls } = bounds;
    const nullStart = nullsAtStart ? 0 : total - nulls;
    const inNulls = nulls > 0 && offset >= nullStart && offset < nullStart + nulls;
    const [start, end] = inNulls ? [nullStart, nullStart + nulls] : nullsAtStart ? [nulls, total] : [0, total - nulls];
    if (offset >= total) return { nulls: false, after: bounds.keys.at(-1), skip: offset }; // past the end: nothing, found at once
    if (offset + limit > end && end < total) return undefined;
    const before = Math.floor(offset / SEEK_STEP) - 1;
    const rank = (before + 1) * SEEK_STEP - 1;
    if (before >= 0 && rank >= start) return { nulls: inNulls, after: bounds.keys[before], skip: offset - rank - 1 };
    return { nulls: inNulls, skip: offset - start };
}

/**
 * The rows after a boundary, as one range of the sort's index: a row value compared with the boundary's
 * (the order is (sort, id) both up or both down, so the index serves it either way), or, among rows without a
 * sort value, the ids past the boundary's.
 */
function afterKey(order: SeekOrder, { nulls, after }: Seek): RawBuilder<boolean> {
    const beyond = order.descending ? sql`<` : sql`>`;
    if (nulls) return after ? sql`${order.sort} is null and ${order.id} ${beyond} ${after.id}` : sql`${order.sort} is null`;
    if (!after) return sql`${order.sort} is not null`;
    if (order.byId) return sql`${order.id} ${beyond} ${after.id}`;
    return sql`(${order.sort}, ${order.id}) ${beyond} (${after.k}, ${after.id})`;
}
