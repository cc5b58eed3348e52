import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { queueWorker } from '../../infra/queueWorker';
import { lastAnnouncedAt } from './announce';
import { deliveryQueue, type QueuedDelivery } from './deliveryQueue';
import { postDelivery, PostError } from './postDelivery';
import { SIGNATURE_HEADER, signatureHeader } from './signature';

export interface Webhooks {
    /** Posts every delivery due at `at` (now by default) and waits: tests drive the queue's clock with it. */
    flush(at?: number): Promise<void>;
    /** Looks at the queue soon: a delivery was queued in a transaction now committed. */
    wake(): void;
}

declare module 'fastify' {
    interface FastifyInstance {
        webhooks: Webhooks;
    }
}

/** Whether endpoints may be on this machine or a private network: not in production, unless WEBHOOKS_ALLOW_LOCAL says so. */
export const allowsLocal = (config: Config) => config.nodeEnv !== 'production' || config.webhooksAllowLocal;

/** How often the queue is looked at for deliveries due again (a retry, or one queued by another process). */
const POLL_MS = 10_000;
/** Deliveries posted at once by one instance, so one slow endpoint does not hold up the others. */
const LANES = 4;

/**
 * Posts queued webhook deliveries (server/features/webhooks/announce.ts queues them with the change), signed,
 * one claim at a time like the mail queue, retried with a growing wait while the endpoint is down or refuses.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const queue = deliveryQueue(app.db);
        const options = { timeoutMs: config.webhookTimeoutMs, allowLocal: allowsLocal(config) };

        async function attempt(row: QueuedDelivery, at?: number) {
            const endpoint = await queue.endpoint(row.endpointId);
            if (!endpoint?.active) return queue.givenUp(row, 'Not sent: the endpoint is switched off');
            const headers = { [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, row.payload, at), 'X-Webhook-Event': row.event, 'X-Webhook-Id': row.eventId };
            try {
                await queue.delivered(row, await postDelivery(endpoint.url, row.payload, headers, options), at);
            } catch (error) {
                app.log.warn({ delivery: row.id, attempts: row.attempts, err: error }, 'Webhook not delivered; it will be retried');
                await queue.failed(row, error, error instanceof PostError ? error.answer : undefined, at);
            }
        }

        async function drain(at?: number) {
            const lane = async () => {
                for (let row = await queue.claim(at); row; row = await queue.claim(at)) await attempt(row, at);
            };
            await Promise.all(Array.from({ length: LANES }, lane));
        }

        const worker = queueWorker(app, 'Webhook queue', POLL_MS, () => drain());
        const { wake } = worker;
        // A write that queued an event has committed once it is answered: post it now rather than at the next poll.
        app.addHook('onResponse', async (request) => {
            if (request.method !== 'GET' && Date.now() - lastAnnouncedAt() < POLL_MS) wake();
        });

        app.decorate('webhooks', {
            wake,
            async flush(at?: number) {
                // A wake already asked for runs first, and anything it claimed is settled before this answers.
                await new Promise((resolve) => setImmediate(resolve));
                await worker.idle();
                await drain(at);
                await worker.idle();
            },
        });
    },
    { name: 'webhooks', dependencies: ['db'] },
);
