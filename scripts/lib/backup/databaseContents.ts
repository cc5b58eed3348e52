import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { imageColumns } from '../../../server/app';
import { entities } from '../../../schema';

/** The few catalogue questions the backup asks, in either dialect. */
export interface CatalogReader {
    tables(): Promise<string[]>;
    columns(table: string): Promise<string[]>;
    /** The rows of a statement over `qualified(table)` names. */
    rows(statement: string): Promise<Array<Record<string, unknown>>>;
    qualified(table: string): string;
}

export interface DatabaseContents {
    tables: Record<string, number>;
    migrations: string[];
    /** The storage keys the rows name: `uploads/<name>` for pictures, `videos/<name>` for the video library. */
    referenced: string[];
}

const MIGRATIONS_TABLE = 'kysely_migration';
const UPLOAD_PATH = /^\/uploads\/([\w-]+\.\w+)$/;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
// The tables are written through Kysely's CamelCasePlugin: `productImages` is the table product_images.
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function sqliteReader(db: SQLite.Database): CatalogReader {
    return {
        tables: async () =>
            (db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`).all() as Array<{ name: string }>).map(
                (row) => row.name,
            ),
        columns: async (table) => (db.prepare(`select name from pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((row) => row.name),
        rows: async (statement) => db.prepare(statement).all() as Array<Record<string, unknown>>,
        qualified: quote,
    };
}

export function postgresReader(client: pg.ClientBase, schema: string): CatalogReader {
    return {
        tables: async () =>
            (
                await client.query<{ name: string }>(
                    `select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
                    [schema],
                )
            ).rows.map((row) => row.name),
        columns: async (table) =>
            (await client.query<{ name: string }>(`select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2`, [schema, table])).rows.map(
                (row) => row.name,
            ),
        rows: async (statement) => (await client.query(statement)).rows as Array<Record<string, unknown>>,
        qualified: (table) => `${quote(schema)}.${quote(table)}`,
    };
}

/** Which columns name stored files: the app's picture columns, and the video library's stored names. */
function fileColumns() {
    const pictures = imageColumns(entities).map(({ table, column }) => ({ table: snake(table), column: snake(column), area: 'uploads' as const }));
    return [...pictures, { table: 'videos', column: 'stored_name', area: 'videos' as const }];
}

/** What a database holds, as a backup records it and a restore checks it: row counts, migrations, named files. */
export async function databaseContents(reader: CatalogReader): Promise<DatabaseContents> {
    const names = await reader.tables();
    const tables: Record<string, number> = {};
    for (const table of names) {
        const [row] = await reader.rows(`select count(*) as count from ${reader.qualified(table)}`);
        tables[table] = Number(row.count);
    }
    const migrations = names.includes(MIGRATIONS_TABLE)
        ? (await reader.rows(`select name from ${reader.qualified(MIGRATIONS_TABLE)} order by name`)).map((row) => String(row.name))
        : [];
    const referenced = new Set<string>();
    for (const { table, column, area } of fileColumns()) {
        if (!names.includes(table) || !(await reader.columns(table)).includes(column)) continue;
        const rows = await reader.rows(`select distinct ${quote(column)} as value from ${reader.qualified(table)} where ${quote(column)} is not null`);
        for (const { value } of rows) {
            const name = area === 'uploads' ? UPLOAD_PATH.exec(String(value))?.[1] : String(value);
            if (name) referenced.add(`${area}/${name}`);
        }
    }
    return { tables, migrations, referenced: [...referenced].sort() };
}
