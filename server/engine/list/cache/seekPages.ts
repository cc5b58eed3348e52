// Keeps lists' page boundaries (every SEEK_STEP-th row's sort key) by filter and order; forgets them when a write moves the versions they follow.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { isPostgres } from '../../../db/dialect';
import { keptWhole } from './keptWhole';
import { inListOrder, orderTerms, type ListOrder } from '../listOrder';

/**
 * Rows between two remembered page boundaries: a deep page seeks to the nearest boundary on the sort's index and
 * skips at most this many entries from there, so the last page costs about what the first does.
 */
export const SEEK_STEP = 500;

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

/**
 * When boundaries are worth reading (the ski-rental rule): once the deep pages read by plain offset at one version
 * have skipped, all told, as many index entries as reading the boundaries costs, so a list that writes keep moving
 * never spends much more on boundaries than on its pages, and one read at rest soon seeks. Reading them is one
 * pass over the list's rows, which costs this many skipped entries per row: measured on 100,000 products, SQLite's
 * window pass took 76 ms where counting the same index took 6 ms; PostgreSQL's is nearer a plain scan.
 */
const readCost = (db: Kysely<unknown>) => (isPostgres(db) ? 2 : 10);

/** The lists' boundaries by filter and order, at the stamps of the versions they follow. */
const kept = keptWhole<Boundaries>();

/** How many deep pages this process answered by a seek, and how many boundary sets it read (what the seek test checks). */
export const seekCounts = { sought: 0, read: 0 };

/**
 * The query of a deep page's rows (their sort value `k` and `id`, in list order) as a seek from the nearest
 * remembered boundary, or undefined when a plain offset serves (a page near the start; a list whose boundaries are
 * not read yet at this version; the one page that spans the sorted values and the rows without one). Boundaries are kept with `version`, the stamp of the
 * `list_state` versions they follow (list.ts: the table's, or those of the rows and of the columns the list
 * reads), and read afresh after a write moves it, on this instance or any other: the versions are in the
 * database. `filtered` is the table alone with the list's filters, `key` says which filters.
 */
export async function seekPageIds(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    version: string,
    key: string,
    filtered: AnyQuery,
    order: ListOrder,
    page: { offset: number; limit: number },
    total: number,
): Promise<AnyQuery | undefined> {
    if (page.offset < SEEK_STEP) return undefined;
    const bounds = kept(db, `${key}\u0000${order.column}\u0000${order.descending}`, version, {
        cost: Math.min(page.offset, total),
        worth: total * readCost(db),
        read: () => readBoundaries(db, filtered, order),
        done: () => seekCounts.read++,
    });
    if (!bounds) return undefined;
    const seek = seekFrom(bounds, page, nullsFirst(db, order.descending));
    if (!seek) return undefined;
    seekCounts.sought++;
    return rowsAfter(db, filtered, order, seek, page.limit);
}

/** SQLite sorts rows without a value first going up and last going down; PostgreSQL the other way round. */
const nullsFirst = (db: Kysely<unknown>, descending: boolean) => (isPostgres(db) ? descending : !descending);

