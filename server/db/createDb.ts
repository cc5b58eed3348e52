import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config';
import type { Database } from './schema';

export type DbKind = 'sqlite' | 'postgres';

export interface Db {
    db: Kysely<Database>;
    kind: DbKind;
}

// pg hands back int8 (count(*), sums) as strings; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The one database factory: PostgreSQL when DATABASE_URL says so, else SQLite under DATA_DIR. */
export async function createDb(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Db> {
    const plugins = [new CamelCasePlugin()];
    if (config.databaseUrl) {
        const schema = config.databaseSchema;
        if (schema) await ensureSchema(config.databaseUrl, schema);
        const pool = new pg.Pool({
            connectionString: config.databaseUrl,
            max: 10,
            ...(schema ? { options: `-c search_path=${schema}` } : {}),
        });
        return { kind: 'postgres', db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }) };
    }
    fs.mkdirSync(config.dataDir, { recursive: true });
    const database = new SQLite(path.join(config.dataDir, 'backoffice.sqlite'));
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), plugins });
    return { kind: 'sqlite', db };
}

async function ensureSchema(databaseUrl: string, schema: string) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
        await client.query(`create schema if not exists ${schema}`);
    } finally {
        await client.end();
    }
}

export async function dropSchema(db: Kysely<Database>, schema: string) {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
}
