import type { FastifyInstance } from 'fastify';
import { forNoRequest } from '../db/abandoned';

export interface QueueWorker {
    /** Drains the queue now; a call while a drain runs makes it look once more when it is done. */
    run(): Promise<void>;
    /** Drains soon, outside the request that asked: its client going away must not cancel a claim half-way. */
    wake(): void;
    /** Resolves once the drain under way, if any, is done. */
    idle(): Promise<void>;
}

/**
 * Runs a queue's `drain` on this instance: at start, every `pollMs` (for work due again, or queued by another
 * instance) and when woken; one drain at a time, and none after the server closes, which waits for the last.
 * Which rows each instance takes is the queue's claim (see leasedQueue.ts), not this loop's.
 */
export function queueWorker(app: FastifyInstance, what: string, pollMs: number, drain: () => Promise<void>): QueueWorker {
    let running: Promise<void> | undefined;
    let again = false;
    let closed = false;

    function run(): Promise<void> {
        if (closed) return Promise.resolve();
        if (running) {
            again = true;
            return running;
        }
        running = (async () => {
            do {
                again = false;
                await drain();
            } while (again && !closed);
        })()
            .catch((error) => app.log.error({ err: error }, `${what} failed`))
            .finally(() => (running = undefined));
        return running;
    }

    const timer = setInterval(() => void run(), pollMs);
    timer.unref();
    app.addHook('onReady', async () => void run());
    app.addHook('preClose', async () => {
        clearInterval(timer);
        closed = true;
        await running;
    });

    return {
        run,
        wake: () => setImmediate(() => void forNoRequest(run)),
        idle: async () => {
            await running;
        },
    };
}
