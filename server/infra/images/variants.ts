import { badRequest } from '../errors';
import { storageKey, type Storage } from '../storage';
import type { DecodeSlots } from './decodeSlots';
import { decoder } from './reencode';

/** The widths a picture is served at; any other width asks for the next one up (the largest at most). */
export const VARIANT_WIDTHS = [64, 160, 320, 640, 1280] as const;
export type VariantFormat = 'webp' | 'jpg';
export const VARIANT_TYPES: Record<VariantFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/** The width served for `?w=`: a whole number of pixels from 1 up, rounded up to the set. */
export function variantWidth(asked: unknown): number {
    const text = String(asked ?? '');
    const width = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!(width >= 1)) throw badRequest(`The width w must be a whole number of pixels from 1, like ${VARIANT_WIDTHS.join(', ')}`);
    return VARIANT_WIDTHS.find((each) => each >= width) ?? VARIANT_WIDTHS.at(-1)!;
}

/** WebP to the browsers that say they take it, JPEG to the others. */
export const variantFormat = (accept: string | undefined): VariantFormat => (/\bimage\/webp\b/i.test(accept ?? '') ? 'webp' : 'jpg');

/** Where a variant is kept: `variants/<original name>.<width>.<format>`, one flat folder like the originals'. */
export const variantKey = (name: string, width: number, format: VariantFormat) => storageKey('variants', `${name}.${width}.${format}`);

/** Every variant a picture may have, to delete them with it. */
export const variantKeys = (name: string) => VARIANT_WIDTHS.flatMap((width) => (['webp', 'jpg'] as const).map((format) => variantKey(name, width, format)));

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
    const object = await storage.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
}

/**
 * Makes a variant from the stored original (already upright and without metadata, as every upload is
 * re-encoded; `rotate()` still turns one stored before that) and keeps it in storage; answers false when there is no original. An original of at most
 * 5 MB is read whole: sharp decodes from memory, once one of `slots` is free.
 */
export async function makeVariant(storage: Storage, name: string, width: number, format: VariantFormat, slots: DecodeSlots): Promise<boolean> {
    const original = await readAll(storage, storageKey('uploads', name));
    if (!original) return false;
    const resized = decoder(original).rotate().resize({ width, withoutEnlargement: true });
    const encoded = format === 'webp' ? resized.webp({ quality: 75 }) : resized.jpeg({ quality: 80, mozjpeg: true });
    const bytes = await slots.run(() => encoded.toBuffer(), false);
    await storage.put(variantKey(name, width, format), bytes, VARIANT_TYPES[format]);
    return true;
}
