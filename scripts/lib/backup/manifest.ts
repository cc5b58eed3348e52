import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DbKind } from '../../../server/db/createDb';
import { BackupError } from './BackupError';

/** The one file in a backup that lists the others; written last, so a backup without it never finished. */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'grocer-backup/1';

export interface ManifestFile {
    /** Relative to the backup folder, with forward slashes: `database/…`, `media/uploads/…`, `media/videos/…`. */
    path: string;
    size: number;
    sha256: string;
}

export interface ManifestDatabase {
    kind: DbKind;
    /** The database file in the backup (a SQLite file, or a pg_dump archive in custom format). */
    file: string;
    /** The newest migration the database had run, and every one it had (the code that restores must know them all). */
    migration: string | null;
    migrations: string[];
    /** Rows of every table, counted in the very snapshot that was saved. */
    tables: Record<string, number>;
    /** PostgreSQL only: the schema dumped, and the versions of the server and of pg_dump. */
    schema?: string;
    serverVersion?: string;
    pgDumpVersion?: string;
    /** PostgreSQL only: the extensions the database had (pg_trgm for searches), made again before the restore. */
    extensions?: Array<{ name: string; schema: string }>;
}

export interface Manifest {
    format: typeof MANIFEST_FORMAT;
    createdAt: string;
    appVersion: string;
    database: ManifestDatabase;
    /** Where the pictures and videos came from: DATA_DIR's folders, or a bucket. */
    media: { source: 'disk' } | { source: 's3'; bucket: string };
    /** Pictures or videos the database named that were not found when the backup was taken (deleted meanwhile). */
    missing: string[];
    files: ManifestFile[];
}

/** Reads and checks the shape of a backup's manifest; a backup without one is refused. */
export async function readManifest(backupDir: string): Promise<Manifest> {
    const file = path.join(backupDir, MANIFEST_FILE);
    let text: string;
    try {
        text = await fsp.readFile(file, 'utf8');
    } catch {
        throw new BackupError(`${backupDir} is not a finished backup: it has no ${MANIFEST_FILE} (an interrupted backup never gets one).`);
    }
    let manifest: Manifest;
    try {
        manifest = JSON.parse(text) as Manifest;
    } catch {
        throw new BackupError(`${file} is damaged: it is not valid JSON.`);
    }
    if (manifest?.format !== MANIFEST_FORMAT || !Array.isArray(manifest.files) || !manifest.database?.file) {
        throw new BackupError(`${file} is not a backup manifest this version reads (format ${MANIFEST_FORMAT}).`);
    }
    for (const entry of manifest.files) {
        if (typeof entry.path !== 'string' || !isInside(entry.path) || !Number.isSafeInteger(entry.size) || !/^[0-9a-f]{64}$/.test(entry.sha256)) {
            throw new BackupError(`${file} is damaged: it lists a file entry that is not a path, size and SHA-256 (${JSON.stringify(entry)}).`);
        }
    }
    return manifest;
}

/** A manifest path stays inside the backup: no absolute path, no `..`, nothing but forward slashes. */
function isInside(relative: string) {
    const parts = relative.split('/');
    return !path.isAbsolute(relative) && !relative.includes('\\') && parts.every((part) => part && part !== '.' && part !== '..');
}
