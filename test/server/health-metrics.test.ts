// Health that tells the truth, Prometheus metrics and request ids, against the real server: liveness touches
// nothing, readiness names each failing dependency (a full disk, a closed Redis or bucket port, a migration not
// run, a server shutting down), /api/metrics is for administrators or the METRICS_TOKEN, and every answer
// carries its request's id, a 500's body too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { s3Client } from '../../server/infra/storage/s3Storage';
import { nowIso } from '../../server/infra/time';
import { databaseUrl, makeApp, signIn } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const METRICS_TOKEN = 'scraper-token-0123456789abcdef';
/** Readiness reuses a run for this long (features/health/readiness.ts): a test that changes a dependency waits it out. */
const REUSE_MS = 1_100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Tests that start two apps or sign three people in: on PostgreSQL and a busy machine they pass the default 20 s. */
const HEAVY_MS = 60_000;

describe('liveness and readiness', () => {
    it('live answers ok; ready and the first health route answer 200 with each check, its state and its latency', async () => {
        const { app } = await makeApp();
        const live = await app.inject({ url: '/api/health/live' });
        expect(live.statusCode).toBe(200);
        expect(live.json()).toEqual({ status: 'ok' });

        const ready = await app.inject({ url: '/api/health/ready' });
        expect(ready.statusCode).toBe(200);
        const body = ready.json();
        expect(body.status).toBe('ok');
        // No bucket or Redis is configured, so neither is probed.
        expect(Object.keys(body.checks).sort()).toEqual(['database', 'disk', 'migrations']);
        for (const check of Object.values(body.checks) as Array<{ status: string; latencyMs: number }>) {
            expect(check.status).toBe('ok');
            expect(Number.isInteger(check.latencyMs) && check.latencyMs >= 0).toBe(true);
        }
        expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: databaseUrl ? 'postgres' : 'sqlite' });
    });

    it('answers 503 naming the disk when DATA_DIR has less free space than MIN_FREE_DISK_MB', async () => {
        const { app, config } = await makeApp({ minFreeDiskMb: 1_000_000_000 });
        const ready = await app.inject({ url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        const { status, checks } = ready.json();
        expect(status).toBe('unavailable');
        expect(checks.disk.status).toBe('failing');
        expect(checks.disk.message).toMatch(new RegExp(`^Only \\d+ MB free on ${config.dataDir}; at least 1000000000 MB are needed$`));
        expect(checks.database.status).toBe('ok');
        const legacy = await app.inject({ url: '/api/health' });
        expect(legacy.statusCode).toBe(503);
        expect(legacy.json().checks.disk.status).toBe('failing');
    });

    it('names the migrations when one the code carries has not run', async () => {
        const { app } = await makeApp();
        await app.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026-11-28-0001-row-version-feed' as never).execute();
        const ready = await app.inject({ url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.migrations).toMatchObject({ status: 'failing', message: '1 migration(s) have not run: 2026-11-28-0001-row-version-feed' });
    });

    it('probes Redis when REDIS_URL is set: ok when it answers, failing when its port is closed', async () => {
        const up = await makeApp({ redisUrl: 'redis://127.0.0.1:6379' });
        const fine = await up.app.inject({ url: '/api/health/ready' });
        expect(fine.statusCode).toBe(200);
        expect(fine.json().checks.redis.status).toBe('ok');

        const down = await makeApp({ redisUrl: 'redis://127.0.0.1:1' });
        // Starting waits a moment for Redis (and starts without it); what is timed is the probe.
        await down.app.ready();
        const started = Date.now();
        const ready = await down.app.inject({ url: '/api/health/ready' });
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(ready.statusCode).toBe(503);
        const { checks } = ready.json();
        expect(checks.redis.status).toBe('failing');
        expect(checks.redis.message).toBeTruthy();
        expect(checks.database.status).toBe('ok');
    }, HEAVY_MS);

    it('probes the bucket when S3_BUCKET is set: ok while it answers, failing once its port is closed', async () => {
        const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
        const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, allowMismatchedSignatures: true });
        const { port } = await server.run();
        try {
            const settings = {
                s3Bucket: 'grocer-health',
                s3Endpoint: `http://127.0.0.1:${port}`,
                s3Region: 'us-east-1',
                s3AccessKeyId: 'S3RVER',
                s3SecretAccessKey: 'S3RVER',
                s3ForcePathStyle: true,
            };
            await s3Client(settings).send(new CreateBucketCommand({ Bucket: settings.s3Bucket }));
            const { app } = await makeApp(settings);
            const fine = await app.inject({ url: '/api/health/ready' });
            expect(fine.statusCode).toBe(200);
            expect(fine.json().checks.bucket.status).toBe('ok');

            server.httpServer.closeAllConnections();
            await server.close();
            await pause(REUSE_MS);
            const ready = await app.inject({ url: '/api/health/ready' });
            expect(ready.statusCode).toBe(503);
            expect(ready.json().checks.bucket).toMatchObject({ status: 'failing', message: expect.stringMatching(/^Bucket grocer-health did not answer: \S/) });
            expect(ready.json().checks.disk.status).toBe('ok');
        } finally {
            if (server.httpServer.listening) await server.close();
            fs.rmSync(directory, { recursive: true, force: true });
        }
    }, HEAVY_MS);

    it('answers 503 while the server shuts down, without probing anything; closing sets the flag', async () => {
        const { app } = await makeApp();
        expect(app.shuttingDown).toBe(false);
        app.shuttingDown = true;
        const ready = await app.inject({ url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable', checks: { shutdown: { status: 'failing', latencyMs: 0, message: 'The server is shutting down' } } });
        // Liveness is not readiness: the process still answers.
        expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

        // An app of its own (makeApp's would be closed twice): the flag is the same on either database.
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-test-'));
        try {
            const other = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { appDir: path.join(dataDir, 'no-app') }), false);
            await other.ready();
            await other.close();
            expect(other.shuttingDown).toBe(true);
        } finally {
            fs.rmSync(dataDir, { recursive: true, force: true });
        }
    }, HEAVY_MS);

    it('shares one run between probes that arrive together', async () => {
        const { app } = await makeApp();
        const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: '/api/health/ready' })));
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
        expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    });
});

