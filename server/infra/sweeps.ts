import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** How often the sweeps of half-received and unclaimed files run: minutes, so a crash's leftovers do not wait for a restart. */
export const SWEEP_EVERY_MS = 5 * 60_000;
/** Room past the longest request for one whose body is in but is still being handled (a video sent on to the bucket). */
const MARGIN_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * A file being received is part of a request, and no request outlives UPLOAD_TIMEOUT_MS (the server's hard
 * limit): one older than that and a margin was left by a request that is gone (a crash, a killed process).
 */
export const halfReceivedAfterMs = (config: Pick<Config, 'uploadTimeoutMs'>) => config.uploadTimeoutMs + MARGIN_MS;

/** A picture staged by POST /v1/uploads waits at least an hour for a record to name it, as its answer says. */
export const unclaimedAfterMs = (config: Pick<Config, 'uploadTimeoutMs'>) => Math.max(halfReceivedAfterMs(config), HOUR_MS);

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
