import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../infra/errors';
import { MAX_UPLOAD_BYTES, takesFiles } from '../infra/uploads';

declare module 'fastify' {
    interface FastifyContextConfig {
        /** The largest body this upload route takes, in bytes; a declared larger one is refused unread. */
        maxBodyBytes?: number;
    }
}

/** Room for the form's text fields, part headers and boundaries around the files. */
const FORM_OVERHEAD = 4 * 1024 * 1024;
/** An image form at its fullest: 20 files at the per-file cap (server/infra/uploads.ts) and the fields. */
export const MAX_FORM_BYTES = 20 * MAX_UPLOAD_BYTES + FORM_OVERHEAD;
/** A refused body of at most this many bytes (the JSON limit) is read and dropped, and its connection kept. */
export const DRAIN_BYTES = 1024 * 1024;
/** How long a connection closed after a refusal goes on reading what the client still sends. */
export const LINGER_MS = 5000;

const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/**
 * Refuses an upload whose Content-Length already says it is over the route's cap, before a byte of the
 * body is read (and before the access check spends a query on it).
 *
 * And every answer sent before its request's body was read whole (a refusal: not signed in, a body that
 * cannot be parsed or is too big, multipart where no files are taken) is one the client can read on a
 * keep-alive connection. A small rest of the body is read and dropped, and the connection kept; a big
 * or unknown one gets `Connection: close`, and the server goes on reading for a while after the answer
 * before it closes. Closing on unread bytes resets the connection, and a client still sending its body
 * then gets EPIPE or ECONNRESET instead of the answer.
 */
export default fp<{ config: Config }>(
    async (app) => {
        app.addHook('onRequest', async (request) => {
            const declared = request.headers['content-length'];
            if (declared === undefined || !takesFiles(request.routeOptions)) return;
            const route = request.routeOptions;
            // The video upload refuses an oversized Content-Length itself, in its own words (VIDEO_MAX_MB).
            if (route.url?.endsWith('/uploadvideo')) return;
            const cap = route.config?.maxBodyBytes ?? MAX_FORM_BYTES;
            if (Number(declared) <= cap) return;
            throw new HttpError(413, `The upload is larger than the ${mb(cap)} this address takes`);
        });

        app.addHook('onSend', (request, reply, payload, done) => {
            const raw = request.raw;
            // Injected requests have no connection; a body received whole leaves nothing to read, and
            // Fastify's `Connection: close` after a body it could not parse is then needless.
            if (!(raw.socket instanceof Socket)) return done(null, payload);
            // What Node itself answers: keep-alive unless the client asked to close (HTTP/1.0, `Connection: close`).
            const keepAlive = () => reply.header('connection', reply.raw.shouldKeepAlive ? 'keep-alive' : 'close');
            if (raw.complete) {
                if (reply.hasHeader('connection')) keepAlive();
                return done(null, payload);
            }
            if (Number(raw.headers['content-length']) <= DRAIN_BYTES) keepAlive();
            else reply.header('connection', 'close');
            // Node closes the connection after the answer when it says so (or the client asked for it).
            lingerBeforeClosing(raw, raw.socket, reply.raw);
            // The rest is dropped as it comes (Node's own dump, for a body nobody started reading).
            raw.resume();
            done(null, payload);
        });
    },
    { name: 'contentLength' },
);

/**
 * Node ends a connection whose answer says `Connection: close` with `socket.destroySoon()`: the answer,
 * then the socket destroyed, which resets the connection if the client's body is still coming. Instead:
 * the answer and a FIN, then the rest of the body read and dropped until it ends or LINGER_MS pass.
 */
function lingerBeforeClosing(request: IncomingMessage, socket: Socket, response: ServerResponse) {
    // Only for this answer: Node calls destroySoon on its 'finish', before this listener runs.
    response.once('finish', () => delete (socket as Partial<Socket>).destroySoon);
    socket.destroySoon = function lingeringClose(this: Socket) {
        this.end();
        const close = () => {
            clearTimeout(timer);
            if (this.writableFinished) this.destroy();
            else this.once('finish', () => this.destroy());
        };
        const timer = setTimeout(close, LINGER_MS);
        timer.unref();
        if (request.complete) close();
        else {
            request.once('end', close);
            request.once('close', close);
        }
        this.once('close', () => clearTimeout(timer));
    };
}
