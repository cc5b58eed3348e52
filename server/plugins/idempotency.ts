import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forNoRequest } from '../db/abandoned';
import { badRequest, HttpError } from '../infra/errors';
import { outOfService } from '../infra/outOfService';
import { fingerprintOf } from '../infra/idempotency/fingerprint';
import { claimKey, LEASE_MS, releaseKey, renewKey, saveAnswer } from '../infra/idempotency/idempotencyStore';
import { MAX_KEY_LENGTH, takesIdempotencyKey } from '../infra/idempotency/keyedRoutes';
import { runKeyed, STILL_RUNNING } from '../infra/idempotency/keyedWrites';

declare module 'fastify' {
    interface FastifyContextConfig {
        /** false: the route ignores Idempotency-Key (sign-in and password routes, whose answers must never be replayed). */
        idempotency?: false;
    }
    interface FastifyRequest {
        /** The Idempotency-Key this request carries and, once claimed, its hold on it. */
        idempotency: Held | null;
    }
}

interface Held {
    scope: string;
    key: string;
    token?: string;
    /** The ids an earlier run of this key committed, and the writes this run has reached (server/infra/idempotency/keyedWrites.ts). */
    written: number[];
    reached: number;
    renewal?: NodeJS.Timeout;
    /** The answer's body before serialization, saved as JSON and replayed through the route's serializer. */
    answer?: { body: unknown };
    settled?: boolean;
}

export const STREAMED = 'This upload is streamed as it arrives and cannot take an Idempotency-Key; send it without one';

/** The caller a key belongs to: a stranger's key, guessed, finds nothing of another's. */
const scopeOf = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `client:${request.ip}`);

function takesKey(request: FastifyRequest): boolean {
    const { url, config } = request.routeOptions;
    return url !== undefined && takesIdempotencyKey(request.method, { url, config });
}

/** Refused at once, before a body is read: an empty key, or one longer than Stripe allows. */
function keyOf(request: FastifyRequest): string | undefined {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !takesKey(request)) return undefined;
    const key = String(header).trim();
    if (!key) throw badRequest('The Idempotency-Key header is empty; send a unique key (a UUID) or leave the header out');
    if (key.length > MAX_KEY_LENGTH) throw badRequest(`The Idempotency-Key header is longer than ${MAX_KEY_LENGTH} characters`);
    return key;
}

/**
 * Stripe's Idempotency-Key on every POST, PUT and PATCH under /api that carries it: the first answer (status
 * and body) is saved and replayed, marked `Idempotent-Replayed: true`, to a retry with the same key; the same
 * key on another request is refused (422), and while the first still runs a retry gets 409. Answers of 5xx are
 * not saved, so a retry runs again; nor are refusals before the handler began (access, limits, validation). But
 * a write marks its key in its own transaction: once it committed, whatever fails after, a retry runs the handler
 * with the writes answered from what was committed (server/infra/idempotency/keyedWrites.ts), never done again.
 */
export default fp(
    async (app) => {
        app.decorateRequest('idempotency', null);

        app.addHook('onRequest', async (request) => {
            const key = keyOf(request);
            if (key) request.idempotency = { scope: '', key, written: [], reached: 0 };
        });

        // After validation: a body that fails it is answered 400 without touching the key, so it can be fixed and resent.
        app.addHook('preHandler', async (request, reply) => {
            const held = request.idempotency;
            if (!held) return;
            // A route that reads its own multipart stream (a video) has no body yet: it cannot be told from another
            // without holding it whole, so the key is refused rather than taken on trust.
            if (request.body === undefined && /^multipart\//i.test(request.headers['content-type'] ?? '')) throw badRequest(STREAMED);
            held.scope = scopeOf(request);
            const claim = await claimKey(app.db, held, await fingerprintOf(request));
            if (claim.kind === 'mismatch') throw new HttpError(422, 'This Idempotency-Key was already used with a different request');
            if (claim.kind === 'running') throw new HttpError(409, STILL_RUNNING);
            if (claim.kind === 'replay') {
                request.idempotency = null;
                return reply.header('Idempotent-Replayed', 'true').code(claim.statusCode).send(claim.body);
            }
            held.token = claim.token;
            held.written = claim.written;
            // An earlier run's work committed but its answer was lost: this one is rebuilt from what it wrote.
            if (claim.written.length) reply.header('Idempotent-Replayed', 'true');
            held.renewal = setInterval(() => {
                forNoRequest(() => renewKey(app.db, held, claim.token)).catch((error) => request.log.warn({ err: error }, 'Idempotency-Key lease not renewed'));
            }, LEASE_MS / 3);
            held.renewal.unref();
        });
        // The handler runs with its key's run, so that each write it makes records itself in its own transaction.
        app.addHook('preHandler', (request, _reply, done) => {
            const held = request.idempotency;
            if (held?.token) runKeyed(held as Held & { token: string }, done);
            else done();
        });

        app.addHook('preSerialization', async (request, _reply, payload) => {
            if (request.idempotency?.token) request.idempotency.answer = { body: payload };
            return payload;
        });

        // Saved before the answer leaves, so a retry sent the moment it arrives is replayed, not refused as running.
        app.addHook('onSend', async (request, reply, payload) => {
            await settle(request, reply, payload);
            return payload;
        });
        // Whatever ended the request without an answer we could save (a stream, an abort) frees the key.
        app.addHook('onResponse', async (request, reply) => settle(request, reply, undefined, true));

        async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown, ended = false) {
            const held = request.idempotency;
            if (!held?.token || held.settled) return;
            held.settled = true;
            clearInterval(held.renewal);
            const token = held.token;
            const status = reply.statusCode;
            // 499: the client went away and its statements were cancelled, so nothing was done.
            const saved = !ended && status < 500 && status !== 499 ? savedBody(held, payload) : undefined;
            const record = () => (saved === undefined ? releaseKey(app.db, held, token) : saveAnswer(app.db, held, token, status, saved));
            // Not cancelled with its request: a client that went away after the work committed is the retry's reason.
            await forNoRequest(record).catch((error: unknown) => {
                request.log.error({ err: error }, 'Idempotency-Key answer not saved');
                // The database went away after the work was done: the answer still goes out, and is saved once the
                // database is back, before the key's lease lapses and a retry could run the work a second time.
                if (outOfService(error)) void recordOnceBack(record, request);
            });
        }
    },
    { name: 'idempotency', dependencies: ['db', 'auth'] },
);

/** Tries `record` again every second for most of a lease, while the database is out of service. */
async function recordOnceBack(record: () => Promise<void>, request: FastifyRequest) {
    for (let waited = 0; waited < LEASE_MS * 0.8; waited += 1_000) {
        await new Promise((done) => setTimeout(done, 1_000).unref());
        try {
            await forNoRequest(record);
            request.log.info('Idempotency-Key answer saved once the database was back');
            return;
        } catch (error) {
            if (!outOfService(error)) return void request.log.error({ err: error }, 'Idempotency-Key answer not saved');
        }
    }
}

/** The body to replay as JSON, null for none, or undefined when the answer cannot be replayed (a stream, raw bytes). */
function savedBody(held: Held, payload: unknown): string | null | undefined {
    if (held.answer) {
        try {
            return JSON.stringify(held.answer.body) ?? null;
        } catch {
            return undefined;
        }
    }
    if (payload === undefined || payload === null || payload === '') return null;
    return undefined;
}
