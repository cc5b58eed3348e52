import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DISK_FULL, OutOfService } from '../outOfService';
import { HttpError } from '../errors';

/** Pictures of this many pixels or more are refused before they are decoded (a decompression bomb declares many). */
export const MAX_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = 'The picture is 40 megapixels or more; please send a smaller one';

/** What `file-type` read from the first bytes, and the name sharp gives the same format. */
const SHARP_FORMAT: Record<string, string> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };
const NAMES: Record<string, string> = { jpg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP' };

// Every picture is new to sharp: its cache would only hold memory.
sharp.cache(false);

/** A sharp pipeline over the input that refuses pixel bombs and damaged files while decoding. */
export const decoder = (input: string | Buffer, animated = false) =>
    sharp(input, { limitInputPixels: MAX_PIXELS - 1, failOn: 'truncated', animated });

const unreadable = (ext: string) => new HttpError(415, `The picture could not be read as a ${NAMES[ext]} image; it may be damaged`);

/** Its header says what it is and how large; decoding has not started yet. */
async function checkHeader(input: string | Buffer, ext: string) {
    const meta = await sharp(input, { limitInputPixels: false }).metadata().catch(() => {
        throw unreadable(ext);
    });
    if (meta.format !== SHARP_FORMAT[ext]) throw unreadable(ext);
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) >= MAX_PIXELS || (meta.width ?? 0) * (meta.height ?? 0) >= MAX_PIXELS) {
        throw new HttpError(413, TOO_MANY_PIXELS);
    }
    return meta;
}

/**
 * Decodes the picture and writes it anew in its own format into `dir`: turned upright by its EXIF
 * orientation, and without any metadata (GPS position, camera, owner), since sharp writes none unless
 * asked. Answers the new file's path; any fault of the picture is a 4xx with a plain sentence.
 */
export async function reencode(input: string | Buffer, ext: string, dir: string): Promise<string> {
    const meta = await checkHeader(input, ext);
    const animated = ext !== 'jpg' && (meta.pages ?? 1) > 1;
    // An animation has no EXIF orientation; `rotate()` would refuse its frames.
    let image = animated ? decoder(input, true) : decoder(input).rotate();
    if (ext === 'jpg') image = image.jpeg({ quality: 85 });
    else if (ext === 'png') image = image.png();
    else if (ext === 'gif') image = image.gif();
    else image = image.webp({ quality: 85 });
    const target = path.join(dir, `${randomUUID()}.upload`);
    try {
        await image.toFile(target);
    } catch (error) {
        await rm(target, { force: true });
        const message = (error as Error).message ?? '';
        if (/pixel limit/i.test(message)) throw new HttpError(413, TOO_MANY_PIXELS);
        // libvips says a failed write in words only: the disk's fault, not the picture's.
        if (/No space left on device|ENOSPC|Disk quota exceeded/i.test(message)) throw new OutOfService(507, DISK_FULL, 'disk', 60);
        throw unreadable(ext);
    }
    return target;
}
