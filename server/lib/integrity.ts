import { idValue } from '../schemas/common';
import type { AnyDb, Values } from './entity';
import { badRequest, conflict } from './errors';
import { withArticle } from './words';

// The database enforces these rules too (foreign keys, unique constraints); checking first lets the
// client hear which field is wrong, in words, instead of a bare constraint violation.

/** What a person calls one row, and several rows, of each table that takes part in a reference. */
const NOUNS: Record<string, [one: string, many: string]> = {
    categories: ['category', 'categories'],
    subcategories: ['subcategory', 'subcategories'],
    attributes: ['attribute', 'attributes'],
    gstRates: ['GST rate', 'GST rates'],
    products: ['product', 'products'],
};

export const noun = (table: string, count = 1) => NOUNS[table]?.[count === 1 ? 0 : 1] ?? (count === 1 ? 'record' : 'records');

/**
 * A field that holds the id of a row in `table`. With `within`, the referenced row must also share
 * this row's value of that field (a product's subcategory must belong to the product's category).
 */
export type Reference = string | { table: string; within: string };
export type References = Record<string, Reference>;

const tableOf = (reference: Reference | undefined) => (typeof reference === 'string' ? reference : (reference?.table ?? ''));

/** The body schema of a reference field: a positive id, with the sentence a client sees when it is missing. */
export const referenceField = (table: string) =>
    ({ ...idValue, 'x-message': `Please choose ${withArticle(noun(table))}` }) as const;

/**
 * Refuses, with a 400 and a message per field, values that point at rows that do not exist.
 * `values` are the fields being written; `existing` the stored row on update, which supplies the rest.
 */
export async function assertReferences(db: AnyDb, references: References, values: Values, existing?: Values): Promise<void> {
    const row = { ...existing, ...values };
    const errors: Record<string, string> = {};
    for (const [field, reference] of Object.entries(references)) {
        const table = tableOf(reference);
        const within = typeof reference === 'string' ? undefined : reference.within;
        const touched = field in values || (within !== undefined && within in values);
        if (!touched || row[field] == null) continue;
        const target = await db
            .selectFrom(table)
            .select(within ? ['id', within] : ['id'])
            .where('id', '=', row[field])
            .executeTakeFirst();
        if (!target) {
            errors[field] = `Please choose an existing ${noun(table)}`;
        } else if (within && target[within] !== row[within]) {
            errors[field] = `Please choose ${withArticle(noun(table))} of the chosen ${noun(tableOf(references[within]))}`;
        }
    }
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
}

/** Refuses, with a 409 and the field's message, a value another row of `table` already holds. */
export async function assertUnique(db: AnyDb, table: string, unique: Record<string, string>, values: Values, ownId?: number): Promise<void> {
    for (const [field, message] of Object.entries(unique)) {
        if (values[field] === undefined) continue;
        let query = db.selectFrom(table).select('id').where(field, '=', values[field]);
        if (ownId !== undefined) query = query.where('id', '<>', ownId);
        if (await query.executeTakeFirst()) throw conflict(message, { [field]: message });
    }
}

/** A column of another table that points at this one: rows there would be orphaned by a delete. */
export interface Dependent {
    table: string;
    column: string;
}

/** Refuses, with a 409 that says how many rows and what to do, a delete that would orphan rows. */
export async function assertUnused(db: AnyDb, table: string, id: number, dependents: Dependent[]): Promise<void> {
    for (const dependent of dependents) {
        const { count } = await db
            .selectFrom(dependent.table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(dependent.column, '=', id)
            .executeTakeFirstOrThrow();
        const n = Number(count);
        if (n > 0) {
            throw conflict(`This ${noun(table)} is used by ${n} ${noun(dependent.table, n)}; change ${n === 1 ? 'it' : 'them'} first.`);
        }
    }
}
