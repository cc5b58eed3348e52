import { type ImageSource, type Media } from './media';
import { Upload } from './uploads';

export { Upload };

/**
 * A multipart file part, streamed to a temporary file (empty parts never get this far), or bytes the server
 * brings itself (a CSV import's copy of a picture already stored); never anything a JSON body can hold.
 */
export const isFile = (value: unknown): value is ImageSource => value instanceof Upload || Buffer.isBuffer(value);

/** Deletes stored or staged uploads; paths that are empty or not ours are skipped by the media store. */
export async function discard(media: Media, paths: unknown[]): Promise<void> {
    await Promise.all(paths.map((path) => media.remove(typeof path === 'string' ? path : null)));
}

/**
 * Checks and stages every file, or none: when one is refused, those staged before it are deleted
 * again. The caller commits the paths (`media.commit`) once the rows pointing at them are saved.
 */
export async function storeAll(media: Media, files: ImageSource[]): Promise<string[]> {
    const stored: string[] = [];
    try {
        for (const file of files) stored.push(await media.stage(file));
    } catch (error) {
        await discard(media, stored);
        throw error;
    }
    return stored;
}
