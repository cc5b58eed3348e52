import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { snakeCase } from './sqlName';

/** What one list reads, in the schema's names (camelCase); see `list` in schema/types.ts. */
export interface ListIndexSpec {
    table: string;
    /** Columns `q` searches: an FTS5 trigram table (SQLite) or pg_trgm GIN indexes (PostgreSQL). */
    search?: string[];
    /** Columns a client may sort by: an index each way with id as the tie-breaker, so no sort scans. */
    sort?: string[];
    /** Columns a client may filter on: an index each, ordered by id within the value. */
    filters?: string[];
}

const snake = (name: string) => {
    const converted = snakeCase(name);
    if (!/^[a-z_][a-z0-9_]*$/.test(converted)) throw new Error(`Bad SQL name ${name}`);
    return converted;
};

/** The SQLite FTS5 table that indexes a list's search columns; list.ts reads it when `list_state` says so. */
export const searchTableOf = (table: string) => `${snake(table)}_search`;

/**
 * Everything a list needs to answer at the speed of its indexes, for one table: sort and filter indexes,
 * the text index of its search columns kept in step with writes by triggers, and a `list_state` row whose
 * version every write bumps (list.ts keeps totals per filter until it moves). Call it from the migration
 * that creates an entity's table, with the entity's `list` as it is then.
 */
export async function createListIndexes(db: Kysely<unknown>, spec: ListIndexSpec): Promise<void> {
    const table = snake(spec.table);
    const raw = sql.raw;
    const indexes = new Map<string, string>();
    for (const column of (spec.sort ?? []).map(snake).filter((c) => c !== 'id')) {
        indexes.set(`${table}_${column}_id_list_idx`, `${column}, id`);
        indexes.set(`${table}_${column}_desc_id_list_idx`, `${column} desc, id`);
    }
    for (const column of (spec.filters ?? []).map(snake)) indexes.set(`${table}_${column}_id_list_idx`, `${column}, id`);
    for (const [name, columns] of indexes) await sql`create index ${raw(name)} on ${raw(table)} (${raw(columns)})`.execute(db);

    const search = (spec.search ?? []).map(snake);
    const postgres = isPostgres(db);
    await sql`insert into list_state (table_name, version, text_index) values (${table}, 0, ${search.length ? (postgres ? 'trgm' : 'fts5') : null})`.execute(db);
    await createVersionTriggers(db, table);

    if (postgres) {
        const opclass = await trigramOpclass(db);
        for (const column of search) {
            await sql`create index ${raw(`${table}_${column}_trgm_idx`)} on ${raw(table)} using gin (lower(${raw(column)}) ${opclass})`.execute(db);
        }
        return;
    }

    if (!search.length) return;
    const fts = raw(searchTableOf(spec.table));
    const columns = raw(search.join(', '));
    const values = (row: 'new' | 'old') => raw(search.map((c) => `${row}.${c}`).join(', '));
    // External content: the text stays in the table; the index holds only trigrams (substrings, any case).
    await sql`create virtual table ${fts} using fts5(${columns}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
    await sql`create trigger ${raw(`${table}_search_insert`)} after insert on ${raw(table)} begin
        insert into ${fts}(rowid, ${columns}) values (new.id, ${values('new')}); end`.execute(db);
    await sql`create trigger ${raw(`${table}_search_delete`)} after delete on ${raw(table)} begin
        insert into ${fts}(${fts}, rowid, ${columns}) values ('delete', old.id, ${values('old')}); end`.execute(db);
    await sql`create trigger ${raw(`${table}_search_update`)} after update of ${columns} on ${raw(table)} begin
        insert into ${fts}(${fts}, rowid, ${columns}) values ('delete', old.id, ${values('old')});
        insert into ${fts}(rowid, ${columns}) values (new.id, ${values('new')}); end`.execute(db);
}

/**
 * A `list_state` version, without a list, for a table whose rows other lists show (a gallery): every write to
 * it moves the version, so answers kept by the lists that show it (server/engine/list/cache/keptAnswers.ts) are read again.
 */
export async function createWriteVersion(db: Kysely<unknown>, tableName: string): Promise<void> {
    const table = snake(tableName);
    await sql`insert into list_state (table_name, version, text_index) values (${table}, 0, null)`.execute(db);
    await createVersionTriggers(db, table);
}

/** The triggers that bump a table's `list_state` version on every write (`table` already in SQL's name). */
async function createVersionTriggers(db: Kysely<unknown>, table: string): Promise<void> {
    const raw = sql.raw;
    if (isPostgres(db)) {
        // One bump per statement: a bulk write costs one update of the counter.
        await sql`create trigger ${raw(`${table}_list_state`)} after insert or update or delete on ${raw(table)}
            for each statement execute function list_state_bump()`.execute(db);
        return;
    }
    for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${raw(`${table}_list_state_${event}`)} after ${raw(event)} on ${raw(table)} begin
            update list_state set version = version + 1 where table_name = ${sql.lit(table)}; end`.execute(db);
    }
}

