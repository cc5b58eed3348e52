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

/**
 * Posts queued webhook deliveries (server/features/webhooks/announce.ts queues them with the change), signed,
 * retried with a growing wait while the endpoint is down or refuses. Up to WEBHOOK_LANES posts at once on this
 * instance, each lane claiming one delivery after another like the mail queue; no endpoint has more than
 * WEBHOOK_ENDPOINT_LANES in flight over all instances (deliveryQueue), so a slow or dead one holds only those.
 */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const queue = deliveryQueue(app.db, config.webhookEndpointLanes);
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

        /** One lane: posts what it can claim, one after another, until nothing is due with room to post it. */
        async function lane(at?: number) {
            for (let row = await queue.claim(at); row; row = await queue.claim(at)) await attempt(row, at);
        }

        const worker = queueWorker(app, 'Webhook queue', POLL_MS, () => lane(), config.webhookLanes);
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
                await Promise.all(Array.from({ length: config.webhookLanes }, () => lane(at)));
                await worker.idle();
            },
        });
    },
    { name: 'webhooks', dependencies: ['db'] },
);
