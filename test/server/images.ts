// Real pictures for the image tests, made with sharp: no fixture files, no mocks.
import sharp from 'sharp';

export { phonePhoto } from '../../scripts/lib/phonePhoto';

/** Whether two encoded pictures show the same pixels (an upload is re-encoded, so its bytes change). */
export async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
    const [left, right] = await Promise.all([a, b].map((bytes) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
    return left.info.width === right.info.width && left.info.height === right.info.height && left.data.equals(right.data);
}

/** A PNG whose header declares `width` × `height` but whose pixels are a few bytes: a decompression bomb. */
export async function pixelBomb(width = 10000, height = 10000): Promise<Buffer> {
    return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png({ compressionLevel: 9 }).toBuffer();
}