/** The `list_state` row of the version that inserts and deletes move: `products:rows`. */
export const rowsVersionName = (table: string) => `${snake(table)}:rows`;

/** The `list_state` row of the version that updates changing one column's value move: `products.price`. */
export const columnVersionName = (table: string, column: string) => `${snake(table)}.${snake(column)}`;

/**
 * Versions per column beside the table's one: a list whose order and filters read only some columns keeps its
 * page boundaries and totals (server/engine/list/cache/keptTotals.ts) while writes change only others — a stock or price write
 * leaves the name order standing. Every column of the table as it is now gets one; a column added later has
 * none until this runs again (a generated migration does), and lists that read it follow the table's version
 * meanwhile. A column's trigger must go before the column does (dropColumnVersions; SQLite and PostgreSQL
 * both refuse otherwise), which is why createListIndexes, run by migrations that predate these, leaves them to
 * the migrations that follow. Run again, it makes the same.
 */
export async function createColumnVersions(db: Kysely<unknown>, tableName: string): Promise<void> {
    const table = snake(tableName);
    const raw = sql.raw;
    const postgres = isPostgres(db);
    const columns = (await columnsOf(db, table)).filter((column) => column !== 'id');
    await dropColumnVersions(db, tableName);
    for (const name of [rowsVersionName(table), ...columns.map((column) => columnVersionName(table, column))]) {
        await sql`insert into list_state (table_name, version, text_index) values (${name}, 0, null) on conflict (table_name) do nothing`.execute(db);
    }
    const rows = sql.lit(rowsVersionName(table));
    if (postgres) {
        await sql`create or replace function list_state_bump_named() returns trigger language plpgsql as $$
            begin update list_state set version = version + 1 where table_name = TG_ARGV[0]; return null; end $$`.execute(db);
        await sql`create trigger ${raw(`${table}_version_rows`)} after insert or delete on ${raw(table)}
            for each statement execute function list_state_bump_named(${rows})`.execute(db);
        for (const column of columns) {
            await sql`create trigger ${raw(`${table}_version_of_${column}`)} after update of ${raw(column)} on ${raw(table)}
                for each row when (old.${raw(column)} is distinct from new.${raw(column)})
                execute function list_state_bump_named(${sql.lit(columnVersionName(table, column))})`.execute(db);
        }
        return;
    }
    for (const event of ['insert', 'delete']) {
        await sql`create trigger ${raw(`${table}_version_rows_${event}`)} after ${raw(event)} on ${raw(table)} begin
            update list_state set version = version + 1 where table_name = ${rows}; end`.execute(db);
    }
    for (const column of columns) {
        await sql`create trigger ${raw(`${table}_version_of_${column}`)} after update of ${raw(column)} on ${raw(table)}
            when old.${raw(column)} is not new.${raw(column)} begin
            update list_state set version = version + 1 where table_name = ${sql.lit(columnVersionName(table, column))}; end`.execute(db);
    }
}

