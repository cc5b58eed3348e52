import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { storageKey, type Storage, type StorageArea } from './storage';
import { Upload } from './uploads';

const UPLOAD_PATH = /^\/uploads\/([\w-]+\.(?:jpg|png|gif|webp))$/;

/**
 * The stored name an address names when it is one of this shop's pictures (`/uploads/<name>`, or the same on one
 * of `ownHosts`), or why it is not. Pictures from anywhere else are never fetched: the server does not go out
 * on the network for a client.
 */
export function ownUploadName(address: string, ownHosts: string[]): { name: string } | { error: string } {
    let pathname = address.trim();
    if (/^[a-z][\w+.-]*:/i.test(pathname)) {
        let url: URL;
        try {
            url = new URL(pathname);
        } catch {
            return { error: `${address} is not a picture address` };
        }
        if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !ownHosts.includes(url.host.toLowerCase())) {
            return { error: `${address} is not one of this shop's uploads; send the picture to POST /api/v1/uploads and give the url it answers` };
        }
        if (url.search || url.hash) return { error: `${address} names a sized copy; give the picture's own /uploads/… address` };
        pathname = url.pathname;
    }
    const match = pathname.match(UPLOAD_PATH);
    return match ? { name: match[1] } : { error: `${address} is not one of this shop's uploads; send the picture to POST /api/v1/uploads and give the url it answers` };
}

/**
 * A copy of a stored picture as a file part of `field`, streamed to a temporary file in `dir`: a fresh upload
 * (still in staging, claimed by no row) or a picture a record already shows. The record that takes it stores the
 * copy under a name of its own, so two records naming one upload never share a file that either may delete.
 * Answers null when the picture is not there (never uploaded, or swept as unclaimed).
 */
export async function copyOfUpload(storage: Storage, name: string, dir: string, field: string): Promise<Upload | null> {
    for (const area of ['staging', 'uploads'] as StorageArea[]) {
        const object = await storage.get(storageKey(area, name));
        if (!object) continue;
        const target = path.join(dir, `${randomUUID()}.upload`);
        try {
            await pipeline(object.body, fs.createWriteStream(target, { flags: 'wx' }));
        } catch (error) {
            await fs.promises.rm(target, { force: true });
            // Swept between the look and the copy: as if it had never been there.
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
            throw error;
        }
        const { size } = await fs.promises.stat(target);
        return new Upload(field, name, target, size);
    }
    return null;
}
