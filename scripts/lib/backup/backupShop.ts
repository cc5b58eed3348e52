import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../server/config';
import { BackupError } from './BackupError';
import { backupMedia } from './backupMedia';
import type { DatabaseContents } from './databaseContents';
import { digestOfFile } from './hashedCopy';
import { MANIFEST_FILE, MANIFEST_FORMAT, type Manifest, type ManifestDatabase } from './manifest';
import { mediaStorage } from './mediaStorage';
import { snapshotPostgres } from './snapshotPostgres';
import { snapshotSqlite } from './snapshotSqlite';

export interface BackupResult {
    dir: string;
    manifest: Manifest;
    bytes: number;
    warnings: string[];
}

const appVersion = async () =>
    (JSON.parse(await fsp.readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** `grocer-backup-2026-11-29T01-02-03Z`: sorts by time, and has no colon (which some file systems refuse). */
export const backupName = (at: Date) => `grocer-backup-${at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}`;

/** Snapshots the database into `<work>/database/`, and describes it for the manifest. */
async function snapshotDatabase(config: Config, work: string, warnings: string[]): Promise<{ database: ManifestDatabase; contents: DatabaseContents }> {
    await fsp.mkdir(path.join(work, 'database'));
    if (config.databaseUrl) {
        const file = 'database/postgres.dump';
        const { warnings: notes, schema, serverVersion, pgDumpVersion, extensions, ...contents } = await snapshotPostgres(config, path.join(work, file));
        warnings.push(...notes);
        return { contents, database: { kind: 'postgres', file, ...described(contents), schema, serverVersion, pgDumpVersion, extensions } };
    }
    const file = 'database/backoffice.sqlite';
    const contents = await snapshotSqlite(config.dataDir, path.join(work, file));
    if (!contents.migrations.length) throw new BackupError(`${config.dataDir} holds no shop (no migrations have run in its database): check DATA_DIR.`);
    return { contents, database: { kind: 'sqlite', file, ...described(contents) } };
}

const described = ({ tables, migrations }: DatabaseContents) => ({ migration: migrations.at(-1) ?? null, migrations, tables });

/**
 * One backup of the shop the settings name, in `<parentDir>/grocer-backup-<time>/`: the database snapshot, the
 * pictures and videos, and a manifest of every file's size and SHA-256. It is written under a hidden `.partial`
 * name and renamed into place when complete, so an interrupted backup never looks like one.
 */
export async function backupShop(config: Config, parentDir: string, at = new Date()): Promise<BackupResult> {
    const name = backupName(at);
    const dir = path.join(path.resolve(parentDir), name);
    const work = path.join(path.resolve(parentDir), `.${name}.partial`);
    if (fs.existsSync(dir)) throw new BackupError(`${dir} already exists: a backup was taken this very second; run it again.`);
    await fsp.mkdir(parentDir, { recursive: true });
    await fsp.mkdir(work);
    const warnings: string[] = [];
    let media: Awaited<ReturnType<typeof mediaStorage>> | undefined;
    try {
        const { database, contents } = await snapshotDatabase(config, work, warnings);
        const databaseFile = { path: database.file, ...(await digestOfFile(path.join(work, database.file))) };
        media = await mediaStorage(config);
        const { files, missing } = await backupMedia(media.storage, work, contents.referenced);
        for (const key of missing) warnings.push(`Not found, so not in the backup: ${key} (the database names it; it was deleted meanwhile, or lost before).`);
        const manifest: Manifest = {
            format: MANIFEST_FORMAT,
            createdAt: at.toISOString(),
            appVersion: await appVersion(),
            database,
            media: media.source,
            missing,
            files: [databaseFile, ...files],
        };
        await writeDurably(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
        await fsp.rename(work, dir);
        await syncDir(path.resolve(parentDir));
        return { dir, manifest, warnings, bytes: manifest.files.reduce((sum, file) => sum + file.size, 0) };
    } catch (error) {
        await fsp.rm(work, { recursive: true, force: true });
        throw error;
    } finally {
        media?.close();
    }
}

async function writeDurably(file: string, text: string) {
    const handle = await fsp.open(file, 'wx');
    try {
        await handle.writeFile(text);
        await handle.sync();
    } finally {
        await handle.close();
    }
}

/** Makes a rename in `dir` durable (the directory entry itself is flushed). */
async function syncDir(dir: string) {
    const handle = await fsp.open(dir, 'r');
    try {
        await handle.sync();
    } finally {
        await handle.close();
    }
}