/** Undoes createColumnVersions: the triggers it made (found by their names) and their `list_state` rows. */
export async function dropColumnVersions(db: Kysely<unknown>, tableName: string): Promise<void> {
    const table = snake(tableName);
    // LIKE reads `_` as any character: escaped, the pattern matches these names only.
    const pattern = `${table}_version_%`.replace(/_/g, '\\_');
    if (isPostgres(db)) {
        const { rows } = await sql<{ name: string }>`select tgname as name from pg_trigger
            where tgrelid = to_regclass(${table}) and tgname like ${pattern} escape '\\'`.execute(db);
        for (const { name } of rows) await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
    } else {
        const { rows } = await sql<{ name: string }>`select name from sqlite_master
            where type = 'trigger' and tbl_name = ${table} and name like ${pattern} escape '\\'`.execute(db);
        for (const { name } of rows) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
    await sql`delete from list_state where table_name = ${rowsVersionName(table)} or table_name like ${`${table}.%`.replace(/_/g, '\\_')} escape '\\'`.execute(db);
}

/** The table's columns, in SQL's names. */
async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
    const { rows } = isPostgres(db)
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db)
        : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    return rows.map(({ name }) => name);
}

/** Undoes createWriteVersion (for a migration's down). */
export async function dropWriteVersion(db: Kysely<unknown>, tableName: string): Promise<void> {
    await dropListIndexes(db, { table: tableName });
}

/** Undoes createListIndexes (for a migration's down). */
export async function dropListIndexes(db: Kysely<unknown>, spec: ListIndexSpec): Promise<void> {
    const table = snake(spec.table);
    const raw = sql.raw;
    await dropColumnVersions(db, spec.table);
    const names = [
        ...(spec.sort ?? []).map(snake).filter((c) => c !== 'id').flatMap((c) => [`${table}_${c}_id_list_idx`, `${table}_${c}_desc_id_list_idx`]),
        ...(spec.filters ?? []).map(snake).map((c) => `${table}_${c}_id_list_idx`),
    ];
    for (const name of new Set(names)) await sql`drop index if exists ${raw(name)}`.execute(db);
    if (isPostgres(db)) {
        for (const column of (spec.search ?? []).map(snake)) await sql`drop index if exists ${raw(`${table}_${column}_trgm_idx`)}`.execute(db);
        await sql`drop trigger if exists ${raw(`${table}_list_state`)} on ${raw(table)}`.execute(db);
    } else {
        for (const name of ['list_state_insert', 'list_state_update', 'list_state_delete', 'search_insert', 'search_delete', 'search_update']) {
            await sql`drop trigger if exists ${raw(`${table}_${name}`)}`.execute(db);
        }
        await sql`drop table if exists ${raw(searchTableOf(spec.table))}`.execute(db);
    }
    await sql`delete from list_state where table_name = ${table}`.execute(db);
}

/** The state table and, on PostgreSQL, pg_trgm and the bump function; once, before the first createListIndexes. */
export async function createListState(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('list_state')
        .addColumn('table_name', 'varchar(63)', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('text_index', 'varchar(10)')
        .execute();
    if (!isPostgres(db)) return;
    await sql`create or replace function list_state_bump() returns trigger language plpgsql as $$
        begin update list_state set version = version + 1 where table_name = TG_TABLE_NAME; return null; end $$`.execute(db);
    await ensureTrigram(db);
}

/**
 * pg_trgm, kept in `public`: an extension lives in one schema per database, and one made inside a
 * schema that is later dropped (as each test's is) would take every trigram index with it.
 */
async function ensureTrigram(db: Kysely<unknown>) {
    if ((await extensionSchema(db)) === 'public') return;
    // Migrations of other schemas may be at the same point; one at a time creates or moves it.
    await sql`select pg_advisory_xact_lock(hashtext('pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    if ((await extensionSchema(db)) !== 'public') await sql`alter extension pg_trgm set schema public`.execute(db);
}

async function extensionSchema(db: Kysely<unknown>): Promise<string | undefined> {
    const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    return rows[0]?.schema;
}

async function trigramOpclass(db: Kysely<unknown>) {
    const schema = (await extensionSchema(db)) ?? 'public';
    return sql`${sql.id(schema)}.gin_trgm_ops`;
}
