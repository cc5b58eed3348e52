import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DISK_FULL, OutOfService } from '../outOfService';
import { HttpError } from '../errors';
import type { DecodeSlots } from './decodeSlots';

/** Pictures of this many pixels or more are refused before they are decoded (a decompression bomb declares many). */
export const MAX_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = 'The picture is 40 megapixels or more; please send a smaller one';

/** What a kind of picture may be, and what is kept of it. */
export interface PictureLimits {
    /** The most bytes an upload may carry. */
    maxBytes: number;
    /** The most pixels it may declare (all frames of an animation together); more is refused before decoding. */
    maxPixels: number;
    /** The refusal of a picture over `maxPixels`, given its size. */
    tooManyPixels: (width: number, height: number) => string;
    /** Kept at most this many pixels wide and high (shrunk to fit, never enlarged); unset, at its own size. */
    fitInside?: number;
}

/** A catalogue picture: shown large (a product's zoom), so kept at its size up to 40 megapixels. */
export const CATALOGUE_PICTURE: PictureLimits = { maxBytes: 5 * 1024 * 1024, maxPixels: MAX_PIXELS - 1, tooManyPixels: () => TOO_MANY_PIXELS };

/** What `file-type` read from the first bytes, and the name sharp gives the same format. */
const SHARP_FORMAT: Record<string, string> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };
const NAMES: Record<string, string> = { jpg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP' };

// Every picture is new to sharp: its cache would only hold memory.
sharp.cache(false);

/** A sharp pipeline over the input that refuses pixel bombs and damaged files while decoding. */
export const decoder = (input: string | Buffer, animated = false, maxPixels = MAX_PIXELS - 1) =>
    sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated', animated });

const unreadable = (ext: string) => new HttpError(415, `The picture could not be read as a ${NAMES[ext]} image; it may be damaged`);

/**
 * Its header says what it is and how large: `metadata()` reads the header and decodes no pixel, so a
 * picture over the limit is refused before it costs any memory or time.
 */
async function checkHeader(input: string | Buffer, ext: string, limits: PictureLimits) {
    const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => {
        throw unreadable(ext);
    });
    if (meta.format !== SHARP_FORMAT[ext]) throw unreadable(ext);
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width * (meta.pageHeight ?? height) > limits.maxPixels || width * height > limits.maxPixels) {
        throw new HttpError(413, limits.tooManyPixels(width, meta.pageHeight ?? height));
    }
    return meta;
}

/**
 * Decodes the picture and writes it anew in its own format into `dir`: turned upright by its EXIF
 * orientation, shrunk to `limits.fitInside` when set, and without any metadata (GPS position, camera,
 * owner), since sharp writes none unless asked. The header is checked first; the decoding itself waits
 * for one of `slots`. Answers the new file's path; any fault of the picture is a 4xx with a plain sentence.
 */
export async function reencode(input: string | Buffer, ext: string, dir: string, limits: PictureLimits, slots: DecodeSlots): Promise<string> {
    const meta = await checkHeader(input, ext, limits);
    const animated = ext !== 'jpg' && (meta.pages ?? 1) > 1;
    // An animation has no EXIF orientation; `rotate()` would refuse its frames.
    let image = animated ? decoder(input, true, limits.maxPixels) : decoder(input, false, limits.maxPixels).rotate();
    if (limits.fitInside) image = image.resize({ width: limits.fitInside, height: limits.fitInside, fit: 'inside', withoutEnlargement: true });
    if (ext === 'jpg') image = image.jpeg({ quality: 85 });
    else if (ext === 'png') image = image.png();
    else if (ext === 'gif') image = image.gif();
    else image = image.webp({ quality: 85 });
    const target = path.join(dir, `${randomUUID()}.upload`);
    try {
        await slots.run(() => image.toFile(target));
    } catch (error) {
        await rm(target, { force: true });
        if (error instanceof HttpError) throw error;
        const message = (error as Error).message ?? '';
        if (/pixel limit/i.test(message)) throw new HttpError(413, limits.tooManyPixels(meta.width ?? 0, meta.height ?? 0));
        // libvips says a failed write in words only: the disk's fault, not the picture's.
        if (/No space left on device|ENOSPC|Disk quota exceeded/i.test(message)) throw new OutOfService(507, DISK_FULL, 'disk', 60);
        throw unreadable(ext);
    }
    return target;
}
