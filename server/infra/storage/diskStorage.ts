import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ByteRange } from './byteRange';
import type { ListedObject, ObjectInfo, PutSource, Storage, StorageArea } from './storage';

/** Where an area's files lie, and where a file is written before it is renamed into place (same file system). */
interface AreaDirs {
    dir: string;
    partialDir: string;
}

/**
 * The folders of DATA_DIR as they have always been: public images in uploads/, staged ones in tmp/
 * (beside the multipart temporary files, so a staged file is renamed, never copied), sized copies in
 * variants/, videos in videos/.
 */
export function diskAreas(dataDir: string): Record<StorageArea, AreaDirs> {
    const tmp = path.join(dataDir, 'tmp');
    const videos = path.join(dataDir, 'videos');
    return {
        uploads: { dir: path.join(dataDir, 'uploads'), partialDir: tmp },
        staging: { dir: tmp, partialDir: tmp },
        variants: { dir: path.join(dataDir, 'variants'), partialDir: tmp },
        videos: { dir: videos, partialDir: path.join(videos, '.partial') },
    };
}

const missing = (error: NodeJS.ErrnoException) => error.code === 'ENOENT';

/** Files under DATA_DIR: the default store, for one server process per DATA_DIR. */
export async function diskStorage(dataDir: string): Promise<Storage> {
    const areas = diskAreas(dataDir);
    for (const { dir, partialDir } of Object.values(areas)) {
        await fsp.mkdir(dir, { recursive: true });
        await fsp.mkdir(partialDir, { recursive: true });
    }

    /** The area and the file of a key; a key that could leave its folder is refused. */
    function locate(key: string) {
        const [area, name, ...rest] = key.split('/');
        const dirs = areas[area as StorageArea];
        if (!dirs || !name || rest.length || name === '.' || name === '..') throw new Error(`Not a storage key: ${key}`);
        return { ...dirs, file: path.join(dirs.dir, name) };
    }

    async function head(key: string): Promise<ObjectInfo | null> {
        const stat = await fsp.stat(locate(key).file).catch(() => null);
        if (!stat?.isFile()) return null;
        // The same weak validator @fastify/static gives the files it serves.
        return { size: stat.size, lastModified: stat.mtime, etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"` };
    }

    return {
        shared: false,
        async put(key: string, source: PutSource, _contentType: string) {
            const { file, partialDir } = locate(key);
            if (!Buffer.isBuffer(source)) return fsp.rename(source.path, file);
            // Written whole beside it first, so a reader never sees half a file.
            const draft = path.join(partialDir, `${randomUUID()}.upload`);
            await fsp.writeFile(draft, source, { flag: 'wx' });
            await fsp.rename(draft, file);
        },
        head,
        async get(key: string, range?: ByteRange) {
            const info = await head(key);
            return info && { ...info, body: fs.createReadStream(locate(key).file, range) };
        },
        async delete(key: string) {
            // Recursive: a crash may leave a folder among the temporary files.
            await fsp.rm(locate(key).file, { force: true, recursive: true });
        },
        async list(prefix: string): Promise<ListedObject[]> {
            const dirs = areas[prefix.replace(/\/$/, '') as StorageArea];
            if (!dirs) throw new Error(`Not a storage area: ${prefix}`);
            const { dir } = dirs;
            const names = await fsp.readdir(dir).catch(() => [] as string[]);
            // Files only: an area's folder may hold one of its own (videos/.partial, the uploads being received).
            const listed = await Promise.all(
                names.map(async (name) => {
                    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
                    return { key: `${prefix}${name}`, lastModified: stat?.isFile() ? stat.mtime : undefined };
                }),
            );
            return listed.filter((item): item is ListedObject => item.lastModified !== undefined);
        },
        async move(from: string, to: string) {
            return fsp.rename(locate(from).file, locate(to).file).then(
                () => true,
                (error: NodeJS.ErrnoException) => {
                    if (missing(error)) return false;
                    throw error;
                },
            );
        },
    };
}
