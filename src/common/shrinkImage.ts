import { MAX_IMAGE_BYTES } from './imageFileCheck';

/** The longest side a picture keeps when the browser shrinks it before upload. */
export const MAX_SIDE = 2560;

// GIFs stay as they are: a canvas would keep only their first frame.
const SHRINKABLE = ['image/jpeg', 'image/png', 'image/webp'];

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
    new Promise<Blob | null>(resolve => canvas.toBlob(resolve, type, quality));

/**
 * A phone photo (4000 × 3000, 3–6 MB) drawn anew at most MAX_SIDE pixels on its long side, upright, as JPEG
 * (WebP for a PNG, which may be transparent), so it fits the API's 5 MB; a picture already small enough, one
 * the browser cannot draw, or a browser without canvas, gives the file back as it came, for the checks to judge.
 */
export async function shrinkImage(file: File): Promise<File> {
    if (!SHRINKABLE.includes(file.type) || typeof createImageBitmap !== 'function') return file;
    let bitmap: ImageBitmap;
    try {
        bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
        return file;
    }
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= MAX_IMAGE_BYTES) {
        bitmap.close();
        return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const type = file.type === 'image/png' ? 'image/webp' : 'image/jpeg';
    const blob = await toBlob(canvas, type, 0.88);
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.\w+$/, '') + (type === 'image/webp' ? '.webp' : '.jpg');
    return new File([blob], name, { type, lastModified: file.lastModified });
}

/** Shrinks every picked file that is a picture; react-dropzone's `getFilesFromEvent` hands over drag items too, left alone. */
export const shrinkAll = <T,>(files: T[]): Promise<T[]> =>
    Promise.all(files.map(file => (file instanceof File ? (shrinkImage(file) as Promise<T>) : Promise.resolve(file))));
