import { type Kysely, type SelectQueryBuilder } from 'kysely';
import { inListOrder, type ListOrder } from './listOrder';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * The ski-rental rule for what is read whole into memory: a page answered the slow way costs about what reading
 * this many rows whole does, and a deep page read by plain offset (its boundaries not read yet, as after a write to
 * the sort column) an eighth of the rows it skips besides (measured on 100,000 products on SQLite: a page's seek
 * joined to its row versions 0.3–0.5 ms, its versions alone 0.15 ms; the ids of every row in a sort's order 35–55
 * ms, every row version of a table 61–83 ms; counting a sort's index, 0.06 µs an entry). Once a list's pages have
 * cost, at one stamp, what reading it whole does, it is read, so a list that keeps moving never spends much more on
 * reading than it would have on its pages.
 */
const ROWS_A_PAGE_SAVES = 400;
const SKIPPED_A_ROW_READ = 8;

/** Keys followed per database and kind (lists by filter and sort; tables), the least recently used dropped first. */
const MAX_KEYS = 200;

/** Something read whole at one stamp, or still being paid for by the pages answered without it. */
interface Kept<T> {
    stamp: string;
    /** What the pages answered without it at this stamp cost, in rows read whole. */
    missed: number;
    reading?: Promise<unknown>;
    value?: T;
    rows: number;
}

/** How many pages were answered from an order and versions in memory, and how many of each were read whole (what the tests check). */
export const keptOrderCounts = { served: 0, ordersRead: 0, versionsRead: 0 };

/**
 * Things read whole, per database, by key (most recently used last), at most `maxRows` rows all told: the least
 * recently used are dropped first, and a thing larger than a quarter of the budget is never read.
 */
function keptWhole<T>() {
    const byDb = new WeakMap<object, Map<string, Kept<T>>>();
    const rowsOf = (cache: Map<string, Kept<T>>) => [...cache.values()].reduce((sum, entry) => sum + (entry.value ? entry.rows : 0), 0);

    /**
     * The value kept for `key` at `stamp`, or undefined: then this page's `cost` (in rows read whole) counts
     * towards reading it (`read`, which runs beside the requests; they go on the slow way until it is done),
     * `rows` being what it would hold.
     */
    return (db: object, key: string, stamp: string, rows: number, cost: number, maxRows: number, read: () => Promise<T>, counted: () => void): T | undefined => {
        let cache = byDb.get(db);
        if (!cache) byDb.set(db, (cache = new Map()));
        const entry = cache.get(key) ?? { stamp, missed: 0, rows };
        cache.delete(key);
        cache.set(key, entry);
        if (entry.value !== undefined && entry.stamp === stamp) return entry.value;
        if (entry.stamp !== stamp) Object.assign(entry, { stamp, missed: 0, value: undefined });
        if (cache.size > MAX_KEYS) cache.delete(cache.keys().next().value!);
        entry.missed += cost;
        if (entry.reading || rows > maxRows / 4 || entry.missed < rows) return undefined;
        entry.reading = read()
            .then((value) => {
                counted();
                // Only while the stamp it was read for stands: once a write has moved it, what was read may be of either side of it.
                if (entry.stamp !== stamp) return;
                Object.assign(entry, { value, rows });
                for (const [other, kept] of cache) {
                    if (rowsOf(cache) <= maxRows) break;
                    if (kept !== entry) cache.delete(other);
                }
            })
            .catch(() => (entry.missed = 0))
            .then(() => (entry.reading = undefined));
        return undefined;
    };
}

const orders = keptWhole<Float64Array>();
/** A table's row versions, by id going up: 16 bytes a row (a Map of them took 37), looked up by halving. */
const versions = keptWhole<{ ids: Float64Array; versions: Float64Array }>();

/** Where `id` is in `ids` (going up), or -1. */
function at(ids: Float64Array, id: number): number {
    let [low, high] = [0, ids.length - 1];
    while (low <= high) {
        const middle = (low + high) >>> 1;
        if (ids[middle] === id) return middle;
        if (ids[middle] < id) low = middle + 1;
        else high = middle - 1;
    }
    return -1;
}

/**
 * A page's ids from the list's whole order kept in memory, or undefined while it is not kept at `stamp` (the
 * versions its page boundaries follow: the table's rows and the columns it filters and sorts by). The order is
 * kept going up, (sort, id); a list going down is the same read backwards (listOrder.ts), so both directions
 * share it. `filtered`: the table alone with the list's filters; `key` says which filters.
 */
export function keptOrderPage(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    stamp: string,
    key: string,
    filtered: AnyQuery,
    order: ListOrder,
    { offset, limit }: { offset: number; limit: number },
    total: number,
    maxRows: number,
): number[] | undefined {
    if (!maxRows) return undefined;
    const up = { ...order, descending: false };
    const read = async () => {
        const rows = (await db.executeQuery(inListOrder(filtered.clearSelect().clearOrderBy().select(order.id.as('id')), up).compile())).rows as Array<{ id: number }>;
        return Float64Array.from(rows, ({ id }) => Number(id));
    };
    const ids = orders(db, `${key}\u0000${order.column}`, stamp, total, ROWS_A_PAGE_SAVES + Math.min(offset, total) / SKIPPED_A_ROW_READ, maxRows, read, () => keptOrderCounts.ordersRead++);
    if (!ids) return undefined;
    keptOrderCounts.served++;
    const count = Math.max(0, Math.min(limit, ids.length - offset));
    return Array.from({ length: count }, (_, at) => ids[order.descending ? ids.length - 1 - offset - at : offset + at]);
}

/**
 * The row versions (server/db/rowVersions.ts) of `ids`: from the table's versions kept in memory at `tableVersion`
 * (its `list_state` version, which every write to it moves), else looked up, and the lookup counts towards reading
 * them whole. `rows`: about how many rows the table has.
 */
export async function rowVersionsOf(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    tableName: string,
    tableVersion: string,
    ids: number[],
    rows: number,
    maxRows: number,
): Promise<Map<number, number>> {
    const read = async () => {
        const all = await db.selectFrom('rowVersions').select(['rowId', 'version']).where('tableName', '=', tableName).orderBy('rowId').execute();
        return { ids: Float64Array.from(all, ({ rowId }) => Number(rowId)), versions: Float64Array.from(all, ({ version }) => Number(version)) };
    };
    const kept = maxRows ? versions(db, tableName, tableVersion, rows, ROWS_A_PAGE_SAVES, maxRows, read, () => keptOrderCounts.versionsRead++) : undefined;
    if (kept) {
        const found = ids.map((id) => [id, at(kept.ids, id)] as const).filter(([, place]) => place >= 0);
        return new Map(found.map(([id, place]) => [id, kept.versions[place]]));
    }
    if (!ids.length) return new Map();
    const found = await db.selectFrom('rowVersions').select(['rowId', 'version']).where('tableName', '=', tableName).where('rowId', 'in', ids).execute();
    return new Map(found.map(({ rowId, version }) => [Number(rowId), Number(version)]));
}
