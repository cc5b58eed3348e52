import { isDecimalType, isTextType, textMax } from '../../schema/fields';
import { registry, storedFields, uniqueRules } from '../../schema/registry';
import type { EntitySchema, Field } from '../../schema/types';
import type { DbShape } from './introspect';
import type { ListIndexSpec } from './listIndexes';
import { snakeCase } from './sqlName';
import { uniqueIndexName } from './uniqueIndex';

// What the schemas ask of the database, table by table: the migration generator (server/db/migrationWriter.ts)
// writes it, and test/server/schema-tables.test.ts holds the migrated database to it.

/** One column as a migration creates it (SQL names, snake_case). */
export interface ColumnSpec {
    name: string;
    /** The SQL type, as Kysely's `addColumn` takes it: 'varchar(120)', 'text', 'integer'. */
    type: string;
    notNull?: boolean;
    defaultTo?: number | string;
    /** `table.id` of the row it names. */
    references?: string;
    onDelete?: 'cascade' | 'set null';
    /** An enum's allowed values, held by a check. */
    choices?: readonly string[];
    /** Amounts: never negative. */
    notNegative?: boolean;
}

/** A unique index over a combination, compared without case or surrounding spaces (see uniqueIndex.ts). */
export interface UniqueSpec {
    name: string;
    columns: string[];
    textColumns: string[];
}

/** A gallery's table of its own: one row per image, in order, of one owner row. */
export interface GalleryTableSpec {
    /** camelCase, as the schema names it. */
    table: string;
    key: string;
    owner: string;
}

/** A set of references' table of its own (a `referenceMany` field's `through`): one row per owner and referenced row. */
export interface SetTableSpec {
    /** camelCase, as the schema names it. */
    table: string;
    key: string;
    ref: string;
    /** SQL names of the owner's table and of the referenced one. */
    owner: string;
    target: string;
}

export interface TableSpec {
    entity: string;
    /** SQL name (snake_case). */
    table: string;
    columns: ColumnSpec[];
    unique: UniqueSpec[];
    /** What createListIndexes takes (camelCase names, as the schema's `list`). */
    list: ListIndexSpec;
    /** References no list index covers: a plain index each, so a delete's "is it used?" check does not scan. */
    referenceIndexes: string[];
    galleries: GalleryTableSpec[];
    sets: SetTableSpec[];
}

/** The SQL type a field's values are kept in: one place per field type. */
export function columnType(field: Field): string {
    switch (field.type) {
        case 'longText':
        case 'richText':
        case 'json':
            return 'text';
        case 'integer':
        case 'money':
        case 'percent':
        case 'quantity':
        case 'reference':
        case 'boolean':
            return 'integer';
        case 'number':
            return 'double precision';
        case 'image':
            return 'varchar(255)';
        case 'date':
            return 'varchar(10)';
        case 'enum':
            return `varchar(${Math.max(...(field.choices ?? ['']).map((choice) => choice.length), 1)})`;
        default:
            return `varchar(${textMax(field)})`;
    }
}

/** Integer, real or text: what both dialects agree a column's type is, for comparing a table with its schema. */
export function typeFamily(sqlType: string): 'integer' | 'real' | 'text' {
    const type = sqlType.toLowerCase();
    if (/int/.test(type)) return 'integer';
    if (/real|double|float|numeric/.test(type)) return 'real';
    return 'text';
}

