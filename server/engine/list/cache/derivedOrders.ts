// Keeps filtered columns' values by id and filtered lists' marks in the whole order; forgets them when a write moves their column's or the whole order's versions.
import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import { keptWhole } from './keptWhole';
import { numberOf } from './wholeOrder';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * What a list filtered by equalities can take its order from: the same list without its filters, whose whole
 * order is kept (keptOrders.ts), and the values of the filtered columns by id. The database still decides the
 * order (its collation, its place for nulls); memory only leaves out the rows a filter does not match.
 */
export interface Derivation {
    /** The list without its filters: its key, the stamp of the versions its page boundaries follow, and its rows. */
    baseKey: string;
    baseStamp: string;
    base: AnyQuery;
    baseRows: number;
    /** The table's id column. */
    id: RawBuilder<unknown>;
    /** Each filter: its column, the whole number it must equal, and the stamp of the versions its values follow. */
    filters: Array<{ name: string; column: RawBuilder<unknown>; value: number; stamp: string }>;
}

/**
 * A column's values by id, as numbers (NaN for none): `dense[id - first]` where the ids leave few gaps, else a
 * Map; `mixed` when a value is not a whole number (a text, a decimal), where SQL's `=` is left to the database.
 */
interface ColumnValues {
    first: number;
    dense?: Float64Array;
    sparse?: Map<number, number>;
    mixed?: boolean;
}

/** How many pages of a list filtered by equalities were taken from the whole list's order, and how many columns were read (what the tests check). */
export const derivedCounts = { served: 0, marked: 0, columnsRead: 0 };

/**
 * Every MARK_STEP-th row of a filtered list is marked by its place in the whole order: a page starts at the
 * mark before it and steps through the whole order from there, past at most MARK_STEP + a page of matching rows.
 * So a filtered list keeps a fiftieth of its rows (keeping them all, the 396 lists of the bench's filters and
 * sorts held 2.4 million, and dropping and working them out again cost more than the pages). A list of less than
 * a twentieth of the whole marks every row instead: stepping would pass twenty rows or more for each of its own.
 */
const MARK_STEP = 50;
const FEW = 1 / 20;
/** Every how many rows a list of `total` rows out of `whole` is marked. */
const stepOf = (total: number, whole: number) => (total < whole * FEW ? 1 : MARK_STEP);

/** A filtered list's marks: `at[i]` is the place in `order` (the whole list's) of its row at rank i × `step`. */
interface Marks {
    order: Float64Array;
    at: Float64Array;
    step: number;
}

/** The marks of every value of one column, with how many rows each has: what the lists filtered by it alone read. */
type ValueMarks = Map<number, Marks & { total: number }>;

const columns = keptWhole<ColumnValues>();
const marks = keptWhole<Marks>();
const marksByValue = keptWhole<ValueMarks>();
/** Each whole order kept gets a number, so that marks taken from one are never read against another. */
const orderNumbers = new WeakMap<Float64Array, number>();
let lastOrderNumber = 0;

/** The values read, by id (`rows` by id going up). */
function valuesById(rows: Array<{ id: unknown; v: unknown }>): ColumnValues {
    const ids = rows.map(({ id }) => Number(id));
    const values = rows.map(({ v }) => numberOf(v));
    if (values.some((value) => value === undefined)) return { first: 0, mixed: true };
    const [first, last] = [ids[0] ?? 0, ids.at(-1) ?? 0];
    if (last - first < 2 * ids.length + 1024) {
        const dense = new Float64Array(last - first + 1).fill(NaN);
        ids.forEach((id, at) => (dense[id - first] = values[at]!));
        return { first, dense };
    }
    return { first, sparse: new Map(ids.map((id, at) => [id, values[at]!])) };
}

type Filter = { values: ColumnValues; value: number };

/** Whether a row (by id) matches every filter: a value out of range, none (NaN) or missing never equals one. */
function matcher(filters: Filter[]): (id: number) => boolean {
    const tests = filters.map(({ values: { first, dense, sparse }, value }) => (dense ? (id: number) => dense[id - first] === value : (id: number) => sparse!.get(id) === value));
    return tests.length === 1 ? tests[0] : (id) => tests.every((test) => test(id));
}

/** The marks of the rows of `order` every filter matches, or undefined when they are not `total` (the pieces were read on either side of a write). */
function marked(order: Float64Array, matches: (id: number) => boolean, total: number): Marks | undefined {
    const step = stepOf(total, order.length);
    const at = new Float64Array(Math.ceil(total / step));
    let rank = 0;
    for (let place = 0; place < order.length; place++) {
        if (!matches(order[place])) continue;
        if (rank === total) return undefined;
        if (rank % step === 0) at[rank / step] = place;
        rank++;
    }
    return rank === total ? { order, at, step } : undefined;
}

/**
 * The marks of every value of a column in `order`, in two passes: the rows of each value counted, then marked at
 * each value's step. After a write moves the whole order, the lists filtered by one column (a category each, a
 * status each) are marked again in one pass each for the column, not one each for every value.
 */
