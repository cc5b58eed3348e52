import fsp from 'node:fs/promises';
import path from 'node:path';
import { storageKey, type Storage } from '../../../server/infra/storage/storage';
import type { ManifestFile } from './manifest';
import { hashedCopy } from './hashedCopy';

/** The areas a shop's files live in; staging, half-received parts and sized copies (made again on demand) are left out. */
export const MEDIA_AREAS = ['uploads', 'videos'] as const;
/** A stored file's name: folders such as videos/.partial and dot files are not stored files. */
export const STORED_NAME = /^[\w-][\w.-]*$/;
const FILES_AT_ONCE = 4;

/**
 * Copies the shop's pictures and videos into `<backupDir>/media/<area>/<name>`, streamed and hashed. Runs after
 * the database snapshot, so every file a saved row names was in place or staged when it was taken; a file the
 * listing missed (committed a moment later, or still staged) is looked for again by name. What is still not
 * found was deleted meanwhile, and is answered as missing.
 */
export async function backupMedia(storage: Storage, backupDir: string, referenced: string[]): Promise<{ files: ManifestFile[]; missing: string[] }> {
    const copied = new Map<string, ManifestFile>();
    for (const area of MEDIA_AREAS) await fsp.mkdir(path.join(backupDir, 'media', area), { recursive: true });

    /** Copies the object at `from` as `key`; false when it is not there (or went while it was read). */
    async function copy(key: string, from = key): Promise<boolean> {
        const object = await storage.get(from);
        if (!object) return false;
        const relative = `media/${key}`;
        const file = path.join(backupDir, relative);
        try {
            copied.set(key, { path: relative, ...(await hashedCopy(object.body, file)) });
            return true;
        } catch (error) {
            await fsp.rm(file, { force: true });
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
            throw error;
        }
    }

    const queue: string[] = [];
    for (const area of MEDIA_AREAS) {
        for (const { key } of await storage.list(`${area}/`)) if (STORED_NAME.test(key.slice(area.length + 1))) queue.push(key);
    }
    const worker = async () => {
        for (let key = queue.shift(); key; key = queue.shift()) await copy(key);
    };
    await Promise.all(Array.from({ length: FILES_AT_ONCE }, worker));

    const missing: string[] = [];
    for (const key of referenced) {
        if (copied.has(key)) continue;
        const [area, name] = key.split('/');
        if (!STORED_NAME.test(name)) {
            missing.push(key);
            continue;
        }
        if ((await copy(key)) || (area === 'uploads' && (await copy(key, storageKey('staging', name))))) continue;
        missing.push(key);
    }
    return { files: [...copied.values()].sort((a, b) => a.path.localeCompare(b.path)), missing };
}