/** Every table the schemas describe, with what each needs. */
export function tablesOf(entities: EntitySchema[]): TableSpec[] {
    const schemas = registry(entities);
    return entities.map((entity) => {
        const table = snakeCase(entity.table);
        const stored = storedFields(entity).concat(Object.entries(entity.fields).filter(([, field]) => field.readOnly && !field.ignored));
        const columns: ColumnSpec[] = [{ name: 'id', type: 'integer' }];
        for (const [name, field] of stored) {
            if (field.type === 'gallery' || field.type === 'referenceMany') continue;
            const column: ColumnSpec = { name: snakeCase(name), type: columnType(field) };
            if (field.required === true) column.notNull = true;
            if (field.default !== undefined) Object.assign(column, { notNull: true, defaultTo: typeof field.default === 'string' ? field.default : field.default ? 1 : 0 });
            if (field.type === 'reference') column.references = `${snakeCase(schemas.target(field).table)}.id`;
            if (field.type === 'enum') column.choices = field.choices;
            if (isDecimalType(field.type)) column.notNegative = true;
            columns.push(column);
        }
        const status = entity.onSave?.status;
        columns.push({ name: 'status', type: 'integer', notNull: true, defaultTo: typeof status === 'number' ? status : 1 });
        if (entity.createdBy) columns.push({ name: 'created_by', type: 'integer', references: 'users.id', onDelete: 'set null' });
        columns.push({ name: 'created_at', type: 'varchar(32)', notNull: true }, { name: 'updated_at', type: 'varchar(32)', notNull: true });

        const textFields = new Set(stored.filter(([, field]) => isTextType(field.type)).map(([name]) => name));
        const unique = uniqueRules(entity).map(({ fields }) => ({
            name: uniqueIndexName(table, fields.map(snakeCase)),
            columns: fields.map(snakeCase),
            textColumns: fields.filter((name) => textFields.has(name)).map(snakeCase),
        }));

        const isColumn = (name: string) => columns.some((column) => column.name === snakeCase(name));
        const list: ListIndexSpec = {
            table: entity.table,
            search: entity.list.search,
            sort: entity.list.sort.filter((name) => name !== 'id'),
            // A date window's `state` is worked out, not stored.
            filters: entity.list.filters.filter(isColumn),
        };
        const listed = new Set([...list.sort!, ...list.filters!]);
        const referenceIndexes = stored.filter(([name, field]) => field.type === 'reference' && !listed.has(name)).map(([name]) => name);
        const galleries = stored.flatMap(([, field]) => (field.gallery ? [{ table: field.gallery.table, key: field.gallery.key, owner: table }] : []));
        const sets = stored.flatMap(([, field]) =>
            field.type === 'referenceMany' && field.through ? [{ ...field.through, owner: table, target: snakeCase(schemas.target(field).table) }] : [],
        );
        return { entity: entity.name, table, columns, unique, list, referenceIndexes, galleries, sets };
    });
}

/** What a database lacks of one table's spec; empty lists (and `table: false`) when it holds it all. */
export interface TableGaps {
    spec: TableSpec;
    /** The table itself is missing (then everything below is too). */
    table: boolean;
    columns: ColumnSpec[];
    unique: UniqueSpec[];
    /** The list's indexes, when any of them is missing; `was` is what the table has (to rebuild from, and back to). */
    list?: { missing: string[]; was: ListIndexSpec };
    referenceIndexes: string[];
    galleries: GalleryTableSpec[];
    sets: SetTableSpec[];
    /** Columns whose type disagrees with the schema's: reported, never changed by a generated migration. */
    typeChanges: string[];
}

const snake = snakeCase;

/** The list indexes a table has, read back from their names (see createListIndexes). */
function listIndexesOf(table: string, shape: DbShape): ListIndexSpec {
    const names = shape.indexes.filter((index) => index.table === table).map((index) => index.name);
    const column = (suffix: string) =>
        names.flatMap((name) => (name.startsWith(`${table}_`) && name.endsWith(suffix) ? [name.slice(table.length + 1, -suffix.length)] : []));
    const sort = column('_desc_id_list_idx');
    const fts = shape.ftsColumns.get(`${table}_search`);
    return {
        table,
        sort,
        filters: column('_id_list_idx').filter((name) => !name.endsWith('_desc') && !sort.includes(name)),
        search: fts ?? column('_trgm_idx'),
    };
}

