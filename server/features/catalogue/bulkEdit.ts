import { sql } from 'kysely';
import { parseDecimal } from '../../../schema/decimal';
import { decimalRule } from '../../../schema/fields';
import { products } from '../../../schema/products';
import { fromUnits } from '../../engine/money';
import type { Row } from '../../engine/rows';

// The checks of one row of a bulk edit of prices and stock, before anything is written: every row is checked and
// every problem named, so the person at the grid can fix them all at once.

export const AMOUNTS = ['price', 'mrp'] as const;
export type Amount = (typeof AMOUNTS)[number];

export interface BulkChange {
    id: number;
    price?: string | number | null;
    mrp?: string | number | null;
    stock?: number | null;
    /** What the grid showed when it loaded the row: a field changed since by someone else is not overwritten. */
    was?: { price?: string | number | null; mrp?: string | number | null; stock?: number | null };
}

/** What a checked row writes: amounts in paise, and the stock's move (from what it was to what was counted). */
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

/** Whether a value the grid saw (rupees) is still the stored one (paise). */
const stillStored = (seen: unknown, stored: unknown, amount: boolean) => {
    if (seen === undefined) return true;
    if (seen === null || seen === '') return stored == null;
    if (stored == null) return false;
    return amount ? amountOf('mrp', seen).units === Number(stored) : Number(seen) === Number(stored);
};

/** One row checked against the stored product: its problems by field, or what it writes (nothing when nothing changes). */
export function checkChange(change: BulkChange, stored: Row): { errors: Record<string, string>; checked?: CheckedChange } {
    const errors: Record<string, string> = {};
    const amounts: CheckedChange['amounts'] = {};
    for (const name of AMOUNTS) {
        if (change[name] === undefined) continue;
        const { units, problem } = amountOf(name, change[name]);
        if (problem) errors[name] = problem;
        else if (!stillStored(change.was?.[name], stored[name], true)) errors[name] = `The ${products.fields[name].label} ${CHANGED_ELSEWHERE}`;
        else if (units !== (stored[name] == null ? null : Number(stored[name]))) amounts[name] = units;
    }
    const price = 'price' in amounts ? amounts.price : Number(stored.price);
    const mrp = 'mrp' in amounts ? amounts.mrp : stored.mrp == null ? null : Number(stored.mrp);
    const rule = products.fields.price.notAbove;
    if (!errors.price && !errors.mrp && mrp != null && price != null && price > mrp) errors.price = rule.message;
    let stock: CheckedChange['stock'];
    if (change.stock !== undefined) {
        const before = stored.stock == null ? null : Number(stored.stock);
        if (!stillStored(change.was?.stock, stored.stock, false)) errors.stock = `The stock ${CHANGED_ELSEWHERE}`;
        else if (change.stock !== before) stock = { before, after: change.stock };
    }
    if (Object.keys(errors).length) return { errors };
    return { errors, checked: Object.keys(amounts).length || stock ? { id: change.id, amounts, stock } : undefined };
}

/** The stock counted, written only if it is still what the check read (an order at the same moment is never lost). */
export const stockStillBefore = (before: number | null) => sql<boolean>`stock is not distinct from ${before}`;

/** A row as the grid shows it after the save: amounts in rupees. */
export const savedRow = (row: Row) => ({
    id: row.id,
    price: fromUnits(Number(row.price), 2),
    mrp: row.mrp == null ? null : fromUnits(Number(row.mrp), 2),
    stock: row.stock == null ? null : Number(row.stock),
    updatedAt: row.updatedAt,
});
