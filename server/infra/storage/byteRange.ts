/** The bytes a Range header asks for, both ends included. */
export interface ByteRange {
    start: number;
    end: number;
}

/**
 * Reads a `Range: bytes=…` header for a file of `size` bytes (RFC 9110 §14.1.2).
 * Answers null when the whole file should be sent (no header, another unit, several ranges or a
 * malformed one, all of which a server may ignore), 'unsatisfiable' for a range wholly past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
    const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
    if (!match) return null;
    const [, first, last] = match;
    if (first === '' && last === '') return null;
    if (first === '') {
        // A suffix: the last N bytes.
        const length = Number(last);
        if (length === 0 || size === 0) return 'unsatisfiable';
        return { start: Math.max(0, size - length), end: size - 1 };
    }
    const start = Number(first);
    const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (!Number.isSafeInteger(start) || (last !== '' && Number(last) < start)) return null;
    if (start >= size) return 'unsatisfiable';
    return { start, end };
}