describe('/api/metrics', () => {
    it('is for administrators and the METRICS_TOKEN bearer only', async () => {
        const t = await makeApp({ metricsToken: METRICS_TOKEN });
        const get = (authorization?: string) => t.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });
        expect((await get()).statusCode).toBe(401);
        expect((await get('Bearer not-the-token')).statusCode).toBe(401);
        expect((await get(`Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(401);
        expect((await get((await signIn(t, 'customer@shop.test', ROLE.customer)).authorization)).statusCode).toBe(403);
        expect((await get((await signIn(t, 'seller@shop.test', ROLE.seller)).authorization)).statusCode).toBe(403);
        expect((await get((await signIn(t, 'admin@shop.test', ROLE.admin)).authorization)).statusCode).toBe(200);
        const scraped = await get(`Bearer ${METRICS_TOKEN}`);
        expect(scraped.statusCode).toBe(200);
        expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }, HEAVY_MS);

    it('without METRICS_TOKEN no bearer but an administrator\'s session opens it', async () => {
        const { app } = await makeApp();
        expect((await app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer undefined' } })).statusCode).toBe(401);
    });

    it('times requests by route pattern, method and status, and reports the queues, the pool and the process', async () => {
        const t = await makeApp({ metricsToken: METRICS_TOKEN });
        const admin = await signIn(t);
        for (const id of [123456, 234567]) expect((await t.app.inject({ url: `/api/products/${id}`, headers: admin })).statusCode).toBe(404);
        await t.app.inject({ url: '/api/no-such-route/12345?x=1' });

        const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
        const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
        // Waiting rows not yet due (so no worker sends them meanwhile), one given up, one sent: two are the backlog.
        await t.app.db
            .insertInto('mailQueue')
            .values([
                { toAddress: 'a@shop.test', subject: 'a', body: 'a', nextAttemptAt: tomorrow, createdAt: hourAgo, attempts: 0, sentAt: null },
                { toAddress: 'b@shop.test', subject: 'b', body: 'b', nextAttemptAt: tomorrow, createdAt: nowIso(), attempts: 0, sentAt: null },
                { toAddress: 'c@shop.test', subject: 'c', body: 'c', nextAttemptAt: tomorrow, createdAt: hourAgo, attempts: 30, sentAt: null },
                { toAddress: 'd@shop.test', subject: 'd', body: 'd', nextAttemptAt: hourAgo, createdAt: hourAgo, attempts: 1, sentAt: hourAgo },
            ])
            .execute();
        const { id: endpointId } = await t.app.db
            .insertInto('webhookEndpoints')
            .values({ url: 'http://127.0.0.1:1/hook', events: '[]', secret: 's', createdAt: nowIso(), updatedAt: nowIso() })
            .returning('id')
            .executeTakeFirstOrThrow();
        await t.app.db
            .insertInto('webhookDeliveries')
            .values({ endpointId, event: 'product.updated', eventId: 'e1', payload: '{}', nextAttemptAt: tomorrow, createdAt: hourAgo })
            .execute();

        const text = (await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
        expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",route="/api/products/:id",method="GET",status_code="404"}');
        expect(text).toMatch(/^http_requests_total\{route="\/api\/products\/:id",method="GET",status_code="404"\} 2$/m);
        expect(text).toMatch(/^http_requests_total\{route="unmatched",method="GET",status_code="404"\} 1$/m);
        // The label is the pattern, never the URL a client sent.
        expect(text).not.toContain('123456');
        expect(text).not.toContain('no-such-route');

        expect(text).toMatch(/^mail_queue_pending 2$/m);
        const mailAge = Number(/^mail_queue_oldest_age_seconds (\S+)$/m.exec(text)![1]);
        expect(mailAge).toBeGreaterThanOrEqual(3_600);
        expect(mailAge).toBeLessThan(3_700);
        expect(text).toMatch(/^webhook_queue_pending 1$/m);
        expect(Number(/^webhook_queue_oldest_age_seconds (\S+)$/m.exec(text)![1])).toBeGreaterThanOrEqual(3_600);

        expect(text).toMatch(/^nodejs_eventloop_lag_seconds \S+$/m);
        expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
        if (databaseUrl) expect(text).toMatch(/^db_pool_connections_in_use \d+$/m);
        else expect(text).not.toContain('db_pool_');
    });

    it('keeps each app its own counts (a registry per app, not the process-wide default)', async () => {
        const one = await makeApp({ metricsToken: METRICS_TOKEN });
        const two = await makeApp({ metricsToken: METRICS_TOKEN });
        for (let i = 0; i < 3; i++) await one.app.inject({ url: '/api/health/live' });
        const scrape = async (app: typeof one.app) => (await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
        expect(await scrape(one.app)).toMatch(/^http_requests_total\{route="\/api\/health\/live",method="GET",status_code="200"\} 3$/m);
        expect(await scrape(two.app)).not.toContain('route="/api/health/live"');
    }, HEAVY_MS);
});

describe('request ids', () => {
    it('echoes a well-formed X-Request-Id and makes a UUID when it is absent or malformed', async () => {
        const { app } = await makeApp();
        const echoed = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'lb-42.Frontend:a_b-c' } });
        expect(echoed.headers['x-request-id']).toBe('lb-42.Frontend:a_b-c');

        const made = [
            await app.inject({ url: '/api/health/live' }),
            await app.inject({ url: '/api/health/live' }),
            ...(await Promise.all(
                ['', 'has space', 'x'.repeat(129), '<script>', 'semi;colon', 'naïve'].map((id) => app.inject({ url: '/api/health/live', headers: { 'x-request-id': id } })),
            )),
        ].map((answer) => answer.headers['x-request-id'] as string);
        for (const id of made) expect(id).toMatch(UUID);
        expect(new Set(made).size).toBe(made.length);
        expect((await app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'y'.repeat(128) } })).headers['x-request-id']).toBe('y'.repeat(128));
    });

    it('is on refusals and unknown paths too', async () => {
        const { app } = await makeApp();
        for (const url of ['/api/metrics', '/api/no-such-route', '/api/products/not-a-number', '/api/products/%E0%A4%A']) {
            const answer = await app.inject({ url, headers: { 'x-request-id': 'trace-1' } });
            expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
            expect(answer.headers['x-request-id'], url).toBe('trace-1');
        }
    });

    it("puts the id in a 500's body, which says nothing of the fault", async () => {
        const { app } = await makeApp();
        app.get('/api/boom', { config: { access: 'public' } }, async () => {
            throw new Error('secret internals');
        });
        const sent = await app.inject({ url: '/api/boom', headers: { 'x-request-id': 'support-ticket-7' } });
        expect(sent.statusCode).toBe(500);
        expect(sent.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.', requestId: 'support-ticket-7' });
        expect(sent.headers['x-request-id']).toBe('support-ticket-7');

        const made = await app.inject({ url: '/api/boom' });
        expect(made.json().requestId).toMatch(UUID);
        expect(made.json().requestId).toBe(made.headers['x-request-id']);
        expect(made.body).not.toContain('secret internals');
    });
});
