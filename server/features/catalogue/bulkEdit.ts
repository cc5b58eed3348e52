import { sql } from 'kysely';
import { parseDecimal } from '../../../schema/decimal';
import { decimalRule } from '../../../schema/fields';
import { products } from '../../../schema/products';
import { fromUnits } from '../../engine/money';
import type { Row } from '../../engine/rows';
import { inUnits, partOfPiece, WHOLE_STOCK } from '../../../schema/measure';

// The checks of one row of a bulk edit of prices and stock, before anything is written: every row is checked and
// every problem named, so the person at the grid can fix them all at once.

export const AMOUNTS = ['price', 'mrp'] as const;
export type Amount = (typeof AMOUNTS)[number];

export interface BulkChange {
    id: number;
    price?: string | number | null;
    mrp?: string | number | null;
    /** In the product's unit: pieces, or kg or litres with up to 3 decimals. */
    stock?: string | number | null;
    /** What the grid showed when it loaded the row: a field changed since by someone else is not overwritten. */
    was?: { price?: string | number | null; mrp?: string | number | null; stock?: string | number | null };
}

/** What a checked row writes: amounts in paise, and the stock's move in thousandths (from what it was to what was counted). */
export interface CheckedChange {
    id: number;
    amounts: Partial<Record<Amount, number | null>>;
    stock?: { before: number | null; after: number | null };
}

const CHANGED_ELSEWHERE = 'changed since you loaded it; reload and try again';

/** An amount sent as the API takes it, in paise; null empties an optional one. */
function amountOf(name: Amount, value: unknown): { units: number | null; problem?: string } {
    if (value === null || (name === 'mrp' && value === '')) {
        return name === 'price' ? { units: null, problem: 'Please enter the price' } : { units: null };
    }
    const parsed = parseDecimal(value, decimalRule(name, products.fields[name]));
    return parsed.problem === undefined ? { units: parsed.units } : { units: null, problem: parsed.problem };
}

/** Stock as the grid sends it, in thousandths of the product's unit; pieces come whole. Null stops tracking it. */
function stockOf(value: unknown, unit: unknown): { units: number | null; problem?: string } {
    if (value === null || value === '') return { units: null };
    const parsed = parseDecimal(value, decimalRule('stock', products.fields.stock));
    if (parsed.problem !== undefined) return { units: null, problem: parsed.problem };
    if (partOfPiece(parsed.units, unit)) return { units: null, problem: WHOLE_STOCK };
    return { units: parsed.units };
}

/** Whether a value the grid saw (rupees, or stock in its unit) is still the stored one (paise, thousandths). */
const stillStored = (seen: unknown, stored: unknown, read: (value: unknown) => { units: number | null }) => {
    if (seen === undefined) return true;
    if (seen === null || seen === '') return stored == null;
    if (stored == null) return false;
    return read(seen).units === Number(stored);
};
const amountSeen = (value: unknown) => amountOf('mrp', value);

/** One row checked against the stored product: its problems by field, or what it writes (nothing when nothing changes). */
export function checkChange(change: BulkChange, stored: Row): { errors: Record<string, string>; checked?: CheckedChange } {
    const errors: Record<string, string> = {};
    const amounts: CheckedChange['amounts'] = {};
    for (const name of AMOUNTS) {
        if (change[name] === undefined) continue;
        const { units, problem } = amountOf(name, change[name]);
        if (problem) errors[name] = problem;
        else if (!stillStored(change.was?.[name], stored[name], amountSeen)) errors[name] = `The ${products.fields[name].label} ${CHANGED_ELSEWHERE}`;
        else if (units !== (stored[name] == null ? null : Number(stored[name]))) amounts[name] = units;
    }
    const price = 'price' in amounts ? amounts.price : Number(stored.price);
    const mrp = 'mrp' in amounts ? amounts.mrp : stored.mrp == null ? null : Number(stored.mrp);
    const rule = products.fields.price.notAbove;
    if (!errors.price && !errors.mrp && mrp != null && price != null && price > mrp) errors.price = rule.message;
    let stock: CheckedChange['stock'];
    if (change.stock !== undefined) {
        const before = stored.stock == null ? null : Number(stored.stock);
        const { units, problem } = stockOf(change.stock, stored.unit);
        if (problem) errors.stock = problem;
        else if (!stillStored(change.was?.stock, stored.stock, (value) => stockOf(value, 'KGS'))) errors.stock = `The stock ${CHANGED_ELSEWHERE}`;
        else if (units !== before) stock = { before, after: units };
    }
    if (Object.keys(errors).length) return { errors };
    return { errors, checked: Object.keys(amounts).length || stock ? { id: change.id, amounts, stock } : undefined };
}

/** The stock counted, written only if it is still what the check read (an order at the same moment is never lost). */
export const stockStillBefore = (before: number | null) => sql<boolean>`stock is not distinct from ${before}`;

/** A row as the grid shows it after the save: amounts in rupees, stock in its unit. */
export const savedRow = (row: Row) => ({
    id: row.id,
    price: fromUnits(Number(row.price), 2),
    mrp: row.mrp == null ? null : fromUnits(Number(row.mrp), 2),
    stock: row.stock == null ? null : inUnits(Number(row.stock)),
    updatedAt: row.updatedAt,
});
