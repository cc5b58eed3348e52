import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';
import { createSqliteRowVersionTriggers } from '../rowVersions';

// The rows written since a table's versions were read, found by an index: a list that keeps its
// table's row versions in memory reads only those after a write, not every row again (server/engine/keptOrders.ts).
// SQLite: a written row's version becomes one more than its table's highest (one writer at a time, so in the order
// of commits), and the rows above a version are a range of the new index. PostgreSQL commits its transactions in
// an order no counter gives, so each row names the transaction that wrote it last, and the rows written since are
// those of transactions a snapshot taken then did not see. Frozen once committed.

const sqliteTables = async (db: Kysely<unknown>) =>
    (await sql<{ name: string }>`select distinct tbl_name as name from sqlite_master where type = 'trigger' and name like '%\\_row\\_version\\_%' escape '\\' order by name`.execute(db)).rows.map(
        ({ name }) => name,
    );

export async function up(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) {
        await sql`alter table row_versions add column written_by xid8 not null default '0'`.execute(db);
        await sql`create index row_versions_written on row_versions (table_name, written_by)`.execute(db);
        await bumpFunction(db, true);
        return;
    }
    await sql`create index row_versions_feed on row_versions (table_name, version)`.execute(db);
    for (const table of await sqliteTables(db)) {
        for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${table}_row_version_${event}`)}`.execute(db);
        await createSqliteRowVersionTriggers(db, table);
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) {
        await bumpFunction(db, false);
        await sql`drop index row_versions_written`.execute(db);
        await sql`alter table row_versions drop column written_by`.execute(db);
        return;
    }
    await sql`drop index row_versions_feed`.execute(db);
    for (const table of await sqliteTables(db)) {
        for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']]) {
            await sql`drop trigger ${sql.id(`${table}_row_version_${event}`)}`.execute(db);
            await sql`create trigger ${sql.id(`${table}_row_version_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
                insert into row_versions (table_name, row_id, version) values (${sql.lit(table)}, ${sql.raw(row)}.id, 1)
                    on conflict (table_name, row_id) do update set version = row_versions.version + 1; end`.execute(db);
        }
    }
}

/** PostgreSQL's trigger function, naming the writing transaction or (down) as it was. */
async function bumpFunction(db: Kysely<unknown>, naming: boolean) {
    const [columns, values, set] = naming
        ? [sql`, written_by`, sql`, pg_current_xact_id()`, sql`, written_by = excluded.written_by`]
        : [sql``, sql``, sql``];
    await sql`create or replace function row_version_bump() returns trigger language plpgsql as $$
        begin
            insert into row_versions (table_name, row_id, version${columns})
                values (TG_TABLE_NAME, case when TG_OP = 'DELETE' then old.id else new.id end, 1${values})
                on conflict (table_name, row_id) do update set version = row_versions.version + 1${set};
            return null;
        end $$`.execute(db);
}
