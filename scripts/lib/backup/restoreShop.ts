import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../../server/config';
import { sqliteFile } from '../../../server/db/createDb';
import { migrations } from '../../../server/db/migrations';
import { tempDir } from '../../../server/infra/uploads';
import type { Storage } from '../../../server/infra/storage/storage';
import { BackupError } from './BackupError';
import { databaseContents, postgresReader, sqliteReader, type DatabaseContents } from './databaseContents';
import type { Manifest } from './manifest';
import { mediaStorage } from './mediaStorage';
import { restorePostgres, restoreSqlite } from './restoreDatabase';
import { mediaEntries, restoreMedia } from './restoreMedia';
import { shopInTarget } from './shopInTarget';
import { verifyBackup } from './verifyBackup';

export interface RestoreResult {
    manifest: Manifest;
    tables: number;
    rows: number;
    files: number;
    bytes: number;
    warnings: string[];
}

/** Refuses a backup this code cannot serve: another database kind than the settings name, or newer migrations. */
function checkCompatible(manifest: Manifest, config: Config) {
    const target = config.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.database.kind !== target) {
        throw new BackupError(
            manifest.database.kind === 'sqlite'
                ? 'This backup is of a SQLite shop and DATABASE_URL names PostgreSQL: unset DATABASE_URL to restore it into DATA_DIR.'
                : 'This backup is of a PostgreSQL shop and DATABASE_URL is not set: set DATABASE_URL to an empty database to restore it.',
        );
    }
    const unknown = manifest.database.migrations.filter((name) => !(name in migrations));
    if (unknown.length) {
        throw new BackupError(
            `This backup was taken by a newer version of the app (${manifest.appVersion}; migration ${unknown.join(', ')} is unknown to this one), ` +
                'which would refuse to start on it: restore it with the version that took it.',
        );
    }
}

/** Opens the restored database and reads what it holds. */
async function restoredContents(config: Config): Promise<DatabaseContents> {
    if (!config.databaseUrl) {
        const db = new SQLite(sqliteFile(config.dataDir), { readonly: true, fileMustExist: true });
        try {
            return await databaseContents(sqliteReader(db));
        } finally {
            db.close();
        }
    }
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
        return await databaseContents(postgresReader(client, config.databaseSchema ?? 'public'));
    } finally {
        await client.end();
    }
}

/** Compares the restored shop with the manifest: every table's rows, the migrations, every file's size. */
async function checkRestored(manifest: Manifest, config: Config, storage: Storage): Promise<void> {
    const found = await restoredContents(config);
    const wrong: string[] = [];
    for (const [table, count] of Object.entries(manifest.database.tables)) {
        if (found.tables[table] !== count) wrong.push(`table ${table} has ${found.tables[table] ?? 'no'} rows, the backup ${count}`);
    }
    if (found.migrations.join() !== manifest.database.migrations.join()) wrong.push('the migrations recorded differ from the backup\'s');
    for (const entry of mediaEntries(manifest)) {
        const head = await storage.head(entry.key);
        if (head?.size !== entry.size) wrong.push(`${entry.key} is ${head ? `${head.size} bytes, not ${entry.size}` : 'not there'}`);
    }
    if (wrong.length) throw new BackupError(`The restored shop does not match the backup: ${wrong.slice(0, 20).join('; ')}${wrong.length > 20 ? '; …' : ''}.`);
}

/**
 * Restores a backup into the shop the settings name, which must be empty unless `force`: checks every file's
 * checksum before writing anything, restores the database and the pictures and videos, then opens the restored
 * database and checks it and every file against the manifest.
 */
export async function restoreShop(config: Config, backupDir: string, { force = false } = {}): Promise<RestoreResult> {
    const manifest = await verifyBackup(backupDir);
    checkCompatible(manifest, config);
    const warnings: string[] = [];
    const media = await mediaStorage(config);
    try {
        const there = await shopInTarget(config, media.storage);
        if (there.length && !force) {
            throw new BackupError(
                `The target already holds a shop (${there.join('; ')}): nothing was restored. Restore into an empty DATA_DIR or database, ` +
                    'or stop the server and pass --force to replace it.',
            );
        }
        if (config.databaseUrl) await restorePostgres(backupDir, manifest, config, force, warnings);
        else await restoreSqlite(backupDir, manifest, config.dataDir, force);
        await restoreMedia(backupDir, manifest, media.storage, tempDir(config)).catch((error: Error) => {
            throw new BackupError(`The database is restored but the pictures and videos stopped midway (${error.message}): run the restore again with --force.`);
        });
        await checkRestored(manifest, config, media.storage);
    } finally {
        media.close();
    }
    const { tables } = manifest.database;
    const files = mediaEntries(manifest);
    return {
        manifest,
        warnings,
        tables: Object.keys(tables).length,
        rows: Object.values(tables).reduce((sum, count) => sum + count, 0),
        files: files.length,
        bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
    };
}
