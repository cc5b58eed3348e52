import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/** One index as the database holds it; `columns` leaves out expressions (`lower(trim(name))`). */
export interface IndexShape {
    name: string;
    table: string;
    unique: boolean;
    columns: string[];
}

/** What a database holds, in SQL names: enough to tell whether the schemas' tables, columns and indexes are there. */
export interface DbShape {
    /** Table → column → its declared type. */
    tables: Map<string, Map<string, string>>;
    indexes: IndexShape[];
    /** `list_state` rows: table → its text index ('fts5', 'trgm' or null). */
    listState: Map<string, string | null>;
    /** SQLite: the columns each `<table>_search` FTS5 table indexes. */
    ftsColumns: Map<string, string[]>;
}

type Row = Record<string, unknown>;

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql>) => (await query.execute(db)).rows as Row[];

/** Reads the tables, columns and indexes of the database (PostgreSQL: of its current schema). */
export async function introspect(anyDb: Kysely<unknown>): Promise<DbShape> {
    // Names as the database spells them: no camelCase plugin on the way back.
    const db = anyDb.withoutPlugins();
    const shape = isPostgres(db) ? await postgresShape(db) : await sqliteShape(db);
    const state = shape.tables.has('list_state') ? await rows(db, sql`select table_name as name, text_index as kind from list_state`) : [];
    shape.listState = new Map(state.map((row) => [String(row.name), row.kind == null ? null : String(row.kind)]));
    return shape;
}

async function sqliteShape(db: Kysely<unknown>): Promise<DbShape> {
    const shape: DbShape = { tables: new Map(), indexes: [], listState: new Map(), ftsColumns: new Map() };
    const tables = await rows(db, sql`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`);
    for (const { name, sql: definition } of tables) {
        const table = String(name);
        const info = await rows(db, sql`select name, type from pragma_table_info(${table})`);
        if (/^create virtual table/i.test(String(definition))) {
            shape.ftsColumns.set(table, info.map((column) => String(column.name)));
            continue;
        }
        shape.tables.set(table, new Map(info.map((column) => [String(column.name), String(column.type)])));
        for (const index of await rows(db, sql`select name, "unique" as isunique from pragma_index_list(${table})`)) {
            const columns = await rows(db, sql`select name from pragma_index_info(${String(index.name)})`);
            shape.indexes.push({
                name: String(index.name),
                table,
                unique: Number(index.isunique) === 1,
                columns: columns.filter((column) => column.name != null).map((column) => String(column.name)),
            });
        }
    }
    return shape;
}

async function postgresShape(db: Kysely<unknown>): Promise<DbShape> {
    const shape: DbShape = { tables: new Map(), indexes: [], listState: new Map(), ftsColumns: new Map() };
    const columns = await rows(
        db,
        sql`select table_name as tbl, column_name as col, data_type as type from information_schema.columns
            where table_schema = current_schema() order by table_name, ordinal_position`,
    );
    for (const { tbl, col, type } of columns) {
        const table = String(tbl);
        if (!shape.tables.has(table)) shape.tables.set(table, new Map());
        shape.tables.get(table)!.set(String(col), String(type));
    }
    const indexes = await rows(
        db,
        sql`select i.relname as name, t.relname as tbl, ix.indisunique as isunique,
                array(select a.attname from unnest(ix.indkey) with ordinality k(num, pos)
                      join pg_attribute a on a.attrelid = t.oid and a.attnum = k.num order by k.pos)::text[] as cols
            from pg_index ix
            join pg_class i on i.oid = ix.indexrelid
            join pg_class t on t.oid = ix.indrelid
            join pg_namespace n on n.oid = t.relnamespace
            where n.nspname = current_schema()`,
    );
    for (const { name, tbl, isunique, cols } of indexes) {
        shape.indexes.push({ name: String(name), table: String(tbl), unique: Boolean(isunique), columns: (cols as string[]) ?? [] });
    }
    return shape;
}