function markedByValue(order: Float64Array, { first, dense, sparse }: ColumnValues): ValueMarks {
    const valueOf = dense ? (id: number) => dense[id - first] : (id: number) => sparse!.get(id) ?? NaN;
    const totals = new Map<number, number>();
    for (const id of order) {
        const value = valueOf(id);
        if (!Number.isNaN(value)) totals.set(value, (totals.get(value) ?? 0) + 1);
    }
    const byValue: ValueMarks = new Map();
    for (const [value, total] of totals) {
        const step = stepOf(total, order.length);
        byValue.set(value, { order, at: new Float64Array(Math.ceil(total / step)), step, total });
    }
    const ranks = new Map<number, number>();
    for (let place = 0; place < order.length; place++) {
        const value = valueOf(order[place]);
        const marks = byValue.get(value);
        if (!marks) continue;
        const rank = ranks.get(value) ?? 0;
        if (rank % marks.step === 0) marks.at[rank / marks.step] = place;
        ranks.set(value, rank + 1);
    }
    return byValue;
}

/** The ids of the filtered list's rows ranked `from` to `to` (excluded), going up. */
function slice({ order, at, step }: Marks, matches: (id: number) => boolean, from: number, to: number): number[] {
    if (step === 1) return Array.from({ length: to - from }, (_, rank) => order[at[from + rank]]);
    const ids: number[] = [];
    let rank = Math.floor(from / step) * step;
    for (let place = at[rank / step] ?? order.length; place < order.length && rank < to; place++) {
        if (!matches(order[place])) continue;
        if (rank >= from) ids.push(order[place]);
        rank++;
    }
    return ids;
}

/** Where a filtered list's marks are asked for: the whole order they come from, at `stamp`, and the list's total. */
interface MarksAsk {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>;
    order: Float64Array;
    stamp: string;
    total: number;
    maxRows: number;
}

const derivedOnly = { cost: 0, worth: Infinity, done: () => undefined };

/** A list filtered by two columns: its own marks, kept by its key. */
function listMarks({ db, order, stamp, total, maxRows }: MarksAsk, key: string, matches: (id: number) => boolean): Marks | undefined {
    const derive = () => {
        const found = marked(order, matches, total);
        if (found) derivedCounts.marked++;
        return found;
    };
    return marks(db, key, stamp, { ...derivedOnly, rows: Math.ceil(total / stepOf(total, order.length)), maxRows, derive });
}

/** A list filtered by one column: its value's marks, out of those of every value of the column, kept by `key`. */
function columnMarks({ db, order, stamp, total, maxRows }: MarksAsk, key: string, { values, value }: Filter): Marks | undefined {
    const derive = () => {
        derivedCounts.marked++;
        return markedByValue(order, values);
    };
    const measure = (all: ValueMarks) => [...all.values()].reduce((rows, { at }) => rows + at.length, 0);
    const found = marksByValue(db, key, stamp, { ...derivedOnly, rows: Math.ceil(order.length / MARK_STEP), maxRows, derive, measure })?.get(value);
    // Counted on either side of a write (the total, the column): left to the database, as a list's own marks are.
    return found?.total === total ? found : undefined;
}

/**
 * A page of a list filtered by equalities, taken from the unfiltered list's whole order (`whole`, asked with this
 * page's cost) and the filtered columns' values, each kept at the stamp of the versions it follows; or undefined
 * while one of them is not kept, and then this page's cost counts towards reading it. `key` and `stamp`: the
 * filtered list's, which its marks are kept by (a list filtered by one column: its column's, by `sort`).
 */
export function derivedPage(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: Kysely<any>,
    { key, sort, stamp, derivation, descending }: { key: string; sort: string; stamp: string; derivation: Derivation; descending: boolean },
    { offset, limit, total, cost, maxRows }: { offset: number; limit: number; total: number; cost: number; maxRows: number },
    whole: () => Float64Array | undefined,
): number[] | undefined {
    const { base, baseKey, baseRows, id } = derivation;
    const filters = derivation.filters.map(({ name, column, value, stamp: columnStamp }) => {
        const read = async () => {
            const rows = await db.executeQuery(base.clearSelect().clearOrderBy().select([id.as('id'), column.as('v')]).orderBy(id).compile());
            return valuesById(rows.rows as Array<{ id: unknown; v: unknown }>);
        };
        const ask = { cost, worth: baseRows, rows: baseRows, maxRows, read, done: () => derivedCounts.columnsRead++ };
        return { values: columns(db, `${baseKey}\u0000${name}`, columnStamp, ask), value };
    });
    const order = whole();
    if (!order || !filters.every((filter): filter is Filter => filter.values !== undefined && !filter.values.mixed)) return undefined;

    if (!orderNumbers.has(order)) orderNumbers.set(order, ++lastOrderNumber);
    const at = { db, order, total, maxRows, stamp: `${stamp}\u0000${orderNumbers.get(order)}` };
    const [only] = derivation.filters;
    const matches = matcher(filters);
    const kept =
        filters.length === 1
            ? columnMarks({ ...at, stamp: `${at.stamp}\u0000${only.stamp}` }, `${baseKey}\u0000${only.name}\u0000${sort}`, filters[0])
            : listMarks(at, key, matches);
    if (!kept) return undefined;
    derivedCounts.served++;
    const [from, to] = descending ? [Math.max(0, total - offset - limit), total - offset] : [offset, Math.min(total, offset + limit)];
    const ids = from < to ? slice(kept, matches, from, to) : [];
    return descending ? ids.reverse() : ids;
}
