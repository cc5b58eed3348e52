import { sql, type AliasedRawBuilder, type RawBuilder } from 'kysely';
import type { Registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { MAX_INTEGER } from '../http/common';
import { badRequest } from '../infra/errors';
import type { AnyDb, Values } from './rows';

// A `referenceMany` field: a set of ids of another entity's rows, kept in a table of its own, one row per pair
// (a product's attribute values in productAttributes). The record answers the ids in ascending order; a save
// that sends the field replaces the whole set; a list filters by it (`?attributeIds=3,7`: rows holding all of them).

export interface ReferenceSet {
    /** The record and body field (`attributeIds`). */
    field: string;
    /** The pairs' table and its two columns: this row's id, the referenced row's id. */
    table: string;
    key: string;
    ref: string;
    target: EntitySchema;
    /** The most ids one row may hold. */
    max: number;
}

// Bounds a read's `in (...)` list well below every driver's parameter limit.
const CHUNK = 1000;

/** The entity's sets, from its schema. */
export function referenceSets(entity: EntitySchema, registry: Registry): ReferenceSet[] {
    return Object.entries(entity.fields)
        .filter(([, field]) => field.type === 'referenceMany' && field.through)
        .map(([name, field]) => ({ field: name, ...field.through!, target: registry.target(field), max: field.max ?? 100 }));
}

const pickMessage = (set: ReferenceSet) => `Please choose existing ${set.target.noun[1]} for ${set.field}, by id`;

/** The body's JSON schema: ids as a JSON array, or (a form) repeated parts or one text of ids separated by commas, empty for none. */
export function setBodySchema(set: ReferenceSet, description?: string) {
    return {
        type: 'array',
        maxItems: set.max,
        items: { type: ['integer', 'string'], minimum: 1, maximum: MAX_INTEGER, pattern: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$' },
        'x-message': pickMessage(set),
        description: `${description ?? `Ids of ${set.target.noun[1]}`}. A form may send the ids as repeated parts or as one text separated by commas; an empty one empties the set. At most ${set.max}`,
    };
}

export const setRecordSchema = (set: ReferenceSet) => ({ type: 'array', items: { type: 'integer' }, description: `Ids of ${set.target.noun[1]}, ascending` });

/** The ids a body value names, once each and ascending; a 400 when one is not a positive whole number or there are too many. */
export function idsOf(set: ReferenceSet, value: unknown): number[] {
    const parts = [value ?? []].flat().flatMap((part) => String(part).split(',')).map((part) => part.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_INTEGER)) throw badRequest(pickMessage(set), { [set.field]: pickMessage(set) });
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (unique.length > set.max) {
        const message = `At most ${set.max} ${set.target.noun[1]} may be chosen`;
        throw badRequest(message, { [set.field]: message });
    }
    return unique;
}

/** Refuses ids of rows that do not exist, naming them. */
export async function assertIdsExist(conn: AnyDb, set: ReferenceSet, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await conn.selectFrom(set.target.table).select('id').where('id', 'in', ids.slice(i, i + CHUNK)).execute();
        for (const row of rows) found.add(Number(row.id));
    }
    const missing = ids.filter((id) => !found.has(id));
    if (!missing.length) return;
    const message = `There is no ${set.target.noun[0]} with id ${missing.join(', ')}; please choose existing ${set.target.noun[1]}`;
    throw badRequest(message, { [set.field]: message });
}

/** One row's set as stored, ascending. */
export async function storedIds(conn: AnyDb, set: ReferenceSet, ownerId: number): Promise<number[]> {
    const rows = await conn.selectFrom(set.table).select(set.ref).where(set.key, '=', ownerId).orderBy(set.ref).execute();
    return rows.map((row) => Number(row[set.ref]));
}

/** Replaces one row's set inside the save's transaction; answers the audit's before and after when it changed. */
export async function writeSet(trx: AnyDb, set: ReferenceSet, ownerId: number, ids: number[], created: boolean) {
    const before = created ? [] : await storedIds(trx, set, ownerId);
    if (before.join() === ids.join()) return undefined;
    const gone = before.filter((id) => !ids.includes(id));
    const added = ids.filter((id) => !before.includes(id));
    if (gone.length) await trx.deleteFrom(set.table).where(set.key, '=', ownerId).where(set.ref, 'in', gone).execute();
    if (added.length) await trx.insertInto(set.table).values(added.map((id) => ({ [set.key]: ownerId, [set.ref]: id }))).execute();
    return { before, after: ids };
}

/** Takes the sets out of a save's values (the hooks saw them there): the row's columns, and the sets to write. */
export function splitSets(sets: ReferenceSet[], values: Values): { row: Values; ids: Map<ReferenceSet, number[]> } {
    const row = { ...values };
    const ids = new Map<ReferenceSet, number[]>();
    for (const set of sets) {
        if (row[set.field] !== undefined) ids.set(set, row[set.field] as number[]);
        delete row[set.field];
    }
    return { row, ids };
}

/** Each record's sets, from one read per set and chunk of records. */
export async function attachSets(db: AnyDb, sets: ReferenceSet[], records: Values[]): Promise<Values[]> {
    for (const set of sets) {
        const byOwner = new Map<number, number[]>(records.map((record) => [record.id as number, []]));
        const owners = [...byOwner.keys()];
        for (let i = 0; i < owners.length; i += CHUNK) {
            const rows = await db.selectFrom(set.table).select([set.key, set.ref]).where(set.key, 'in', owners.slice(i, i + CHUNK)).orderBy(set.ref).execute();
            for (const row of rows) byOwner.get(Number(row[set.key]))?.push(Number(row[set.ref]));
        }
        for (const record of records) record[set.field] = byOwner.get(record.id as number) ?? [];
    }
    return records;
}

/** A list's condition: the row holds every one of these ids. */
export function holdsAll(set: ReferenceSet, ids: number[], ownerId: RawBuilder<unknown>) {
    return sql<boolean>`(select count(*) from ${sql.table(set.table)} where ${sql.ref(`${set.table}.${set.key}`)} = ${ownerId}
        and ${sql.ref(`${set.table}.${set.ref}`)} in (${sql.join(ids)})) = ${ids.length}`;
}

/** Each set as a column of the row's read (a JSON list): a bare list streams its rows with them, one statement. */
export function setColumns(sets: ReferenceSet[], kind: 'sqlite' | 'postgres', ownerTable: string): Array<AliasedRawBuilder<unknown, string>> {
    return sets.map((set) => {
        const ref = sql`${sql.ref(`${set.table}.${set.ref}`)}`;
        const list = kind === 'postgres' ? sql`coalesce(json_agg(${ref} order by ${ref}), '[]'::json)` : sql`json_group_array(${ref} order by ${ref})`;
        return sql`(select ${list} from ${sql.table(set.table)} where ${sql.ref(`${set.table}.${set.key}`)} = ${sql.ref(`${ownerTable}.id`)})`.as(set.field);
    });
}

/** A record's sets as `setColumns` read them (PostgreSQL's driver has already parsed the JSON). */
export function setsFromColumns(sets: ReferenceSet[], record: Values): void {
    for (const set of sets) if (typeof record[set.field] === 'string') record[set.field] = JSON.parse(record[set.field] as string);
}
