import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../../server/config';
import { sqliteFile } from '../../../server/db/createDb';
import type { Storage } from '../../../server/infra/storage/storage';
import { MEDIA_AREAS, STORED_NAME } from './backupMedia';

/** The tables in the target database (none when the file or schema is not there). */
export async function targetTables(config: Config): Promise<string[]> {
    if (!config.databaseUrl) {
        const file = sqliteFile(config.dataDir);
        if (!fs.existsSync(file)) return [];
        const db = new SQLite(file, { readonly: true });
        try {
            return (db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`).all() as Array<{ name: string }>).map((row) => row.name);
        } finally {
            db.close();
        }
    }
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
        const { rows } = await client.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = $1`, [config.databaseSchema ?? 'public']);
        return rows.map((row) => row.name);
    } finally {
        await client.end();
    }
}

/** What the target already holds, in sentences; empty when a restore may write there. */
export async function shopInTarget(config: Config, storage: Storage): Promise<string[]> {
    const found: string[] = [];
    const tables = await targetTables(config);
    if (tables.length) {
        const where = config.databaseUrl ? `schema "${config.databaseSchema ?? 'public'}" of DATABASE_URL` : sqliteFile(config.dataDir);
        found.push(`${where} has ${tables.length} table(s)`);
    }
    for (const area of MEDIA_AREAS) {
        const files = (await storage.list(`${area}/`)).filter(({ key }) => STORED_NAME.test(key.slice(area.length + 1)));
        if (files.length) found.push(`${config.s3Bucket ? `bucket "${config.s3Bucket}"` : config.dataDir} has ${files.length} file(s) in ${area}/`);
    }
    return found;
}
