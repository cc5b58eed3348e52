// Keeps lists' whole orders and tables' row versions in memory (LIST_KEPT_ORDER_ROWS); forgets an order when a write moves the versions it follows (an order by a number and the row versions are brought up to date instead).
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { derivedPage, type Derivation } from './derivedOrders';
import { keptWhole } from './keptWhole';
import type { ListOrder } from '../listOrder';
import { readOrder, updatedOrder, type WholeOrder } from './wholeOrder';
import { readRowVersions, rowVersionsSince, type RowVersions } from '../../../db/rowVersions';

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

/** How many pages were answered from an order and versions in memory (`waited`: after waiting for their order to be brought up to date), and how many of each were read whole or brought up to date (what the tests check). */
export const keptOrderCounts = { served: 0, waited: 0, ordersRead: 0, ordersUpdated: 0, versionsRead: 0, versionsUpdated: 0 };

const orders = keptWhole<WholeOrder>();
/** A table's row versions, by id going up: 16 bytes a row (a Map of them took 37), looked up by halving. */
const versions = keptWhole<RowVersions>();

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
 * share it. `filtered`: the table alone with the list's filters; `key` says which filters. `derivation`, for a
 * list filtered by equalities only: what its pages can be taken from instead (derivedOrders.ts).
 */
export async function keptOrderPage(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    { table, stamp, key, filtered, order }: { table: string; stamp: string; key: string; filtered: AnyQuery; order: ListOrder },
    { offset, limit }: { offset: number; limit: number },
    total: number,
    maxRows: number,
    derivation?: Derivation,
): Promise<number[] | undefined> {
    if (!maxRows) return undefined;
    const cost = ROWS_A_PAGE_SAVES + Math.min(offset, total) / SKIPPED_A_ROW_READ;
    let placed: Promise<unknown> | undefined;
    const whole = (list: AnyQuery, listKey: string, listStamp: string, rows: number) => {
        const orderKey = `${listKey}\u0000${order.column}`;
        const ask = {
            cost,
            worth: rows,
            rows,
            maxRows,
            read: () => readOrder(db, table, list, order),
            update: (old: WholeOrder) => (old.keys ? updatedOrder(db, table, list, order, old) : undefined),
            done: (updated: boolean) => keptOrderCounts[updated ? 'ordersUpdated' : 'ordersRead']++,
        };
        const kept = orders(db, orderKey, listStamp, ask);
        placed ??= kept ? undefined : orders.updating(db, orderKey, listStamp);
        return kept?.ids;
    };
    const fromWhole = () => {
        const ids = whole(filtered, key, stamp, total);
        if (!ids) return undefined;
        const count = Math.max(0, Math.min(limit, ids.length - offset));
        return Array.from({ length: count }, (_, at) => ids[order.descending ? ids.length - 1 - offset - at : offset + at]);
    };
    const fromDerived = (from: Derivation) =>
        derivedPage(db, { key: `${key}\u0000${order.column}`, sort: order.column, stamp, derivation: from, descending: order.descending }, { offset, limit, total, cost, maxRows }, () =>
            whole(from.base, from.baseKey, from.baseStamp, from.baseRows),
        );
    const page = () => {
        const ids = (derivation && fromDerived(derivation)) ?? fromWhole();
        if (ids) keptOrderCounts.served++;
        return ids;
    };
    const first = page();
    if (first || !placed) return first;
    // The order this page needs is being brought up to date for its stamp: a millisecond or two, where a page the
    // slow way (a filter's rows sorted) would take several, and on SQLite hold up every request meanwhile.
    await placed;
    keptOrderCounts.waited++;
    return page();
}

/**
 * `kept` with the versions written since: both by id going up, merged. Runs after every write to a table whose
 * versions are kept, so it allocates nothing per row: where no row is new (an update, the usual write) the ids are
 * shared and only the versions copied, which is a copy of memory.
 */
function merged(kept: RowVersions, since: RowVersions): RowVersions {
    const places = Array.from(since.ids, (id) => at(kept.ids, id));
    if (places.every((place) => place >= 0)) {
        const versions = kept.versions.slice();
        places.forEach((place, i) => (versions[place] = since.versions[i]));
        return { ids: kept.ids, versions, since: since.since };
    }
    const length = kept.ids.length + places.filter((place) => place < 0).length;
    const [ids, versions] = [new Float64Array(length), new Float64Array(length)];
    for (let [from, next, to] = [0, 0, 0]; to < length; to++) {
        if (next >= since.ids.length || (from < kept.ids.length && kept.ids[from] < since.ids[next])) {
            ids[to] = kept.ids[from];
            versions[to] = kept.versions[from++];
            continue;
        }
        if (kept.ids[from] === since.ids[next]) from++;
        ids[to] = since.ids[next];
        versions[to] = since.versions[next++];
    }
    return { ids, versions, since: since.since };
}

/**
 * The row versions (server/db/rowVersions.ts) of `ids`: from the table's versions kept in memory at `tableVersion`
 * (its `list_state` version, which every write to it moves), else looked up, and the lookup counts towards reading
 * them whole. Once read, a write has them brought up to date by reading the rows written since, not every row
 * again. `rows`: about how many rows the table has.
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
    const ofTable = () => db.selectFrom('rowVersions').select(['rowId', 'version']).where('tableName', '=', tableName);
    const ask = {
        cost: ROWS_A_PAGE_SAVES,
        worth: rows,
        rows,
        maxRows,
        read: () => readRowVersions(db, tableName),
        update: async (kept: RowVersions) => merged(kept, await rowVersionsSince(db, tableName, kept.since)),
        done: (updated: boolean) => keptOrderCounts[updated ? 'versionsUpdated' : 'versionsRead']++,
    };
    const kept = maxRows ? versions(db, tableName, tableVersion, ask) : undefined;
    if (kept) {
        const found = ids.map((id) => [id, at(kept.ids, id)] as const).filter(([, place]) => place >= 0);
        return new Map(found.map(([id, place]) => [id, kept.versions[place]]));
    }
    if (!ids.length) return new Map();
    const found = await ofTable().where('rowId', 'in', ids).execute();
    return new Map(found.map(({ rowId, version }) => [Number(rowId), Number(version)]));
}
