import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** How often the sweeps of half-received and unclaimed files run: minutes, so a crash's leftovers do not wait for a restart. */
export const SWEEP_EVERY_MS = 5 * 60_000;
/** Room past the longest request for one whose body is in but is still being handled (a video sent on to the bucket). */
const MARGIN_MS = 5 * 60_000;

/**
 * A video's part is written as its bytes come, and no request outlives UPLOAD_TIMEOUT_MS (the server's hard limit);
 * once in whole it may still be sent on to a bucket for minutes, hence the margin. A part older than that was left by
 * a request that is gone (a crash, a killed process).
 */
export const halfReceivedAfterMs = (config: Pick<Config, 'uploadTimeoutMs'>) => config.uploadTimeoutMs + MARGIN_MS;

/**
 * Runs `sweep` every SWEEP_EVERY_MS, one round at a time, without keeping the process alive; closing the
 * app stops it and waits for a round under way. A failed round is logged and the next one tries again.
 */
export function sweepPeriodically(app: FastifyInstance, name: string, sweep: () => Promise<unknown>): void {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
        running ??= sweep()
            .catch((error) => app.log.error({ err: error }, `The ${name} sweep failed`))
            .finally(() => (running = undefined));
    }, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('preClose', async () => {
        clearInterval(timer);
        await running;
    });
}
