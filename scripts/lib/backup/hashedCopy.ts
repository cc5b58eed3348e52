import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface Digest {
    size: number;
    sha256: string;
}

/** A pass-through that counts and hashes what flows by. */
function hashing() {
    const hash = createHash('sha256');
    let size = 0;
    const stream = new Transform({
        transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
        },
    });
    return { stream, digest: (): Digest => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Streams `source` into a new file (never held whole), hashing it on the way, and flushes the file to disk
 * before answering, so a backup said to be finished is on the disk.
 */
export async function hashedCopy(source: Readable, file: string): Promise<Digest> {
    const { stream, digest } = hashing();
    // `flush`: the file is fsynced before it is closed.
    await pipeline(source, stream, fs.createWriteStream(file, { flags: 'wx', flush: true }));
    return digest();
}

/** The size and SHA-256 of a file, read as a stream. */
export async function digestOfFile(file: string): Promise<Digest> {
    const { stream, digest } = hashing();
    await pipeline(fs.createReadStream(file), stream, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) void chunk;
    });
    return digest();
}
