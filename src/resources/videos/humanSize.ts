import type { TranslateFunction } from 'react-admin';

const UNITS = [
    ['gb', 1024 ** 3],
    ['mb', 1024 ** 2],
    ['kb', 1024],
] as const;

/** Bytes in the largest unit that keeps the number at 1 or more: 1536 → '1.5 KB', 734003200 → '700 MB'. */
export function humanSize(bytes: number, translate: TranslateFunction): string {
    for (const [unit, size] of UNITS) {
        if (bytes >= size) {
            const value = bytes / size;
            return translate(`resources.videos.size.${unit}`, { value: value >= 100 ? Math.round(value) : Number(value.toFixed(1)) });
        }
    }
    return translate('resources.videos.size.bytes', { value: bytes });
}
