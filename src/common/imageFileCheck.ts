import type { Validator } from 'react-admin';

/** What the API stores (server/plugins/media.ts): the same types and the same 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = { 'image/jpeg': [], 'image/png': [], 'image/webp': [], 'image/gif': [] };

/** The first bytes of each accepted format: a text file named .png claims image/png but starts otherwise. */
const SIGNATURES: Array<(bytes: Uint8Array) => boolean> = [
    bytes => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff, // JPEG
    bytes => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte), // PNG
    bytes => String.fromCharCode(...bytes.slice(0, 4)) === 'GIF8',
    bytes => String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP',
];

const headOf = (file: Blob): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(file.slice(0, 12));
    });

/** The i18n key of what is wrong with a picked file, or undefined when it is an image the API accepts. */
export async function imageFileProblem(file: File): Promise<string | undefined> {
    if (!Object.keys(IMAGE_TYPES).includes(file.type)) return 'app.upload.wrong_type';
    if (file.size > MAX_IMAGE_BYTES) return 'app.upload.too_large';
    const head = await headOf(file);
    return SIGNATURES.some(matches => matches(head)) ? undefined : 'app.upload.not_an_image';
}

const newFiles = (value: unknown): File[] =>
    (Array.isArray(value) ? value : [value])
        .map(item => (item as { rawFile?: unknown } | null)?.rawFile)
        .filter((file): file is File => file instanceof File);

/** Refuses, under the input, a new pick whose content is no accepted image (stored images pass). */
export const imageFiles: Validator = async (value: unknown) => {
    for (const file of newFiles(value)) {
        const problem = await imageFileProblem(file);
        if (problem) return problem;
    }
    return undefined;
};
