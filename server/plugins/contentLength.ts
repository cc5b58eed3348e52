import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';
import { MAX_UPLOAD_BYTES, takesFiles } from '../lib/uploads';

declare module 'fastify' {
    interface FastifyContextConfig {
        /** The largest body this upload route takes, in bytes; a declared larger one is refused unread. */
        maxBodyBytes?: number;
    }
}

/** Room for the form's text fields, part headers and boundaries around the files. */
const FORM_OVERHEAD = 4 * 1024 * 1024;
/** An image form at its fullest: 20 files at the per-file cap (server/lib/uploads.ts) and the fields. */
export const MAX_FORM_BYTES = 20 * MAX_UPLOAD_BYTES + FORM_OVERHEAD;

const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/**
 * Refuses an upload whose Content-Length already says it is over the route's cap, before a byte of the
 * body is read (and before the access check spends a query on it); the connection is closed, since the
 * rest of the body will not be read. The parsers still count the bytes of bodies that declare no length.
 */
export default fp<{ config: Config }>(
    async (app) => {
        app.addHook('onRequest', async (request, reply) => {
            const declared = request.headers['content-length'];
            if (declared === undefined || !takesFiles(request.routeOptions)) return;
            const route = request.routeOptions;
            // The video upload refuses an oversized Content-Length itself, in its own words (VIDEO_MAX_MB).
            if (route.url?.endsWith('/uploadvideo')) return;
            const cap = route.config?.maxBodyBytes ?? MAX_FORM_BYTES;
            if (Number(declared) <= cap) return;
            reply.header('Connection', 'close');
            throw new HttpError(413, `The upload is larger than the ${mb(cap)} this address takes`);
        });
    },
    { name: 'contentLength' },
);
