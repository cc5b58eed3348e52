import type { Generated } from 'kysely';
import type { Entity } from '../../schema';

// The Kysely table type of every entity, worked out from its schema by tsc: a field added to a schema is a column
// here at once, with no interface to keep by hand. It follows what server/db/schemaTables.ts makes the migrations
// write (test/server/table-types.test.ts holds the two and the migrated database together).

type TextType = 'text' | 'longText' | 'richText' | 'email' | 'url' | 'phone' | 'date' | 'image' | 'json';

/** What a column of one field holds: an enum's choices, text, or a number (amounts in integer units, yes/no as 1 or 0). */
type ValueOf<F> = F extends { type: 'enum'; choices: readonly (infer Choice)[] } ? Choice : F extends { type: TextType } ? string : number;

/** A yes/no or enum field with a default has a column default; a required field is never null. */
type ColumnOf<F> = F extends { default: boolean } ? Generated<number> : F extends { default: string } ? Generated<ValueOf<F>> : F extends { required: true } ? ValueOf<F> : ValueOf<F> | null;

/** The fields kept as columns of the row: not ignored, not naming an image to keep, not a gallery or a set of references (tables of their own). */
type ColumnNames<Fields> = {
    [Name in keyof Fields]: Fields[Name] extends { ignored: string } | { keeps: string } | { type: 'gallery' } | { type: 'referenceMany' } ? never : Name;
}[keyof Fields];

type Flat<T> = { [K in keyof T]: T[K] };

/** One entity's table: its id, its fields' columns, its status, its creator when it records one, and its timestamps. */
export type EntityTable<S extends Entity> = Flat<
    { id: Generated<number> } & { [Name in ColumnNames<S['fields']>]: ColumnOf<S['fields'][Name]> } & {
        status: Generated<number>;
        createdAt: string;
        updatedAt: string;
    } & (S extends { createdBy: true } ? { createdBy: number | null } : unknown)
>;

/** Every entity's table, by its (camelCase) table name. */
export type EntityTables = { [S in Entity as S['table']]: EntityTable<S> };

/** The sets of references the schemas keep in tables of their own (`referenceMany` with `through`), each field's one. */
type SetFields<S extends Entity> = S extends Entity ? Extract<S['fields'][keyof S['fields']], { type: 'referenceMany'; through: { table: string } }> : never;
type SetThrough = { table: string; key: string; ref: string };

/** One pair per row: the owner's id under `key`, the referenced row's under `ref`. */
type SetTable<T extends SetThrough> = { [Column in T['key'] | T['ref']]: number };

/** Every set's table, by its (camelCase) name: product_attributes is `productAttributes: { productId, attributeId }`. */
export type SetTables = { [T in SetFields<Entity>['through'] as T['table']]: SetTable<T> };
