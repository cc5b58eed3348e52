import { withArticle } from '../../schema/messages';
import type { EntitySchema, Field } from '../../schema/types';
import type { AnyDb, Values } from './rows';
import { badRequest, conflict } from '../infra/errors';
import { sql } from 'kysely';

// The database enforces these rules too (foreign keys, unique constraints); checking first lets the
// client hear which field is wrong, in words, instead of a bare constraint violation.

export interface Reference {
    name: string;
    field: Field;
    target: EntitySchema;
}

/**
 * Refuses, with a 400 and a message per field, values that point at rows that do not exist, or (with
 * `within`) at a row of another parent than this row's. `values` are the fields being written;
 * `existing` the stored row on update, which supplies the rest.
 */
export async function assertReferences(db: AnyDb, references: Reference[], values: Values, existing?: Values): Promise<void> {
    const row = { ...existing, ...values };
    const errors: Record<string, string> = {};
    // A reference sent as it is stored still names a row (the foreign key holds it), so an update looks up only the
    // ones it changes; a pair (`within`) is looked at whenever either half is sent, as its parent may have moved.
    const changed = (name: string) => name in values && values[name] !== existing?.[name];
    for (const { name, field, target } of references) {
        const within = field.within;
        const touched = within === undefined ? changed(name) : name in values || within in values;
        if (!touched || row[name] == null) continue;
        const found = await db
            .selectFrom(target.table)
            .select(within ? ['id', within] : ['id'])
            .where('id', '=', row[name])
            .executeTakeFirst();
        if (!found) {
            errors[name] = `Please choose an existing ${target.noun[0]}`;
        } else if (within && found[within] !== row[within]) {
            const parent = references.find((reference) => reference.name === within)?.target.noun[0] ?? within;
            errors[name] = `Please choose ${withArticle(target.noun[0])} of the chosen ${parent}`;
        }
    }
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
}

/**
 * Refuses, with a 409 and the message on the combination's last field, a row whose combination another row
 * already holds, text compared without case or surrounding spaces (`row` is the whole row as it will be).
 */
export async function assertUnique(
    db: AnyDb,
    table: string,
    combinations: Array<{ fields: string[]; message: string }>,
    text: string[],
    values: Values,
    row: Values,
    ownId?: number,
): Promise<void> {
    for (const { fields, message } of combinations) {
        if (!fields.some((field) => field in values) || fields.some((field) => row[field] == null)) continue;
        let query = db.selectFrom(table).select('id');
        for (const field of fields) {
            query = text.includes(field)
                ? query.where(sql`lower(trim(${sql.ref(field)}))`, '=', String(row[field]).trim().toLowerCase())
                : query.where(field, '=', row[field]);
        }
        if (ownId !== undefined) query = query.where('id', '<>', ownId);
        if (await query.executeTakeFirst()) throw conflict(message, { [fields.at(-1)!]: message });
    }
}

/**
 * The refusal a unique index's clash stands for, when it is one of ours: two requests that raced past the
 * check above get the same sentence from the database's index.
 */
export function uniqueClash(error: unknown, clashes: Array<{ index: string; field: string; message: string }>) {
    const { code, constraint, message } = (error ?? {}) as { code?: string; constraint?: string; message?: string };
    if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
    const clash = clashes.find(({ index }) => constraint === index || message?.includes(`'${index}'`) || message?.includes(index));
    return clash && conflict(clash.message, { [clash.field]: clash.message });
}

/** A column of another table that holds ids of this entity's rows. */
export interface Dependent {
    table: string;
    column: string;
    noun: readonly [string, string];
}

/** Refuses, with a 409 that says how many rows and what to do, a delete that would orphan rows. */
export async function assertUnused(db: AnyDb, noun: string, id: number, dependents: Dependent[]): Promise<void> {
    for (const dependent of dependents) {
        const { count } = await db
            .selectFrom(dependent.table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(dependent.column, '=', id)
            .executeTakeFirstOrThrow();
        const n = Number(count);
        if (n > 0) {
            const rows = n === 1 ? dependent.noun[0] : dependent.noun[1];
            throw conflict(`This ${noun} is used by ${n} ${rows}; change ${n === 1 ? 'it' : 'them'} first.`);
        }
    }
}
