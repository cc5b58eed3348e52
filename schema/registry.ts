import type { Access, EntitySchema, Field, Operation } from './types';

/** Questions both halves ask of a set of schemas: which entity a reference names, who depends on whom. */
export function registry(entities: EntitySchema[]) {
    const byName = new Map(entities.map((entity) => [entity.name, entity]));
    const byTable = new Map(entities.map((entity) => [entity.table, entity]));

    const entity = (name: string): EntitySchema => {
        const found = byName.get(name);
        if (!found) throw new Error(`No entity schema is named "${name}"`);
        return found;
    };

    return {
        entities,
        entity,
        byTable: (table: string) => byTable.get(table),
        /** The entity a reference field points at. */
        target: (field: Field) => entity(field.reference!),
        /** Columns of other tables that hold ids of this entity's rows: a delete is refused while they are used. */
        dependents: (name: string) =>
            entities.flatMap((other) =>
                Object.entries(other.fields)
                    .filter(([, field]) => (field.type === 'reference' || field.type === 'referenceMany') && field.reference === name)
                    // A set's ids sit in its own table, a row per pair: a row is used while a pair names it.
                    .map(([column, field]) => (field.through ? { table: field.through.table, column: field.through.ref, noun: other.noun } : { table: other.table, column, noun: other.noun })),
            ),
    };
}

export type Registry = ReturnType<typeof registry>;

/** Who may do an operation: the schema's word, else staff for everything but deletes, which are for administrators. */
export const accessOf = (entity: EntitySchema, operation: Operation): Access =>
    entity.access?.[operation] ?? (operation === 'remove' ? 'admin' : 'staff');

/** The fields a client writes: not read-only, not ignored. */
export const writableFields = (entity: EntitySchema): Array<[string, Field]> =>
    Object.entries(entity.fields).filter(([, field]) => !field.readOnly && !field.ignored);

/** The fields kept in the row: written ones, less those that only name a value to keep (`keeps`). */
export const storedFields = (entity: EntitySchema): Array<[string, Field]> => writableFields(entity).filter(([, field]) => !field.keeps);

/**
 * Every "no two rows may share this" rule of an entity, with one meaning: a field's `unique` is the same rule as an
 * entity-level combination of that one field. Text is compared without case or surrounding spaces, by the API's
 * check and by the database's unique index on that expression (server/db/uniqueIndex.ts), so a race gets the same answer.
 */
export const uniqueRules = (entity: EntitySchema): Array<{ fields: string[]; message: string }> => [
    ...writableFields(entity)
        .filter(([, field]) => field.unique)
        .map(([name, field]) => ({ fields: [name], message: field.unique! })),
    ...(entity.unique ?? []),
];

/** A row's name as `representation` says: a field, or a template such as '%{name}: %{value}'. */
export function represent(entity: Pick<EntitySchema, 'representation'>, record: Record<string, unknown>): string {
    const template = entity.representation;
    if (!template.includes('%{')) return String(record[template] ?? '');
    return template.replace(/%\{(\w+)\}/g, (_, key: string) => String(record[key] ?? ''));
}

/** Field types a list does not order by: long text, rich text, pictures, sets of references and JSON objects have no order a reader would use. */
const UNSORTED_TYPES = new Set(['longText', 'richText', 'image', 'gallery', 'referenceMany', 'json']);

/**
 * Every column of its own row a list answers and can be ordered by: the schema's `list.sort` first (its first is
 * the default, and those have the indexes a big table needs), then the other fields of the row, the creator, the
 * status and both timestamps. An integrator's list shows every field and expects each header to sort.
 */
export function sortableColumns(entity: EntitySchema): string[] {
    const own = Object.entries(entity.fields)
        .filter(([, field]) => !field.ignored && !field.keeps && !UNSORTED_TYPES.has(field.type))
        .map(([name]) => name);
    return [...new Set([...entity.list.sort, 'id', ...own, ...(entity.createdBy ? ['createdBy'] : []), 'status', 'createdAt', 'updatedAt'])];
}

/** The fields a record answers that no list orders by (long text, pictures, names joined from another row): said where sorting is offered. */
export function unsortableColumns(entity: EntitySchema): string[] {
    const sortable = new Set(sortableColumns(entity));
    return Object.entries(entity.fields).flatMap(([name, field]) => {
        if (field.ignored || field.keeps) return [];
        // A gallery answers its pictures' alt texts beside them (`imagesAlt`), a reference its joined name.
        const names = field.display ? [name, field.display.as] : field.type === 'gallery' ? [name, `${name}Alt`] : [name];
        return names.filter((n) => !sortable.has(n));
    }).concat(entity.window ? ['state'] : []);
}
