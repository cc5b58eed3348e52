import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { sqliteFile } from '../../../server/db/createDb';
import { BackupError } from './BackupError';
import { databaseContents, sqliteReader, type DatabaseContents } from './databaseContents';

/**
 * Copies the shop's SQLite database to `target` while the server keeps writing: VACUUM INTO reads inside one
 * transaction, which in WAL mode sees one committed state and never blocks the server's writes (SQLite's backup
 * API, by contrast, starts over each time another connection writes, and may never finish on a busy shop).
 * Then counts what the copy holds, so the manifest describes exactly the saved state.
 */
export async function snapshotSqlite(dataDir: string, target: string): Promise<DatabaseContents> {
    const source = sqliteFile(dataDir);
    if (!fs.existsSync(source)) throw new BackupError(`There is no shop database at ${source}: set DATA_DIR to the shop's data folder.`);
    const live = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
        live.pragma('busy_timeout = 10000');
        live.prepare('vacuum into ?').run(target);
    } finally {
        live.close();
    }
    const copy = new SQLite(target, { readonly: true, fileMustExist: true });
    try {
        return await databaseContents(sqliteReader(copy));
    } finally {
        copy.close();
    }
}