/**
 * Every SEEK_STEP-th row's key, and how many rows there are, with and without a sort value, read in one
 * transaction so both are of the same rows. PostgreSQL numbers the rows in one pass of the sort's index; on
 * SQLite, where that window pass costs many times what seeks do (156 ms for 100,000 products by price; each
 * seek's statement 0.05–0.06 ms, up to three a boundary, measured), each boundary is sought from the one before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function readBoundaries(db: Kysely<any>, filtered: AnyQuery, order: ListOrder): Promise<Boundaries> {
    const counted = filtered.clearSelect().clearOrderBy().select([sql<number>`count(*)`.as('total'), sql<number>`count(${order.sort})`.as('valued')]);
    // SQLite's transaction reads one snapshot already; PostgreSQL's needs asking.
    const transaction = isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
    return transaction.execute(async (trx) => {
        const counts = (await trx.executeQuery(counted.compile())).rows[0] as { total: number; valued: number };
        const total = Number(counts.total);
        const bounds: Boundaries = { total, nulls: total - Number(counts.valued), keys: [] };
        if (isPostgres(db)) {
            const numbered = filtered.clearSelect().clearOrderBy().select([order.sort.as('k'), order.id.as('id'), sql<number>`row_number() over (order by ${orderTerms(order)})`.as('rn')]);
            const rows = (await trx.selectFrom(numbered.as('numbered')).select(['k', 'id', 'rn']).where(sql<boolean>`rn % ${SEEK_STEP} = 0`).execute()) as Array<Key & { rn: number }>;
            bounds.keys = [...rows].sort((a, b) => Number(a.rn) - Number(b.rn)).map(({ k, id }) => ({ k, id: Number(id) }));
            return bounds;
        }
        for (let rank = SEEK_STEP - 1; rank < total; rank += SEEK_STEP) {
            // The keys found so far are the boundaries this seek starts from, as a page's would.
            const row = await boundaryAt(trx, filtered, order, seekFrom(bounds, { offset: rank, limit: 1 }, nullsFirst(db, order.descending))!);
            bounds.keys.push({ k: row.k, id: Number(row.id) });
        }
        return bounds;
    });
}

/**
 * The row `skip` rows past a boundary, on SQLite: among its ties (same value, later id) first, else among the
 * values beyond, each one range of the sort's index read in order. A page's seek (rowsAfter) merges both in one
 * statement, which sorts what it merges.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function boundaryAt(trx: Kysely<any>, filtered: AnyQuery, order: ListOrder, seek: Seek): Promise<Key> {
    const read = async (query: AnyQuery) => (await trx.executeQuery(query.compile())).rows as Key[];
    const { after, skip } = seek;
    if (seek.nulls || !after || order.column === 'id') return (await read(rowsAfter(trx, filtered, order, seek, 1)))[0];
    const { ties, past } = rangesAfter(filtered, order, after);
    const [tie] = await read(ties.limit(1).offset(skip));
    if (tie) return tie;
    // Fewer ties than `skip`: counted, without bringing them over, and the rest skipped among the values beyond.
    const [{ n }] = (await trx.executeQuery(trx.selectFrom(ties.limit(skip).as('ties')).select(sql<number>`count(*)`.as('n')).compile())).rows as Array<{ n: number }>;
    return (await read(past.limit(1).offset(skip - Number(n))))[0];
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
 * A seek's rows in list order (`k`, `id`): `take` of them, `skip` past its boundary. Each part is one range of the
 * sort's index (rangesAfter) read only as far as the page goes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function rowsAfter(db: Kysely<any>, filtered: AnyQuery, order: ListOrder, { nulls, after, skip }: Seek, take: number): AnyQuery {
    const beyond = beyondIn(order);
    const range = (where: RawBuilder<boolean>) => indexRange(filtered, order, where).limit(take).offset(skip);
    if (nulls) return range(after ? sql`${order.sort} is null and ${order.id} ${beyond} ${after.id}` : sql`${order.sort} is null`);
    if (!after) return range(sql`${order.sort} is not null`);
    if (order.column === 'id') return range(sql`${order.id} ${beyond} ${after.id}`);
    const { ties, past } = rangesAfter(filtered, order, after);
    const both = db.selectFrom(ties.limit(skip + take).as('ties')).selectAll().unionAll(db.selectFrom(past.limit(skip + take).as('past')).selectAll());
    const byAlias = { ...order, sort: sql.ref('k'), id: sql.ref('id') };
    return inListOrder(db.selectFrom(both.as('after')).select(['k', 'id']), byAlias).limit(take).offset(skip);
}

/**
 * The two ranges of the sort's index after a boundary, in list order: its ties (same value, later id), then the
 * values beyond it.
 */
function rangesAfter(filtered: AnyQuery, order: ListOrder, after: Key): { ties: AnyQuery; past: AnyQuery } {
    const beyond = beyondIn(order);
    return {
        ties: indexRange(filtered, order, sql`${order.sort} = ${after.k} and ${order.id} ${beyond} ${after.id}`),
        past: indexRange(filtered, order, sql`${order.sort} ${beyond} ${after.k}`),
    };
}

/** The comparison that means "later in the list". */
const beyondIn = (order: ListOrder) => (order.descending ? sql`<` : sql`>`);

/**
 * The keys (`k`, `id`) of the list's rows that meet `where`, in list order: the order is (sort, id) both up or both
 * down, so one index serves either direction.
 */
const indexRange = (filtered: AnyQuery, order: ListOrder, where: RawBuilder<boolean>): AnyQuery =>
    inListOrder(filtered.clearSelect().clearOrderBy().select([order.sort.as('k'), order.id.as('id')]).where(where), order);
