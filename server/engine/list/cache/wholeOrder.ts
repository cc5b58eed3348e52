// Keeps nothing itself, so forgets nothing: reads a list's whole order, and brings one up to date after a write, for keptOrders.ts.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isPostgres } from '../../../db/dialect';
import { rowVersionsMark, rowVersionsSince } from '../../../db/rowVersions';
import { inListOrder, type ListOrder } from '../listOrder';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * A list's whole order in memory (keptOrders.ts): its ids going up by (sort, id); their sort values where every one
 * is a number (NaN for none), which lets a write be placed in memory; and where the rows written since are read from.
 */
export interface WholeOrder {
    ids: Float64Array;
    keys?: Float64Array;
    since: string;
}

/** Beyond this many rows written since, the order is read whole again rather than brought up to date. */
const MOST_PLACED = 1_000;

/** A value as a number the database compares as JS does (NaN for none), or undefined: a text, a long decimal. */
export function numberOf(value: unknown): number | undefined {
    if (value === null) return NaN;
    if (typeof value === 'number') return value;
    return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** The order's ids and sort values of `filtered` (every row, or those of `ids`), going up. */
async function keysOf(db: Kysely<unknown>, filtered: AnyQuery, order: ListOrder, ids?: number[]) {
    let select = filtered.clearSelect().clearOrderBy().select([order.id.as('id'), order.sort.as('k')]);
    if (ids) select = select.where(sql<boolean>`${order.id} in (${sql.join(ids)})`);
    const { rows } = await db.executeQuery(inListOrder(select, { ...order, descending: false }).compile());
    const keys = (rows as Array<{ id: unknown; k: unknown }>).map(({ id, k }) => ({ id: Number(id), key: numberOf(k) }));
    return { ids: keys.map(({ id }) => id), keys: keys.every(({ key }) => key !== undefined) ? keys.map(({ key }) => key!) : undefined };
}

/** `table`'s list in `order`, read whole (`table`: its name in SQL, whose row versions say what is written since). */
export async function readOrder(db: Kysely<unknown>, table: string, filtered: AnyQuery, order: ListOrder): Promise<WholeOrder> {
    // Marked before the read: a write the read already saw is only placed again.
    const since = await rowVersionsMark(db, table);
    const read = await keysOf(db, filtered, order);
    return { ids: Float64Array.from(read.ids), keys: read.keys && Float64Array.from(read.keys), since };
}

/**
 * `old` brought up to date by the rows written since: each taken out and, while it is in the list, placed again by
 * its sort value (the database's order of numbers: ties by id, no value first on SQLite and last on PostgreSQL).
 * Read whole instead where a sort value written is not a number, or many rows moved; `old` must have its sort
 * values (an order by a text has none: its order is the collation's, not JS's).
 */
export async function updatedOrder(db: Kysely<unknown>, table: string, filtered: AnyQuery, order: ListOrder, old: WholeOrder): Promise<WholeOrder> {
    const written = await rowVersionsSince(db, table, old.since);
    if (written.ids.length > MOST_PLACED) return readOrder(db, table, filtered, order);
    const fresh = written.ids.length ? await keysOf(db, filtered, order, [...written.ids]) : { ids: [], keys: [] };
    if (!fresh.keys) return readOrder(db, table, filtered, order);
    return { ...merged(old, new Set(written.ids), { ids: fresh.ids, keys: fresh.keys }, isPostgres(db)), since: written.since };
}

/**
 * `old` without the rows of `moved`, with `fresh` (going up) placed among them. Runs after every write to the list's
 * table, over every row of the order: it allocates nothing per row.
 */
function merged(old: WholeOrder, moved: Set<number>, fresh: { ids: number[]; keys: number[] }, nullsLast: boolean) {
    const none = nullsLast ? Infinity : -Infinity;
    const rank = (key: number) => (Number.isNaN(key) ? none : key);
    // Before: lower sort value, or the same (Infinity - Infinity is NaN, which || passes over) and a lower id.
    const before = (keyA: number, idA: number, keyB: number, idB: number) => (rank(keyA) - rank(keyB) || idA - idB) < 0;
    const oldKeys = old.keys!;
    // At most every old row and every fresh one; cut to the rows placed.
    const [ids, keys] = [new Float64Array(old.ids.length + fresh.ids.length), new Float64Array(old.ids.length + fresh.ids.length)];
    let [from, next, to] = [0, 0, 0];
    for (;;) {
        while (from < old.ids.length && moved.has(old.ids[from])) from++;
        const oldLeft = from < old.ids.length;
        const freshLeft = next < fresh.ids.length;
        if (!oldLeft && !freshLeft) break;
        if (oldLeft && (!freshLeft || before(oldKeys[from], old.ids[from], fresh.keys[next], fresh.ids[next]))) {
            ids[to] = old.ids[from];
            keys[to++] = oldKeys[from++];
        } else {
            ids[to] = fresh.ids[next];
            keys[to++] = fresh.keys[next++];
        }
    }
    return to === ids.length ? { ids, keys } : { ids: ids.slice(0, to), keys: keys.slice(0, to) };
}
