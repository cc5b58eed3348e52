import { sql, type Kysely } from 'kysely';
import { createColumnVersions, dropColumnVersions } from '../listIndexes';

// Versions per column beside each list table's one: page boundaries and totals then follow only the
// columns their list reads, and a stock or price write leaves the other orders' boundaries standing. Every table
// with a `list_state` row gets them, for all its columns as they are now. Frozen once committed.
const listTables = async (db: Kysely<unknown>) =>
    (await sql<{ name: string }>`select table_name as name from list_state where table_name not like '%.%' and table_name not like '%:%' order by table_name`.execute(db)).rows.map(
        ({ name }) => name,
    );

export async function up(db: Kysely<unknown>): Promise<void> {
    for (const table of await listTables(db)) await createColumnVersions(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of await listTables(db)) await dropColumnVersions(db, table);
}
