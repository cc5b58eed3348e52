import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * The answer (its raw response) of the request a query runs for. The response itself is kept, not a signal made
 * for it: most requests of a busy list take no connection (kept answers), and a listener costs only those that do.
 */
const requestAnswer = new AsyncLocalStorage<ServerResponse>();

/** Lets a connection taken for a request know when its connection closes before the answer is complete. */
export function trackAbandoned(app: FastifyInstance) {
    app.addHook('onRequest', (_request, reply, done) => {
        // run(), not enterWith(): the request's hooks and handler continue inside the callback.
        requestAnswer.run(reply.raw, done);
    });
}

/** Closed before its answer was complete: the client went away. */
const abandoned = (answer: ServerResponse) => answer.closed && !answer.writableFinished;

type Client = pg.PoolClient & { activeQuery?: unknown };

/**
 * A pool whose clients cancel their running statement when the request they were taken for is abandoned:
 * a client that closed the tab does not keep a slow query busy. The cancel goes over a connection of its
 * own, as PostgreSQL's protocol wants.
 */
export function cancelAbandoned(pool: pg.Pool, options: pg.ClientConfig): pg.Pool {
    const connect = pool.connect.bind(pool) as () => Promise<Client>;
    pool.connect = (async () => {
        const answer = requestAnswer.getStore();
        const client = await connect();
        if (!answer) return client;
        // PostgreSQL takes a cancel over another connection, a moment later: by then this connection may run
        // another statement. So a connection that was sent a cancel is closed when released, never pooled,
        // and the cancel can only ever hit the abandoned request's own work.
        let cancelled = false;
        const cancel = () => {
            if (!abandoned(answer) || !client.activeQuery) return;
            cancelled = true;
            const canceller = new pg.Client(options) as pg.Client & { cancel(c: unknown, q: unknown): void; connection: NodeJS.EventEmitter };
            // PostgreSQL hangs up on a cancel connection as soon as it has read it, which a loaded machine may see
            // as a reset: nothing is waiting on this connection, and an unheard 'error' would end the process.
            canceller.connection.on('error', () => {});
            canceller.cancel(client, client.activeQuery);
        };
        if (answer.closed) cancel();
        else answer.once('close', cancel);
        const release = client.release.bind(client);
        client.release = (error?: Error | boolean) => {
            answer.removeListener('close', cancel);
            client.release = release;
            return release(cancelled || error);
        };
        return client;
    }) as unknown as typeof pool.connect;
    return pool;
}

/**
 * Runs `read` for no request in particular: a statement whose answer many requests share is not cancelled when
 * one of them is abandoned (the others would get the cancellation instead of their answer).
 */
export const forNoRequest = <T>(read: () => Promise<T>): Promise<T> => requestAnswer.exit(read);
