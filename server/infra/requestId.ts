import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a client's or a proxy's X-Request-Id may be: short, and safe to print in a log line or a header. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id a proxy (or client) sent, so one id follows a request across
 * services, when it is well formed; otherwise a fresh UUID. A per-process counter would repeat across
 * instances and restarts, so it could not find a request in logs gathered from several.
 */
export function requestId(request: IncomingMessage): string {
    const sent = request.headers['x-request-id'];
    return typeof sent === 'string' && ACCEPTED.test(sent) ? sent : randomUUID();
}
