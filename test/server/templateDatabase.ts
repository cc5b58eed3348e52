import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { createDb, sqliteFile } from '../../server/db/createDb';
import { migrateToLatest } from '../../server/db/migrate';

/**
 * A database migrated once per run, copied for each test app: migrating a fresh database took about 2 s on
 * PostgreSQL and 0.3 s on SQLite, and the server suite makes hundreds of them. A copy is a file copy (SQLite) or
 * `CREATE DATABASE … TEMPLATE` (PostgreSQL), a few milliseconds. The name carries a hash of the migrations, so a
 * changed migration gets a template of its own and a stale one is never copied.
 */
const MIGRATIONS = path.resolve('server/db/migrations');
/** The schema the template's tables live in, as each test's own schema did before. */
export const TEMPLATE_SCHEMA = 'shop';

function migrationsHash(): string {
    const hash = createHash('sha256');
    for (const file of fs.readdirSync(MIGRATIONS).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
    return hash.digest('hex').slice(0, 12);
}

const key = migrationsHash();
const sqliteTemplate = path.join(os.tmpdir(), `backoffice-template-${key}.sqlite`);
const pgTemplate = `backoffice_template_${key}`;

const withDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
        return await work(client);
    } finally {
        await client.end();
    }
}

/** Made under a name of its own and renamed into place, so two runs at once never copy a half-made template. */
async function makeSqliteTemplate(): Promise<void> {
    if (fs.existsSync(sqliteTemplate)) return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-template-'));
    const { db } = await createDb({ dataDir: dir });
    await migrateToLatest(db as Kysely<unknown>);
    await db.destroy();
    fs.renameSync(sqliteFile(dir), sqliteTemplate);
    fs.rmSync(dir, { recursive: true, force: true });
}

async function makePgTemplate(url: string): Promise<void> {
    const exists = await admin(url, async (c) => (await c.query('select 1 from pg_database where datname = $1', [pgTemplate])).rowCount);
    if (exists) return;
    const draft = `${pgTemplate}_${randomBytes(4).toString('hex')}`;
    await admin(url, (c) => c.query(`create database ${draft}`));
    const { db } = await createDb({ dataDir: os.tmpdir(), databaseUrl: withDatabase(url, draft), databaseSchema: TEMPLATE_SCHEMA });
    await migrateToLatest(db as Kysely<unknown>, TEMPLATE_SCHEMA);
    await db.destroy();
    await admin(url, async (c) => {
        try {
            await c.query(`alter database ${draft} rename to ${pgTemplate}`);
        } catch {
            await c.query(`drop database ${draft} with (force)`); // another run made it first
        }
    });
}

/** Vitest's global set-up for the server suite: the templates, before any test file starts. */
export async function prepareTemplates(databaseUrl: string | undefined): Promise<void> {
    await makeSqliteTemplate();
    if (databaseUrl) await makePgTemplate(databaseUrl);
}

/** A SQLite database in `dataDir`, already migrated. */
export function copySqliteTemplate(dataDir: string): void {
    fs.copyFileSync(sqliteTemplate, sqliteFile(dataDir));
}

const dropDatabase = (url: string, name: string) => admin(url, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined);

/**
 * A PostgreSQL database of its own, already migrated: its URL, and how to drop it. Within a run of the server suite
 * (`run`, from its global set-up) it is dropped after the run instead: a DROP DATABASE forces a checkpoint, and
 * dropping each after its test made seven files take 110 s instead of 84.
 */
export async function copyPgTemplate(url: string, run?: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
    const name = `test_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`;
    await admin(url, (c) => c.query(`create database ${name} template ${pgTemplate}`));
    return { databaseUrl: withDatabase(url, name), drop: run ? async () => {} : () => dropDatabase(url, name) };
}

/**
 * A name for one run of the server suite, which its test databases carry; it starts with when the run started, so
 * that a later run can tell a finished run's leftovers from the databases of a run still going.
 */
export const newRun = () => `run${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;

const RUN = /^test_run(\d+)_[0-9a-f]+_/;

/** The names of every run's test databases. */
const runDatabases = (url: string) =>
    admin(url, async (c) => (await c.query<{ datname: string }>("select datname from pg_database where datname like 'test\\_run%'")).rows.map((row) => row.datname));

async function dropAll(url: string, names: string[]): Promise<void> {
    for (const name of names) await dropDatabase(url, name);
}

/** Drops the databases of one run, when it has ended. */
export async function dropRunDatabases(url: string, run: string): Promise<void> {
    await dropAll(url, (await runDatabases(url)).filter((name) => name.startsWith(`test_${run}_`)));
}

/** Drops the databases of every run that started over `hours` ago: a run cut short, whose own drop never came. */
export async function dropStaleRunDatabases(url: string, hours: number): Promise<void> {
    const since = Date.now() / 1000 - hours * 3600;
    await dropAll(url, (await runDatabases(url)).filter((name) => Number(RUN.exec(name)?.[1] ?? Infinity) < since));
}

/** Drops a schema a test made on the shared database. */
export function dropSchemaAt(url: string, schema: string): Promise<void> {
    return admin(url, (c) => c.query(`drop schema if exists ${schema} cascade`)).then(() => undefined);
}
