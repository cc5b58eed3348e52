import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { ifUnlocked, type JobSpan } from '../db/advisoryLock';
import type { Database } from '../db/tables';
import { mailQueue } from '../infra/mailQueue';
import { CODE_MAIL_WINDOW_MS } from '../features/signIn/signInCodes';
import { UNKNOWN_DEVICES } from '../features/signIn/signInBudget';
import { pruneDeliveries } from '../features/webhooks/pruneDeliveries';
import { pruneIdempotencyKeys } from '../infra/idempotency/idempotencyStore';
import { inMs, nowIso } from '../infra/time';

const EVERY_MS = 60 * 60_000;

/** A device's wrong codes are forgotten after a day without one, unless it is being held back now. */
const FAILURES_KEPT_MS = 24 * 60 * 60_000;
/** …but the unknown devices' count for an account is kept a month, so a patient stranger's guesses still add up (NIST's bound is on consecutive failures). */
const UNKNOWN_DEVICE_FAILURES_KEPT_MS = 30 * 24 * 60 * 60_000;
/** Forgot-password requests only hold back a second one within a minute. */
const RESET_REQUESTS_KEPT_MS = 60 * 60_000;

/** Removes what no longer does anything: old sign-in codes and counts, ended sessions, old sent mail, old webhook deliveries, Idempotency-Keys past their day. */
export async function removeExpired(db: Kysely<Database>): Promise<void> {
    const now = nowIso();
    // A code outlives its ten minutes until it leaves the mail window: it still counts towards the
    // address's mail cap, which a sweep must not reset.
    await db.deleteFrom('loginCodes').where('expiresAt', '<', now).where('createdAt', '<', inMs(-CODE_MAIL_WINDOW_MS)).execute();
    await db
        .deleteFrom('signInFailures')
        .where((eb) =>
            eb.or([
                eb.and([eb('client', '!=', UNKNOWN_DEVICES), eb('updatedAt', '<', inMs(-FAILURES_KEPT_MS))]),
                eb('updatedAt', '<', inMs(-UNKNOWN_DEVICE_FAILURES_KEPT_MS)),
            ]),
        )
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
        .execute();
    await db.deleteFrom('passwordResetRequests').where('requestedAt', '<', inMs(-RESET_REQUESTS_KEPT_MS)).execute();
    await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<', now), eb('revokedAt', 'is not', null)]))
        .execute();
    await mailQueue(db).prune();
    await pruneDeliveries(db);
    await pruneIdempotencyKeys(db);
}

/**
 * The clean-up, by one instance at a time: on PostgreSQL an instance that finds another at it skips its
 * round (answers false), as the other removes the same rows.
 */
export const cleanUp = (db: Kysely<Database>, ran?: (span: JobSpan) => void): Promise<boolean> => ifUnlocked(db, 'housekeeping', () => removeExpired(db), ran);

/** Runs the clean-up at start and then hourly, so the tables do not grow forever. */
export default fp(
    async (app) => {
        let running: Promise<void> | undefined;
        const run = () => {
            running ??= cleanUp(app.db, (span) => app.log.info(span, 'Background job ran'))
                .then(() => undefined)
                .catch((error) => app.log.error({ err: error }, 'Clean-up failed'))
                .finally(() => (running = undefined));
        };
        const timer = setInterval(run, EVERY_MS);
        timer.unref();
        app.addHook('onReady', async () => run());
        app.addHook('preClose', async () => {
            clearInterval(timer);
            await running;
        });
    },
    { name: 'housekeeping', dependencies: ['db'] },
);
