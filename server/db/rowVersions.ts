import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { snakeCase } from './sqlName';

// A version per row, beside the table's one in `list_state`: every write to a row moves its own, so a list can
// keep each record's JSON and read again only the rows written since (server/engine/list/cache/keptRecords.ts), where the
// table's version throws every kept page away on any write. The versions live in their own table, not in a
// column of each, so a record, an export or a webhook never shows them.

/** The `row_versions` table; once, before the first createRowVersions. */
export async function createRowVersionsTable(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('row_versions')
        .addColumn('table_name', 'varchar(63)', (c) => c.notNull())
        .addColumn('row_id', 'bigint', (c) => c.notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('row_versions_pk', ['table_name', 'row_id'])
        .execute();
    if (!isPostgres(db)) return;
    // A deleted row's version stays, moved once more: an id used again (SQLite may reuse the highest) never
    // meets a version it had before.
    await sql`create or replace function row_version_bump() returns trigger language plpgsql as $$
        begin
            insert into row_versions (table_name, row_id, version)
                values (TG_TABLE_NAME, case when TG_OP = 'DELETE' then old.id else new.id end, 1)
                on conflict (table_name, row_id) do update set version = row_versions.version + 1;
            return null;
        end $$`.execute(db);
}

const triggerName = (table: string, event: string) => `${table}_row_version_${event}`;

/**
 * Triggers that move a row's version on every insert, update and delete of `tableName` (in the writer's own
 * transaction, so every writer is seen, other servers too), and a first version for the rows already there.
 */
export async function createRowVersions(db: Kysely<unknown>, tableName: string): Promise<void> {
    const table = snakeCase(tableName);
    const raw = sql.raw;
    if (isPostgres(db)) {
        await sql`create trigger ${raw(triggerName(table, 'write'))} after insert or update or delete on ${raw(table)}
            for each row execute function row_version_bump()`.execute(db);
    } else {
        await createSqliteRowVersionTriggers(db, table);
    }
    // `where true`: SQLite reads an ON CONFLICT after a bare SELECT as a join's.
    await sql`insert into row_versions (table_name, row_id, version) select ${table}, id, 1 from ${raw(table)} where true
        on conflict (table_name, row_id) do nothing`.execute(db);
}

/**
 * SQLite's triggers for `table` (snake case): a written row's version becomes one more than the highest of its
 * table, so the rows written since a version are those above it (server/engine/list/cache/keptOrders.ts reads only them).
 * SQLite has one writer at a time, so versions are given in the order their writes commit.
 */
export async function createSqliteRowVersionTriggers(db: Kysely<unknown>, table: string): Promise<void> {
    const raw = sql.raw;
    for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']]) {
        await sql`create trigger ${raw(triggerName(table, event))} after ${raw(event)} on ${raw(table)} begin
            insert into row_versions (table_name, row_id, version)
                values (${sql.lit(table)}, ${raw(row)}.id, 1 + coalesce((select max(version) from row_versions where table_name = ${sql.lit(table)}), 0))
                on conflict (table_name, row_id) do update set version = excluded.version; end`.execute(db);
    }
}

/** Undoes createRowVersions. */
export async function dropRowVersions(db: Kysely<unknown>, tableName: string): Promise<void> {
    const table = snakeCase(tableName);
    if (isPostgres(db)) await sql`drop trigger if exists ${sql.raw(triggerName(table, 'write'))} on ${sql.raw(table)}`.execute(db);
    else for (const event of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(triggerName(table, event))}`.execute(db);
    await sql`delete from row_versions where table_name = ${table}`.execute(db);
}

/** Undoes createRowVersionsTable, after every table's createRowVersions is undone. */
export async function dropRowVersionsTable(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('row_versions').execute();
    if (isPostgres(db)) await sql`drop function if exists row_version_bump()`.execute(db);
}

/**
 * A table's row versions by id going up (deleted rows' too), and where to read the rows written since: on SQLite
 * the highest version seen, on PostgreSQL the snapshot the read was made in (a row it did not see was written since).
 */
export interface RowVersions {
    ids: Float64Array;
    versions: Float64Array;
    since: string;
}

const versionsOf = (rows: Array<{ id: unknown; version: unknown }>) => ({
    ids: Float64Array.from(rows, ({ id }) => Number(id)),
    versions: Float64Array.from(rows, ({ version }) => Number(version)),
});

/** SQLite's `since`: the highest of `versions` and `floor`. */
const highest = (versions: Float64Array, floor: number) => String(versions.reduce((high, version) => Math.max(high, version), floor));

/** Every row version of `table` (snake case), in one statement. */
export async function readRowVersions(db: Kysely<unknown>, table: string): Promise<RowVersions> {
    const all = sql`select row_id as id, version from row_versions where table_name = ${table}`;
    if (isPostgres(db)) {
        // The snapshot as a row of its own, first: in the same statement, so it saw what the read saw.
        const { rows } = await sql<{ id: unknown; version: unknown; since: string | null }>`select null as id, null as version, pg_current_snapshot()::text as since
            union all select *, null from (${all}) versions order by id nulls first`.execute(db);
        return { ...versionsOf(rows.slice(1)), since: rows[0].since! };
    }
    const read = versionsOf((await sql<{ id: unknown; version: unknown }>`${all} order by row_id`.execute(db)).rows);
    return { ...read, since: highest(read.versions, 0) };
}

/** The row versions of `table` written since `since` (a RowVersions'), by id going up, and where to read from next. */
export async function rowVersionsSince(db: Kysely<unknown>, table: string, since: string): Promise<RowVersions> {
    if (isPostgres(db)) {
        const snapshot = sql`cast(${since} as pg_snapshot)`;
        const { rows } = await sql<{ since: string; id: unknown; version: unknown }>`select now.since, rv.row_id as id, rv.version
            from (select pg_current_snapshot()::text as since) now left join row_versions rv on rv.table_name = ${table}
                and rv.written_by >= pg_snapshot_xmin(${snapshot}) and not pg_visible_in_snapshot(rv.written_by, ${snapshot})
            order by rv.row_id`.execute(db);
        return { ...versionsOf(rows.filter(({ id }) => id !== null)), since: rows[0].since };
    }
    const { rows } = await sql<{ id: unknown; version: unknown }>`select row_id as id, version from row_versions
        where table_name = ${table} and version > ${Number(since)} order by row_id`.execute(db);
    const read = versionsOf(rows);
    return { ...read, since: highest(read.versions, Number(since)) };
}

/**
 * Where to read from the rows of `table` written after this moment: a read of something else taken after it and
 * brought up to date from it later (rowVersionsSince) then misses no write, and reads again at most a few it saw.
 */
export async function rowVersionsMark(db: Kysely<unknown>, table: string): Promise<string> {
    if (isPostgres(db)) return (await sql<{ since: string }>`select pg_current_snapshot()::text as since`.execute(db)).rows[0].since;
    const { rows } = await sql<{ since: unknown }>`select coalesce(max(version), 0) as since from row_versions where table_name = ${table}`.execute(db);
    return String(rows[0].since);
}
