import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { mailQueue } from '../lib/mailQueue';
import { nowIso } from '../lib/time';

const EVERY_MS = 60 * 60_000;

/** Removes what no longer does anything: expired or used sign-in codes, ended sessions, old sent mail. */
export async function removeExpired(db: Kysely<Database>): Promise<void> {
    const now = nowIso();
    await db.deleteFrom('loginCodes').where('expiresAt', '<', now).execute();
    await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<', now), eb('revokedAt', 'is not', null)]))
        .execute();
    await mailQueue(db).prune();
}

/** Runs the clean-up at start and then hourly, so the tables do not grow forever. */
export default fp(
    async (app) => {
        let running: Promise<void> | undefined;
        const run = () => {
            running ??= removeExpired(app.db)
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
