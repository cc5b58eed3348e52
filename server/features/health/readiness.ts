import type { FastifyInstance } from 'fastify';
import { checksFor, type Check } from './checks';

export interface CheckResult {
    status: 'ok' | 'failing';
    latencyMs: number;
    message?: string;
}

export interface Readiness {
    status: 'ok' | 'unavailable';
    checks: Record<string, CheckResult>;
}

/** A dependency that has not answered in this long is failing: a load balancer's probe must not hang. */
export const CHECK_TIMEOUT_MS = 2_000;

/**
 * Probes answered within this long share one run: readiness is public, and a burst of probes (or someone
 * calling it in a loop) must not become a burst of bucket and database calls.
 */
const REUSE_MS = 1_000;

async function timed(name: string, check: Check, app: FastifyInstance): Promise<CheckResult> {
    const started = performance.now();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
            controller.abort();
            reject(new Error(`No answer within ${CHECK_TIMEOUT_MS / 1000} s`));
        }, CHECK_TIMEOUT_MS);
    });
    try {
        const note = await Promise.race([check(app, controller.signal), timeout]);
        return { status: 'ok', latencyMs: elapsed(started), ...(note ? { message: note } : {}) };
    } catch (error) {
        app.log.warn({ err: error, check: name }, 'A readiness check failed');
        return { status: 'failing', latencyMs: elapsed(started), message: error instanceof Error ? error.message || error.name : String(error) };
    } finally {
        clearTimeout(timer);
    }
}

const elapsed = (started: number) => Math.round(performance.now() - started);

async function runChecks(app: FastifyInstance): Promise<Readiness> {
    const entries = await Promise.all(Object.entries(checksFor(app)).map(async ([name, check]) => [name, await timed(name, check, app)] as const));
    const checks = Object.fromEntries(entries);
    return { status: entries.every(([, result]) => result.status === 'ok') ? 'ok' : 'unavailable', checks };
}

const SHUTTING_DOWN: Readiness = {
    status: 'unavailable',
    checks: { shutdown: { status: 'failing', latencyMs: 0, message: 'The server is shutting down' } },
};

/** The app's readiness, each dependency probed at once with its own timeout; 'unavailable' while it shuts down. */
export function readinessOf(app: FastifyInstance): () => Promise<Readiness> {
    let last: { at: number; result: Promise<Readiness> } | undefined;
    return () => {
        // Nothing is probed once closing has begun: the database may already be closing with it.
        if (app.shuttingDown) return Promise.resolve(SHUTTING_DOWN);
        const now = Date.now();
        if (!last || now - last.at > REUSE_MS) last = { at: now, result: runChecks(app) };
        return last.result;
    };
}
