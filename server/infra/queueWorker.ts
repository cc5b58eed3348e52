import type { FastifyInstance } from 'fastify';
import { forNoRequest } from '../db/abandoned';

export interface QueueWorker {
    /** Drains the queue now, in a lane of its own when one is free; otherwise a lane looks once more when it is done. */
    run(): Promise<void>;
    /** Drains soon, outside the request that asked: its client going away must not cancel a claim half-way. */
    wake(): void;
    /** Resolves once every lane under way, if any, is done. */
    idle(): Promise<void>;
}

/**
 * Runs a queue's `drain` on this instance: at start, every `pollMs` (for work due again, or queued by another
 * instance) and when woken; up to `lanes` drains at once, each its own loop of claims (one for the mail queue),
 * and none after the server closes, which waits for the last. A lane stops when it finds nothing to claim; a
 * wake while every lane is busy makes the first to stop look once more, so work queued meanwhile is never left
 * until the next poll. Which rows each lane takes is the queue's claim (see leasedQueue.ts), not this loop's.
 */
export function queueWorker(app: FastifyInstance, what: string, pollMs: number, drain: () => Promise<void>, lanes = 1): QueueWorker {
    const running = new Set<Promise<void>>();
    let busy = 0;
    let again = false;
    let closed = false;

    function lane(): Promise<void> {
        busy += 1;
        const done = (async () => {
            try {
                do {
                    again = false;
                    await drain();
                } while (again && !closed);
            } catch (error) {
                app.log.error({ err: error }, `${what} failed`);
            } finally {
                // In the same turn as the last look: a wake from now on finds this lane free.
                busy -= 1;
            }
        })();
        running.add(done);
        void done.then(() => running.delete(done));
        return done;
    }

    async function idle() {
        while (running.size) await Promise.all(running);
    }

    function run(): Promise<void> {
        if (closed) return Promise.resolve();
        if (busy < lanes) lane();
        else again = true;
        return idle();
    }

    const timer = setInterval(() => void run(), pollMs);
    timer.unref();
    app.addHook('onReady', async () => void run());
    app.addHook('preClose', async () => {
        clearInterval(timer);
        closed = true;
        await idle();
    });

    return {
        run,
        wake: () => setImmediate(() => void forNoRequest(run)),
        idle,
    };
}
