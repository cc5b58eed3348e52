import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { MAX_DELIVERY_ATTEMPTS } from './deliveryQueue';

const DAY_MS = 24 * 60 * 60_000;
/** A delivered event stays in its endpoint's log this long: enough to answer "did you send it?" for a month. */
export const DELIVERED_KEPT_DAYS = 30;
/** A given-up one longer: it is what staff look for when an integration missed something. */
export const FAILED_KEPT_DAYS = 90;

const before = (at: number, days: number) => new Date(at - days * DAY_MS).toISOString();

/**
 * Forgets old deliveries, so the log does not grow forever: delivered ones a month after they were delivered, given-up
 * ones three months after they were queued (all their tries fall within hours of that). Pending ones always stay.
 * The hourly clean-up runs it (server/plugins/housekeeping.ts).
 */
export async function pruneDeliveries(db: Kysely<Database>, at = Date.now()): Promise<void> {
    await db.deleteFrom('webhookDeliveries').where('deliveredAt', '<', before(at, DELIVERED_KEPT_DAYS)).execute();
    await db
        .deleteFrom('webhookDeliveries')
        .where('deliveredAt', 'is', null)
        .where('attempts', '>=', MAX_DELIVERY_ATTEMPTS)
        .where('createdAt', '<', before(at, FAILED_KEPT_DAYS))
        .execute();
}
