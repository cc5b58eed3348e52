import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { processMetrics } from '../../infra/processMetrics';
import { errorBody } from '../../http/common';
import { queueGauges } from './queueGauges';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * METRICS_TOKEN as a bearer token, compared in constant time (over digests, so its length does not show either):
 * a scraper needs no session, which would expire, and the token opens this route only.
 */
function metricsTokenOf(expected: string | undefined) {
    const wanted = expected ? digest(expected) : undefined;
    return (request: FastifyRequest) => {
        const shown = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
        return Boolean(wanted && shown && timingSafeEqual(digest(shown), wanted));
    };
}

/** Prometheus' text format: this app's requests, pool and queues, and the process's own metrics. */
export default async function metricsRoutes(app: FastifyInstance) {
    queueGauges(app, app.metrics);
    app.get('/metrics', {
        config: { access: 'admin', alsoLetIn: metricsTokenOf(app.config.metricsToken) },
        schema: {
            tags: ['System'],
            summary: 'Metrics in the Prometheus text format (administrators, or the METRICS_TOKEN bearer token)',
            produces: ['text/plain'],
            response: { 200: { type: 'string', description: 'Prometheus exposition format 0.0.4' }, 401: errorBody, 403: errorBody },
        },
        handler: async (_request, reply) => {
            const registry = Registry.merge([processMetrics(), app.metrics]);
            return reply.type(registry.contentType).send(await registry.metrics());
        },
    });
}
