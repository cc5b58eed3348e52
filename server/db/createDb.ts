import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import Cursor from 'pg-cursor';
import type { Config } from '../config';
import type { Database } from './tables';
import { cancelAbandoned } from './abandoned';

export type DbKind = 'sqlite' | 'postgres';

/** How busy a connection pool is (pg.Pool's counts), for the metrics. */
export interface PoolCounts {
    totalCount: number;
    idleCount: number;
    waitingCount: number;
}

export interface Db {
    db: Kysely<Database>;
    kind: DbKind;
    /** PostgreSQL's pool; SQLite has one connection and no pool. */
    pool?: PoolCounts;
}

// pg hands back int8 (count(*), sums) as strings; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The SQLite database file under DATA_DIR; list streams open their own read-only connection to it. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'backoffice.sqlite');

/**
 * Connections PostgreSQL serves well on this machine: about two per core (more only queue inside the
 * server), a few more for long list streams that hold one each.
 */
export const defaultPoolSize = () => os.availableParallelism() * 2 + 4;

/** The one database factory: PostgreSQL when DATABASE_URL says so, else SQLite under DATA_DIR. */
export async function createDb(
    config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'> & Partial<Pick<Config, 'dbPoolMax' | 'dbStatementTimeoutMs' | 'sqliteCacheMb'>>,
): Promise<Db> {
    const plugins = [new CamelCasePlugin()];
    if (config.databaseUrl) {
        const schema = config.databaseSchema;
        if (schema) await ensureSchema(config.databaseUrl, schema);
        const options: pg.ClientConfig = { connectionString: config.databaseUrl };
        const settings = [`-c statement_timeout=${config.dbStatementTimeoutMs ?? 30_000}`, ...(schema ? [`-c search_path=${schema}`] : [])];
        const pool = cancelAbandoned(
            // A database that does not answer a connection within the timeout is out of service (503), not a wait.
            new pg.Pool({ ...options, max: config.dbPoolMax ?? defaultPoolSize(), options: settings.join(' '), connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
            options,
        );
        pool.on('connect', (client) => {
            prepareKept(client);
            // A connection lost while checked out of the pool (a transaction, an advisory lock's session) says so on
            // the client, which the pool no longer listens to: unheard, that 'error' would end the process. The
            // statement running on it fails with the same error, and its request answers 503; the pool drops it.
            client.on('error', () => {});
        });
        // The same for an idle connection the database dropped (a restart, a cancelled request's closed connection):
        // it leaves the pool on its own and the next query opens another.
        pool.on('error', () => {});
        // The cursor lets a bare list stream its rows instead of holding them all.
        return { kind: 'postgres', pool, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }), plugins }) };
    }
    fs.mkdirSync(config.dataDir, { recursive: true });
    const database = new SQLite(sqliteFile(config.dataDir));
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    // In KiB when negative. A bare list's stream reads on a connection of its own, with SQLite's default.
    if (config.sqliteCacheMb) database.pragma(`cache_size = ${-Math.round(config.sqliteCacheMb * 1024)}`);
    const db = new Kysely<Database>({ dialect: new SafeRollbackSqliteDialect({ database }), plugins });
    reusePrepared(database);
    return { kind: 'sqlite', db };
}

/** How long a new PostgreSQL connection may take before the request that wanted it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR); Kysely's rollback then
 * fails with "cannot rollback - no transaction is active", and that error would replace the one that says why.
 */
class SafeRollbackSqliteDialect extends SqliteDialect {
    constructor(private readonly sqlite: { database: SQLite.Database }) {
        super(sqlite);
    }

    createDriver() {
        const driver = super.createDriver();
        const rollback = driver.rollbackTransaction.bind(driver);
        driver.rollbackTransaction = async (connection) => {
            if (this.sqlite.database.inTransaction) await rollback(connection);
        };
        return driver;
    }
}

/** Statements that run on (nearly) every request, by their SQL: each PostgreSQL connection prepares them once. */
const kept = new Map<string, string>();
/**
 * At most this many: a name is never given to another text (a connection holds each name's statement until it
 * closes), so the first ones keep theirs and later texts simply run unnamed, planned each time.
 */
const MAX_KEPT = 1_000;

/**
 * Keeps a statement prepared on PostgreSQL (a named statement per connection: parsed and planned once, not on
 * every run); SQLite keeps every statement prepared already (reusePrepared). For statements whose plan does not
 * depend on their values: the session lookup, the list versions, a list page of one shape (its sort and seek,
 * not a filter or a search, whose matches may be a handful or all rows). PostgreSQL plans the first five runs
 * for their values, then keeps one plan when it costs no more.
 */
export function keepPrepared(sqlText: string): void {
    if (!kept.has(sqlText) && kept.size < MAX_KEPT) kept.set(sqlText, `kept_${kept.size}`);
}

/** A new PostgreSQL connection sends kept statements by name; pg prepares each the first time it meets it. */
function prepareKept(client: pg.PoolClient) {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
        const name = typeof text === 'string' && Array.isArray(values) ? kept.get(text) : undefined;
        return name ? query({ name, text, values }, callback) : query(text, values, callback);
    }) as typeof client.query;
}

async function ensureSchema(databaseUrl: string, schema: string) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
        await client.query(`create schema if not exists ${schema}`);
    } catch (error) {
        // Another instance made it at the same moment ("if not exists" does not cover that race).
        if ((error as { code?: string }).code !== '23505') throw error;
    } finally {
        await client.end();
    }
}

export async function dropSchema(db: Kysely<Database>, schema: string) {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
}

/**
 * Kysely prepares every statement anew, and preparing costs more than running a short indexed query; the
 * same few hundred statements (lists, sessions) are kept prepared instead. Safe because better-sqlite3 runs
 * one statement at a time on the connection (list streams iterate on a connection of their own).
 */
function reusePrepared(database: SQLite.Database, max = 500) {
    const prepared = new Map<string, SQLite.Statement>();
    const prepare = database.prepare.bind(database);
    database.prepare = ((source: string) => {
        let statement = prepared.get(source);
        if (!statement) {
            statement = prepare(source);
            if (prepared.size >= max) prepared.delete(prepared.keys().next().value!);
            prepared.set(source, statement);
        }
        return statement;
    }) as typeof database.prepare;
}
