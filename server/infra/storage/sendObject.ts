import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { parseRange } from './byteRange';
import type { Storage } from './storage';

export interface SendOptions {
    /** The type to answer with; the stored object's own when not given. */
    contentType?: string;
    cacheControl: string;
    /** Overrides the store's date (a video's row knows when it was made). */
    lastModified?: Date;
    /** The 404's message when the object is not there. */
    missing?: string;
}

/**
 * Answers a request with a stored object, from disk or bucket alike: its type, length, validators and
 * caching, 304 when the client's copy is current, and one byte range (206, or 416 past the end) so
 * players can seek. A HEAD request gets the headers without the object being read.
 */
export async function sendObject(request: FastifyRequest, reply: FastifyReply, storage: Storage, key: string, options: SendOptions) {
    const info = await storage.head(key);
    if (!info) throw notFound(options.missing ?? 'File not found');
    const lastModified = options.lastModified ?? info.lastModified;
    reply
        .header('Content-Type', options.contentType ?? info.contentType ?? 'application/octet-stream')
        .header('Accept-Ranges', 'bytes')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', options.cacheControl);
    if (lastModified) reply.header('Last-Modified', lastModified.toUTCString());
    if (info.etag) reply.header('ETag', info.etag);
    if (info.etag && request.headers['if-none-match'] === info.etag) return reply.code(304).send();

    const range = parseRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('Content-Length', range ? range.end - range.start + 1 : info.size);
    // An empty stream rather than no body: a HEAD that Fastify derives from the GET would answer a length of 0.
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    const object = await storage.get(key, range ?? undefined);
    if (!object) throw notFound(options.missing ?? 'File not found');
    return reply.send(object.body);
}
