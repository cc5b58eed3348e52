import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
    interface FastifyInstance {
        /** This app's Prometheus metrics (the process's own are in server/infra/processMetrics.ts). */
        metrics: Registry;
    }
}

/** Seconds: from a cached read (a few ms) to an upload or export (tens of seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * A registry per app (tests build many in one process; prom-client's global one would mix them), with every
 * request counted and timed by route pattern, method and status. The pattern (`/api/products/:id`), never the
 * URL: one series per route, however many ids and query strings clients send; unmatched paths share one.
 */
export default fp(
    async (app) => {
        const registry = new Registry();
        app.decorate('metrics', registry);
        const labelNames = ['route', 'method', 'status_code'] as const;
        const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
        const duration = new Histogram({
            name: 'http_request_duration_seconds',
            help: 'Time from a request arriving to its answer being sent',
            labelNames,
            buckets: DURATION_BUCKETS,
            registers: [registry],
        });
        app.addHook('onResponse', (request, reply, done) => {
            const labels = { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: reply.statusCode };
            requests.inc(labels);
            duration.observe(labels, reply.elapsedTime / 1000);
            done();
        });
        poolGauges(app.dbPool, registry);
    },
    { name: 'metrics', dependencies: ['db'] },
);

/** PostgreSQL's pool: connections open, in use, and requests waiting for one. SQLite has a single connection. */
function poolGauges(pool: { totalCount: number; idleCount: number; waitingCount: number } | null, registry: Registry) {
    if (!pool) return;
    const gauge = (name: string, help: string, read: () => number) =>
        new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
    gauge('db_pool_connections', 'Database connections open', () => pool.totalCount);
    gauge('db_pool_connections_in_use', 'Database connections running a statement', () => pool.totalCount - pool.idleCount);
    gauge('db_pool_waiting_requests', 'Statements waiting for a free connection', () => pool.waitingCount);
}
