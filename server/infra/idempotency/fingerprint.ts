import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Upload } from '../uploads';

/** A file's SHA-256, read as a stream from its temporary file: never held whole. */
async function fileDigest(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(file), hash);
    return hash.digest('hex');
}

/** The body as JSON can say it: uploaded files by name, size and the digest of their bytes. */
async function described(value: unknown): Promise<unknown> {
    if (value instanceof Upload) return { file: value.filename, size: value.size, sha256: await fileDigest(value.path) };
    if (Array.isArray(value)) return Promise.all(value.map(described));
    if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
        const entries = await Promise.all(Object.entries(value).map(async ([name, item]) => [name, await described(item)] as const));
        return Object.fromEntries(entries);
    }
    return Buffer.isBuffer(value) ? createHash('sha256').update(value).digest('hex') : value;
}

/**
 * What makes two requests "the same" for a key: method, address (path and query) and SHA-256 of the body as
 * parsed. The parsed body, not its bytes: a multipart retry has a new boundary but the same fields and files.
 */
export async function fingerprintOf(request: FastifyRequest): Promise<string> {
    const body = JSON.stringify(await described(request.body)) ?? '';
    return createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('hex');
}
