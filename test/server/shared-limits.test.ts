import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { dbCounter } from '../../server/infra/limits/dbCounter';
import { redisCounter } from '../../server/infra/limits/redisCounter';
import { makeApp, sameDatabase } from './helpers';

// Every rate limit counts in one store that all instances share, so two instances behind a
// load balancer allow what one allows. Each app here is a separate instance over the same database.

const LIMIT = 5;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A prefix of this run's own, so parallel runs do not share counts and the clean-up removes only ours. */
const redisKeyPrefix = `grocer-test-${randomBytes(6).toString('hex')}:`;

afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
});

let instancePairs = 0;

/**
 * Two instances on one database (one SQLite file, or one PostgreSQL schema) with the same settings; with
 * Redis, a key prefix of their own, as a fresh database gives the others.
 */
async function twoInstances(settings: Partial<Config> = {}): Promise<[FastifyInstance, FastifyInstance]> {
    const overrides = settings.redisUrl ? { ...settings, redisKeyPrefix: `${redisKeyPrefix}${++instancePairs}:` } : settings;
    const first = await makeApp({ authRateLimit: LIMIT, ...overrides });
    const second = await makeApp({ authRateLimit: LIMIT, ...overrides, ...sameDatabase(first.config) });
    return [first.app, second.app];
}

// Empty bodies are refused (400) after the limit has counted them, so the requests cost no mail.
const signInCall = (app: FastifyInstance, turn: number) =>
    app.inject({ method: 'POST', url: turn % 2 ? '/api/userverify-otp' : '/api/user_login', payload: {} });

const statuses = async (apps: FastifyInstance[], count: number, call = signInCall) => {
    const answers = [];
    for (let turn = 0; turn < count; turn++) answers.push((await call(apps[turn % apps.length], turn)).statusCode);
    return answers;
};

const stores: Array<[string, Partial<Config>]> = [
    ['the database', {}],
    ['Redis', { redisUrl: REDIS_URL, redisKeyPrefix }],
];

describe.each(stores)('rate limits counted in %s', (_store, overrides) => {
    it('two instances taking turns allow AUTH_RATE_LIMIT sign-in requests a minute in all, over the sign-in routes', async () => {
        const apps = await twoInstances(overrides);
        expect(await statuses(apps, LIMIT + 3)).toEqual([...Array(LIMIT).fill(400), 429, 429, 429]);
    });

    it('concurrent requests to both instances never pass more than the limit', async () => {
        const apps = await twoInstances(overrides);
        const answers = await Promise.all(Array.from({ length: 2 * LIMIT }, (_, turn) => signInCall(apps[turn % 2], turn)));
        expect(answers.filter((answer) => answer.statusCode !== 429)).toHaveLength(LIMIT);
    });

    it('a route outside the group counts apart, and its count is shared too', async () => {
        const apps = await twoInstances(overrides);
        const contact = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/contact', payload: {} });
        expect(await statuses(apps, LIMIT + 1, contact)).toEqual([...Array(LIMIT).fill(400), 429]);
        expect((await apps[1].inject({ method: 'POST', url: '/api/forgot-password', payload: {} })).statusCode).toBe(400);
        expect((await signInCall(apps[0], 0)).statusCode).toBe(400);
    });
});

describe('the database counter', () => {
    const limits = (app: FastifyInstance) => app.db.withTables<{ rateLimits: { key: string; windowStart: number; count: number } }>();
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('keeps one row per client for a group of routes', async () => {
        const apps = await twoInstances();
        await statuses(apps, 4);
        const rows = await limits(apps[0]).selectFrom('rateLimits').selectAll().execute();
        expect(rows).toEqual([expect.objectContaining({ key: 'group:sign-in|127.0.0.1sign-in', count: 4 })]);
    });

    it('opens a new window once the last has ended, and sweeps ended windows on the side', async () => {
        const { app } = await makeApp();
        // Windows long enough that a loaded machine's pauses between two steps do not end one by surprise.
        const counter = dbCounter(() => app.db, (error) => { throw error; });
        counter.declareWindow!(1000);
        expect([(await counter.incr('a', 1000)).current, (await counter.incr('a', 1000)).current]).toEqual([1, 2]);
        await sleep(1100);
        expect(await counter.read('a', 1000)).toEqual({ current: 0, ttl: 0 });
        expect((await counter.incr('a', 1000)).current).toBe(1);
        await limits(app).insertInto('rateLimits').values({ key: 'old', windowStart: Date.now() - 120_000, count: 3 }).execute();
        // A fresh counter sweeps with its first request: the window that ended a minute ago, not the open ones.
        const another = dbCounter(() => app.db, (error) => { throw error; });
        another.declareWindow!(60_000);
        await another.incr('b', 60_000);
        // The sweep runs beside the request, not in its way.
        await expect.poll(async () => (await limits(app).selectFrom('rateLimits').select('key').orderBy('key').execute()).map((row) => row.key)).toEqual(['a', 'b']);
    });
});

describe('the Redis counter', () => {
    it('lets a window expire with its key', async () => {
        const counter = redisCounter(REDIS_URL, redisKeyPrefix);
        try {
            expect((await counter.incr('short', 100)).current).toBe(1);
            const second = await counter.incr('short', 100);
            expect(second.current).toBe(2);
            expect(second.ttl).toBeGreaterThan(0);
            expect(second.ttl).toBeLessThanOrEqual(100);
            await new Promise((resolve) => setTimeout(resolve, 150));
            expect(await counter.read('short', 100)).toEqual({ current: 0, ttl: 0 });
            expect((await counter.incr('short', 100)).current).toBe(1);
        } finally {
            await counter.close!();
        }
    });
});