/** What `shape` (a migrated database) lacks of `spec`. */
export function gapsOf(spec: TableSpec, shape: DbShape, dialect: 'sqlite' | 'postgres'): TableGaps {
    const columns = shape.tables.get(spec.table);
    const galleries = spec.galleries.filter((gallery) => !shape.tables.has(snake(gallery.table)) || !shape.listState.has(snake(gallery.table)));
    const sets = spec.sets.filter((set) => !hasSetTable(set, shape));
    if (!columns) {
        const { unique, referenceIndexes } = spec;
        const list = { missing: ['its indexes'], was: { table: spec.list.table } };
        return { spec, table: true, columns: spec.columns, unique, list, referenceIndexes, galleries, sets, typeChanges: [] };
    }
    const indexes = shape.indexes.filter((index) => index.table === spec.table);
    const has = (name: string) => indexes.some((index) => index.name === name);
    const missingColumns = spec.columns.filter((column) => !columns.has(column.name));
    const typeChanges = spec.columns
        .filter((column) => columns.has(column.name) && typeFamily(columns.get(column.name)!) !== typeFamily(column.type))
        .map((column) => `${spec.table}.${column.name} is ${columns.get(column.name)}, the schema says ${column.type}`);

    const table = spec.table;
    const missingList: string[] = [];
    if (!shape.listState.has(table)) missingList.push('its list_state row');
    for (const column of (spec.list.sort ?? []).map(snake)) {
        for (const name of [`${table}_${column}_id_list_idx`, `${table}_${column}_desc_id_list_idx`]) if (!has(name)) missingList.push(name);
    }
    for (const column of (spec.list.filters ?? []).map(snake)) if (!has(`${table}_${column}_id_list_idx`)) missingList.push(`${table}_${column}_id_list_idx`);
    const search = (spec.list.search ?? []).map(snake);
    if (search.length) {
        const indexed = dialect === 'postgres' ? search.filter((column) => has(`${table}_${column}_trgm_idx`)) : (shape.ftsColumns.get(`${table}_search`) ?? []);
        const kind = dialect === 'postgres' ? 'trgm' : 'fts5';
        const searched = shape.listState.get(table) === kind && search.every((column) => indexed.includes(column)) && indexed.length === search.length;
        if (!searched) missingList.push(`the ${kind} text index of ${search.join(', ')}`);
    }

    return {
        spec,
        table: false,
        columns: missingColumns,
        unique: spec.unique.filter((unique) => !indexes.some((index) => index.unique && index.name === unique.name)),
        list: missingList.length ? { missing: missingList, was: listIndexesOf(table, shape) } : undefined,
        referenceIndexes: spec.referenceIndexes.filter((name) => !indexes.some((index) => index.columns[0] === snake(name))),
        galleries,
        sets,
        typeChanges,
    };
}

/** A set's table with both its columns, and the index that reads it from the referenced side (a filter, a delete's check). */
function hasSetTable(set: SetTableSpec, shape: DbShape): boolean {
    const table = snake(set.table);
    const columns = shape.tables.get(table);
    const reverse = shape.indexes.some((index) => index.table === table && index.columns[0] === snake(set.ref));
    return Boolean(columns?.has(snake(set.key)) && columns.has(snake(set.ref)) && reverse);
}

/** Whether a migration would add anything for these gaps. */
export const hasGaps = (gaps: TableGaps) =>
    gaps.table ||
    [gaps.columns, gaps.unique, gaps.referenceIndexes, gaps.galleries, gaps.sets].some((list) => list.length > 0) ||
    Boolean(gaps.list);

/** The gaps in words, one sentence each: what test/server/schema-tables.test.ts reports. */
export function describeGaps(gaps: TableGaps): string[] {
    const { table, entity } = gaps.spec;
    if (gaps.table) return [`${entity}: no table ${table}`];
    return [
        ...gaps.columns.map((column) => `${entity}: no column ${table}.${column.name}`),
        ...gaps.unique.map((unique) => `${entity}: no unique index ${unique.name}`),
        ...(gaps.list?.missing ?? []).map((what) => `${entity}: its list lacks ${what}`),
        ...gaps.referenceIndexes.map((column) => `${entity}: no index on the reference ${table}.${snake(column)}`),
        ...gaps.galleries.map((gallery) => `${entity}: no gallery table ${snake(gallery.table)} (or its list_state row)`),
        ...gaps.sets.map((set) => `${entity}: no set table ${snake(set.table)} (${snake(set.key)}, ${snake(set.ref)}, read by ${snake(set.ref)})`),
    ];
}
