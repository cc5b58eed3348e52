import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { takesFiles } from './uploads';
import { serverErrorBody } from './serverErrorBody';

const envelope = (message: string) => JSON.stringify({ success: false, message, error: message });

/**
 * A body that is not a file upload must arrive within REQUEST_TIMEOUT_MS of the request's start;
 * a client trickling one byte at a time is answered 408 and disconnected. (Headers are bounded by the
 * server's headersTimeout, uploads and everything else by its requestTimeout, silence by the idle timeout.)
 */
export function slowClients(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
        const raw = request.raw;
        const length = raw.headers['content-length'];
        const hasBody = (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
        if (!hasBody || takesFiles(request.routeOptions)) return done();
        const timer = setTimeout(() => {
            if (raw.complete || raw.readableEnded || raw.destroyed) return;
            try {
                const socket = raw.socket;
                if (!socket || socket.destroyed || typeof socket.destroy !== 'function') return;
                request.log.info('Request body too slow; connection closed');
                if (!reply.raw.headersSent) {
                    const body = envelope('The request took too long to arrive');
                    socket.end(`HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
                }
                setTimeout(() => socket.destroy(), 1000).unref();
            } catch {
                // Not a real socket (an injected request): nothing to close.
            }
        }, app.config.requestTimeoutMs);
        timer.unref();
        const clear = () => clearTimeout(timer);
        raw.once('end', clear);
        raw.once('close', clear);
        done();
    });
}

/** Fastify's own refusals before routing (a malformed URL) in our error envelope. */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    // These answers skip the hooks, so the one that echoes the request id (plugins/requestIdHeader.ts) too.
    reply.header('X-Request-Id', request.id);
    if (error.code === 'FST_ERR_BAD_URL') {
        return reply.code(400).type('application/json; charset=utf-8').send(envelope('The address is not valid'));
    }
    if (error.statusCode && error.statusCode < 500) return reply.code(error.statusCode).type('application/json; charset=utf-8').send(envelope(error.message));
    return reply.code(500).type('application/json; charset=utf-8').send(JSON.stringify(serverErrorBody(request, 'Something went wrong on our side. Please try again.')));
}
