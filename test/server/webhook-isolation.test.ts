import { afterEach, describe, expect, it } from 'vitest';
import { eventBody, queueDelivery } from '../../server/features/webhooks/announce';
import { deliveryQueue } from '../../server/features/webhooks/deliveryQueue';
import type { Config } from '../../server/config';
import { adminApp, apples, catalogueBasics, type Call } from './catalogue';
import { databaseUrl, makeApp, sameDatabase, type TestApp } from './helpers';
import { startHangingReceiver, startReceiver } from './webhookReceiver';

// One slow endpoint never stalls the others: a real endpoint on 127.0.0.1 that takes posts and never answers, beside
// a healthy one, on SQLite and on PostgreSQL (TEST_DATABASE_URL). Real time here, not flush(at): the worker's own
// wake-ups and lanes are what is tested.

const closers: Array<() => Promise<void>> = [];
// Registered after helpers' clean-up, so it runs first: the hanging posts end before the app waits for its lanes.
afterEach(async () => {
    while (closers.length) await closers.pop()!();
});

const database = databaseUrl ? 'PostgreSQL' : 'SQLite';
/** The in-flight bound per endpoint the worker keeps by default. */
const BOUND = 2;
/** How long a healthy endpoint may wait for an event, from the moment its change was asked for. */
const PROMPT_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (done: () => boolean, patienceMs: number) => {
    for (const end = Date.now() + patienceMs; !done() && Date.now() < end; ) await sleep(20);
};

async function endpoints(t: TestApp, call: Call) {
    const hanging = await startHangingReceiver();
    const healthy = await startReceiver();
    closers.push(healthy.close, hanging.close);
    // The hanging one first: its deliveries have the lower ids, the ones an oldest-first claim would take.
    const register = async (url: string) => {
        const res = await call('POST', '/api/webhooks', { url, events: ['product.updated'] });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as number;
    };
    const hangingId = await register(hanging.url);
    await register(healthy.url);
    // A backlog of the hanging endpoint's older deliveries, all due: as if it had been down a while.
    for (let i = 0; i < 10; i++) await queueDelivery(t.app.db, hangingId, 'webhook.test', eventBody('webhook.test', { backlog: i }));
    t.app.webhooks.wake();
    return { hanging, healthy };
}

/** Changes a product's price `count` times through the API, and answers when each change was asked for, by price. */
async function priceChanges(call: Call, count: number) {
    const made = await call('POST', '/api/products', apples);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const asked = new Map<number, number>();
    for (let i = 0; i < count; i++) {
        const price = 200 + i;
        asked.set(price, Date.now());
        const res = await call('POST', `/api/products/${id}`, { price: `${price}.00` });
        expect(res.statusCode, res.body).toBe(200);
        await sleep(50);
    }
    return asked;
}

/** Waits for the healthy endpoint to have every change, then answers each one's latency, in milliseconds. */
async function latencies(healthy: Awaited<ReturnType<typeof startReceiver>>, asked: Map<number, number>, patienceMs = 3 * PROMPT_MS) {
    await until(() => healthy.of('product.updated').length >= asked.size, patienceMs);
    const got = healthy.of('product.updated');
    const each = got.map((d) => d.at - asked.get(d.json.data.product.price)!).sort((a, b) => a - b);
    const figures = { max: each.at(-1), median: each[Math.floor(each.length / 2)], missing: asked.size - new Set(got.map((d) => d.json.data.product.price)).size };
    return { ...figures, said: `max ${figures.max} ms, median ${figures.median} ms over ${got.length} of ${asked.size} events` };
}

async function shop(overrides: Partial<Config> = {}) {
    const { call, ...t } = await adminApp(overrides);
    await catalogueBasics(call);
    return { t, call };
}

describe('webhooks: a hanging endpoint beside a healthy one', () => {
    it('delivers every event to the healthy endpoint within 2 s, with the default 10 s timeout', { timeout: 60_000 }, async () => {
        const { t, call } = await shop();
        expect(t.config.webhookTimeoutMs).toBe(10_000);
        const { hanging, healthy } = await endpoints(t, call);
        const asked = await priceChanges(call, 20);
        const { max, missing, said } = await latencies(healthy, asked);
        console.log(`${database}, hanging neighbour, 10 s timeout: healthy endpoint's latency ${said}`);
        expect(missing).toBe(0);
        expect(max).toBeLessThan(PROMPT_MS);
        expect(hanging.counts.most).toBe(BOUND);
    });

    it('keeps the hanging endpoint to its bound while its posts time out and the next are taken', { timeout: 60_000 }, async () => {
        const { t, call } = await shop({ webhookTimeoutMs: 300 });
        const { hanging, healthy } = await endpoints(t, call);
        const asked = await priceChanges(call, 20);
        const { max, missing, said } = await latencies(healthy, asked);
        console.log(`${database}, hanging neighbour, 300 ms timeout: healthy endpoint's latency ${said}; ${hanging.counts.posts} posts held, at most ${hanging.counts.most} at once`);
        expect(missing).toBe(0);
        expect(max).toBeLessThan(PROMPT_MS);
        // Timed-out posts were followed by others (the backlog and the events), never more than the bound at once.
        await until(() => hanging.counts.posts >= 8 * BOUND, 10_000);
        expect(hanging.counts.posts).toBeGreaterThanOrEqual(8 * BOUND);
        expect(hanging.counts.most).toBe(BOUND);
    });

    it('keeps the bound across two instances on one database', { timeout: 60_000 }, async () => {
        const { t, call } = await shop({ webhookTimeoutMs: 300 });
        const shared = sameDatabase(t.config);
        const other = await makeApp({ ...shared, webhookTimeoutMs: 300 });
        const { hanging, healthy } = await endpoints(t, call);
        other.app.webhooks.wake();
        const asked = await priceChanges(call, 10);
        const { max, missing } = await latencies(healthy, asked);
        expect(missing).toBe(0);
        expect(max).toBeLessThan(PROMPT_MS);
        await until(() => hanging.counts.posts >= 8 * BOUND, 10_000);
        expect(hanging.counts.posts).toBeGreaterThanOrEqual(8 * BOUND);
        expect(hanging.counts.most).toBe(BOUND);
    });

    it("claims from the endpoint with fewest in flight, never past its bound, whatever the other's backlog", async () => {
        const { t, call } = await shop();
        const made = async (url: string) => (await call('POST', '/api/webhooks', { url, events: ['product.updated'] })).json().id as number;
        const [behind, fresh] = [await made('https://behind.example.com/hooks'), await made('https://fresh.example.com/hooks')];
        // Due in an hour, on the clock the claims below are given: the app's own worker, on today's, leaves them alone.
        const later = Date.now() + 3_600_000;
        const queued = (endpointId: number, count: number) =>
            Array.from({ length: count }, (_, i) => {
                const { id, body } = eventBody('webhook.test', { i });
                return { endpointId, event: 'webhook.test', eventId: id, payload: body, nextAttemptAt: new Date(later).toISOString(), createdAt: new Date().toISOString() };
            });
        await t.app.db.insertInto('webhookDeliveries').values([...queued(behind, 50), ...queued(fresh, 3)]).execute();
        const queue = deliveryQueue(t.app.db, BOUND);
        const claimed = [];
        for (let i = 0; i < 6; i++) claimed.push((await queue.claim(later))?.endpointId);
        expect(claimed).toEqual([behind, fresh, behind, fresh, undefined, undefined]);
    });
});
