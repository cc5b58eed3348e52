import type { FastifyInstance } from 'fastify';
import { readinessOf } from './readiness';

const checkResult = {
    type: 'object',
    required: ['status', 'latencyMs'],
    properties: {
        status: { type: 'string', enum: ['ok', 'failing'] },
        latencyMs: { type: 'integer', description: 'How long the check took' },
        message: { type: 'string', description: 'Why it fails, or a note on a passing check' },
    },
} as const;

const readinessBody = {
    type: 'object',
    required: ['status', 'checks'],
    properties: {
        status: { type: 'string', enum: ['ok', 'unavailable'] },
        checks: {
            type: 'object',
            description: 'database, migrations, disk, and bucket (with S3_BUCKET) and redis (with REDIS_URL); shutdown while closing',
            additionalProperties: checkResult,
        },
    },
} as const;

const legacyBody = {
    type: 'object',
    properties: { status: { type: 'string' }, database: { type: 'string' }, checks: readinessBody.properties.checks },
} as const;

/**
 * Liveness (the process answers; a failure means restart it) apart from readiness (its dependencies answer;
 * a failure means send it no traffic for now), as Kubernetes' probes and load balancers' health checks expect.
 * All public and cheap; readiness answers 503 naming what fails, so the monitor's log says why.
 */
export default async function health(app: FastifyInstance) {
    const readiness = readinessOf(app);

    app.get('/health/live', {
        config: { access: 'public' },
        schema: {
            tags: ['System'],
            summary: 'Answers while the process runs, touching no dependency (a liveness probe)',
            response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } } },
        },
        handler: async () => ({ status: 'ok' }),
    });

    app.get('/health/ready', {
        config: { access: 'public' },
        schema: {
            tags: ['System'],
            summary: 'Answers 200 when every dependency is usable, else 503 naming the failing ones (a readiness probe)',
            response: { 200: readinessBody, 503: readinessBody },
        },
        handler: async (_request, reply) => {
            const result = await readiness();
            return reply.code(result.status === 'ok' ? 200 : 503).send(result);
        },
    });

    // The first health route, kept for the clients and load balancers that probe it: the readiness verdict in
    // its old shape, and the checks only when one fails.
    app.get('/health', {
        config: { access: 'public' },
        schema: {
            tags: ['System'],
            summary: 'Answers when the server and its dependencies do (the readiness verdict, in the first shape)',
            response: { 200: legacyBody, 503: legacyBody },
        },
        handler: async (_request, reply) => {
            const result = await readiness();
            if (result.status === 'ok') return { status: 'ok', database: app.dbKind };
            return reply.code(503).send({ status: 'unavailable', database: app.dbKind, checks: result.checks });
        },
    });
}
