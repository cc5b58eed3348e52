import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../../server/config';
import { sqliteFile } from '../../../server/db/createDb';
import { BackupError } from './BackupError';
import { hashedCopy } from './hashedCopy';
import type { Manifest } from './manifest';
import { majorOf, pgConnection, pgToolVersion, runPgTool } from './pgTools';

const fileIn = (backupDir: string, manifest: Manifest) => path.join(backupDir, ...manifest.database.file.split('/'));

/** Copies the saved SQLite file into DATA_DIR under a draft name, checks it, then renames it into place. */
export async function restoreSqlite(backupDir: string, manifest: Manifest, dataDir: string, replace: boolean): Promise<void> {
    const target = sqliteFile(dataDir);
    const draft = `${target}.restoring`;
    await fsp.mkdir(dataDir, { recursive: true });
    await fsp.rm(draft, { force: true });
    const copied = await hashedCopy(fs.createReadStream(fileIn(backupDir, manifest)), draft);
    const expected = manifest.files.find((file) => file.path === manifest.database.file)!;
    if (copied.sha256 !== expected.sha256) {
        await fsp.rm(draft, { force: true });
        throw new BackupError(`${manifest.database.file} changed while it was being restored: nothing was replaced; run the restore again.`);
    }
    // The replaced database's write-ahead log would be replayed into the restored one.
    if (replace) for (const suffix of ['-wal', '-shm', '-journal']) await fsp.rm(`${target}${suffix}`, { force: true });
    await fsp.rename(draft, target);
}

/** pg_restore's table of contents, without the schema's own creation when the schema is there already (empty). */
async function restoreList(archive: string, schema: string, schemaExists: boolean, env: NodeJS.ProcessEnv) {
    const list = await runPgTool('pg_restore', ['--list', archive], env);
    if (!schemaExists) return list;
    const createsSchema = new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${schema}(\\s|$)`);
    return list
        .split('\n')
        .map((line) => (createsSchema.test(line) ? `;${line}` : line))
        .join('\n');
}

/**
 * Restores the pg_dump archive with pg_restore in one transaction (a failure leaves the target as it was). The
 * archive names its schema, so the target must be that same schema, empty; `replace` drops it first.
 */
export async function restorePostgres(backupDir: string, manifest: Manifest, config: Config, replace: boolean, warnings: string[]): Promise<void> {
    const schema = config.databaseSchema ?? 'public';
    const pgRestoreVersion = await pgToolVersion('pg_restore');
    const dumped = manifest.database.pgDumpVersion ?? '0';
    if (majorOf(pgRestoreVersion) < majorOf(dumped)) {
        throw new BackupError(`The backup was dumped by pg_dump ${dumped} and pg_restore here is ${pgRestoreVersion}, which cannot read it: install the PostgreSQL ${majorOf(dumped)} client tools.`);
    }
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    let schemaExists: boolean;
    try {
        const { rows } = await client.query<{ server_version: string }>('show server_version');
        const serverVersion = rows[0].server_version.split(' ')[0];
        if (manifest.database.serverVersion && majorOf(serverVersion) !== majorOf(manifest.database.serverVersion)) {
            warnings.push(`Note: the backup came from PostgreSQL ${manifest.database.serverVersion} and is restored into PostgreSQL ${serverVersion}.`);
        }
        if (replace) await client.query(`drop schema if exists "${schema}" cascade`);
        for (const { name, schema: home } of manifest.database.extensions ?? []) {
            if (![name, home].every((word) => /^[a-z_][a-z0-9_]*$/.test(word))) throw new BackupError(`The backup's manifest names an extension "${name}" in "${home}": it is damaged.`);
            await client.query(`create schema if not exists "${home}"`);
            await client.query(`create extension if not exists "${name}" with schema "${home}"`);
        }
        schemaExists = (await client.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount === 1;
    } finally {
        await client.end();
    }
    const { url, env } = pgConnection(config.databaseUrl!);
    const archive = fileIn(backupDir, manifest);
    const listDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'grocer-restore-'));
    try {
        const listFile = path.join(listDir, 'restore.list');
        await fsp.writeFile(listFile, await restoreList(archive, schema, schemaExists, env));
        await runPgTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, `--dbname=${url}`, archive], env);
    } finally {
        await fsp.rm(listDir, { recursive: true, force: true });
    }
}
