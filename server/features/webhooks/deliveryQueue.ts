import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { leasedQueue } from '../../infra/leasedQueue';

/** After this many failed posts a delivery is given up: about nine hours of waits growing from 30 s to an hour. */
export const MAX_DELIVERY_ATTEMPTS = 16;
/** A worker's claim on a delivery: well beyond the post's timeout, so only a killed instance's claim lapses. */
export const DELIVERY_LEASE_MS = 2 * 60_000;

export interface QueuedDelivery {
    id: number;
    endpointId: number;
    event: string;
    eventId: string;
    payload: string;
    attempts: number;
}

/** What the endpoint answered, when it answered at all. */
export interface Answer {
    statusCode: number;
    excerpt: string;
}

const COLUMNS = ['id', 'endpointId', 'event', 'eventId', 'payload', 'attempts'] as const;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The database side of the webhook deliveries: the mail queue's claim (leasedQueue), at most `endpointLanes` in
 * flight per endpoint and taken from the endpoint with fewest in flight first, and a settle that keeps the log.
 */
export function deliveryQueue(db: Kysely<Database>, endpointLanes: number, leaseMs = DELIVERY_LEASE_MS) {
    const leased = leasedQueue<QueuedDelivery>(
        db as unknown as Kysely<unknown>,
        {
            table: 'webhookDeliveries',
            settled: 'deliveredAt',
            maxAttempts: MAX_DELIVERY_ATTEMPTS,
            leaseMs,
            perGroup: { column: 'endpointId', limit: endpointLanes },
        },
        COLUMNS,
    );
    return {
        claim: (at?: number) => leased.claim(at),
        hasDue: (at?: number) => leased.hasDue(at),

        async delivered(row: QueuedDelivery, answer: Answer, at = Date.now()): Promise<void> {
            await db
                .updateTable('webhookDeliveries')
                .set({ deliveredAt: iso(at), lockedUntil: null, statusCode: answer.statusCode, responseExcerpt: answer.excerpt, lastError: null })
                .where(leased.stillClaimed(row) as never)
                .execute();
        },

        failed: (row: QueuedDelivery, error: unknown, answer: Answer | undefined, at?: number) =>
            leased.retryLater(row, error, at, { statusCode: answer?.statusCode ?? null, responseExcerpt: answer?.excerpt ?? null }),

        /** A delivery that is not to be tried again (its endpoint was switched off): its attempts are used up. */
        async givenUp(row: QueuedDelivery, reason: string): Promise<void> {
            await db
                .updateTable('webhookDeliveries')
                .set({ attempts: MAX_DELIVERY_ATTEMPTS, lockedUntil: null, lastError: reason })
                .where(leased.stillClaimed(row) as never)
                .execute();
        },

        endpoint: (id: number) => db.selectFrom('webhookEndpoints').select(['url', 'secret', 'active']).where('id', '=', id).executeTakeFirst(),
    };
}

export type DeliveryQueue = ReturnType<typeof deliveryQueue>;
