import { sql, type Kysely } from 'kysely';
import { createRowVersions, createRowVersionsTable, dropRowVersions, dropRowVersionsTable } from '../rowVersions';

// A version per row for every table with a `list_state` row: a list keeps its records' JSON and reads
// again only the rows written since. Frozen once committed.
const listTables = async (db: Kysely<unknown>) =>
    (await sql<{ name: string }>`select table_name as name from list_state where table_name not like '%.%' and table_name not like '%:%' order by table_name`.execute(db)).rows.map(
        ({ name }) => name,
    );

export async function up(db: Kysely<unknown>): Promise<void> {
    await createRowVersionsTable(db);
    for (const table of await listTables(db)) await createRowVersions(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of await listTables(db)) await dropRowVersions(db, table);
    await dropRowVersionsTable(db);
}
