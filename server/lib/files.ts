import type { Media } from '../plugins/media';

/** A multipart file part with content; an empty part is a file input left blank. */
export const isFile = (value: unknown): value is Buffer => Buffer.isBuffer(value) && value.length > 0;

/** Deletes stored uploads; paths that are empty or not ours are skipped by the media store. */
export async function discard(media: Media, paths: unknown[]): Promise<void> {
    await Promise.all(paths.map((path) => media.remove(typeof path === 'string' ? path : null)));
}

/** Stores every file or none: when one is refused, those stored before it are deleted again. */
export async function storeAll(media: Media, files: Buffer[]): Promise<string[]> {
    const stored: string[] = [];
    try {
        for (const file of files) stored.push(await media.saveImage(file));
    } catch (error) {
        await discard(media, stored);
        throw error;
    }
    return stored;
}
