import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { MAX_MAIL_ATTEMPTS } from '../../infra/mailQueue';
import { MAX_DELIVERY_ATTEMPTS } from '../webhooks/deliveryQueue';

interface QueueTable {
    /** The metric names' start: `<name>_queue_pending`, `<name>_queue_oldest_age_seconds`. */
    name: string;
    table: 'mailQueue' | 'webhookDeliveries';
    settled: 'sentAt' | 'deliveredAt';
    maxAttempts: number;
}

const QUEUES: QueueTable[] = [
    { name: 'mail', table: 'mailQueue', settled: 'sentAt', maxAttempts: MAX_MAIL_ATTEMPTS },
    { name: 'webhook', table: 'webhookDeliveries', settled: 'deliveredAt', maxAttempts: MAX_DELIVERY_ATTEMPTS },
];

/**
 * The durable queues' backlog, counted in the database at each scrape, so every instance reports the same
 * shared queue: rows not yet sent that still have attempts left (given-up rows are not a backlog), and how
 * long the oldest of them has waited. A growing age means the workers are stuck or the other side refuses.
 */
export function queueGauges(app: FastifyInstance, registry: Registry) {
    for (const queue of QUEUES) {
        const query = async () => {
            const row = await app.db
                .selectFrom(queue.table)
                .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('createdAt').as('oldest')])
                .where(queue.settled, 'is', null)
                .where('attempts', '<', queue.maxAttempts)
                .executeTakeFirstOrThrow();
            return { pending: Number(row.pending), ageSeconds: row.oldest ? Math.max(0, (Date.now() - Date.parse(row.oldest)) / 1000) : 0 };
        };
        // The two gauges of a queue are collected together in a scrape: one query answers both.
        let reading: ReturnType<typeof query> | undefined;
        const read = () => (reading ??= query().finally(() => (reading = undefined)));
        new Gauge({
            name: `${queue.name}_queue_pending`,
            help: `${queue.name} queue: rows waiting to be sent (not given up)`,
            registers: [registry],
            async collect() {
                this.set((await read()).pending);
            },
        });
        new Gauge({
            name: `${queue.name}_queue_oldest_age_seconds`,
            help: `${queue.name} queue: how long the oldest waiting row has waited (0 when none waits)`,
            registers: [registry],
            async collect() {
                this.set((await read()).ageSeconds);
            },
        });
    }
}
