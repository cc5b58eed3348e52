import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_TYPES } from '../../../server/features/videos/videoFiles';
import type { Storage } from '../../../server/infra/storage/storage';
import { BackupError } from './BackupError';
import { MEDIA_AREAS, STORED_NAME } from './backupMedia';
import { hashedCopy } from './hashedCopy';
import type { Manifest, ManifestFile } from './manifest';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', ...VIDEO_TYPES };
const FILES_AT_ONCE = 4;

/** The media files of a manifest, with their storage keys; an entry that could name another place is refused. */
export function mediaEntries(manifest: Manifest): Array<ManifestFile & { key: string }> {
    return manifest.files
        .filter((file) => file.path.startsWith('media/'))
        .map((file) => {
            const key = file.path.slice('media/'.length);
            const [area, name, ...rest] = key.split('/');
            if (!(MEDIA_AREAS as readonly string[]).includes(area) || !STORED_NAME.test(name ?? '') || rest.length) {
                throw new BackupError(`The backup's manifest lists ${file.path}, which is not a picture or video of a shop: the backup is damaged.`);
            }
            return { ...file, key };
        });
}

/**
 * Puts every picture and video back into the store the settings name (DATA_DIR, or the bucket): each is copied
 * to a draft in `tempDir`, checked against the manifest as it streams, then handed to the store, which moves
 * it into place (disk) or sends it in parts and deletes the draft (bucket).
 */
export async function restoreMedia(backupDir: string, manifest: Manifest, storage: Storage, tempDir: string): Promise<void> {
    await fsp.mkdir(tempDir, { recursive: true });
    const queue = mediaEntries(manifest);
    const restore = async (entry: ManifestFile & { key: string }) => {
        const draft = path.join(tempDir, `${randomUUID()}.restoring`);
        try {
            const copied = await hashedCopy(fs.createReadStream(path.join(backupDir, ...entry.path.split('/'))), draft);
            if (copied.sha256 !== entry.sha256) throw new BackupError(`${entry.path} changed while it was being restored: run the restore again with --force.`);
            const type = TYPES[path.extname(entry.key).slice(1).toLowerCase()] ?? 'application/octet-stream';
            await storage.put(entry.key, { path: draft }, type);
        } finally {
            await fsp.rm(draft, { force: true });
        }
    };
    const worker = async () => {
        for (let entry = queue.shift(); entry; entry = queue.shift()) await restore(entry);
    };
    await Promise.all(Array.from({ length: FILES_AT_ONCE }, worker));
}
