import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { HooksByEntity } from '../../server/engine/hooks';
import { HttpError } from '../../server/infra/errors';
import { claimKey, KEPT_MS } from '../../server/infra/idempotency/idempotencyStore';
import { removeExpired } from '../../server/plugins/housekeeping';
import { STREAMED } from '../../server/plugins/idempotency';
import { ROLE } from '../../schema/access';
import { databaseUrl, form, makeApp, PNG, signIn } from './helpers';
import { apples, catalogueBasics } from './catalogue';
import { basket, orderShop } from './orderShop';

// Stripe's Idempotency-Key: a retried create is answered with the first answer, never run twice.

/** Hooks that let a test hold a create in its handler, or fail it on our side once. */
function controlledHooks() {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const state = {
        failures: 0,
        held: new Promise<void>((resolve) => (release = resolve)),
        started: new Promise<void>((resolve) => (entered = resolve)),
        release: () => release(),
    };
    const hooks: HooksByEntity = {
        categories: {
            async beforeCreate(values) {
                if (values.name === 'Slow') {
                    entered();
                    await state.held;
                }
                // A fault of ours (not an HttpError): a 500 the first time, fine on the retry.
                if (values.name === 'Flaky' && state.failures++ === 0) throw new Error('The disk hiccupped');
                if (values.name === 'Refused') throw new HttpError(409, 'Categories may not be called that');
            },
        },
    };
    return { hooks, state };
}

async function keyedApp() {
    const { hooks, state } = controlledHooks();
    const t = await makeApp({}, { hooks });
    const admin = await signIn(t);
    const post = (url: string, payload: unknown, key?: string, headers: Record<string, string> = admin) =>
        t.app.inject({ method: 'POST', url, headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload } as InjectOptions);
    const count = async (table: 'categories' | 'products' | 'orders' | 'idempotencyKeys') =>
        Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { ...t, admin, post, count, state };
}

const dairy = { name: 'Dairy', description: 'Milk and curd' };

describe('Idempotency-Key', () => {
    it('answers a retry with the first answer, marked as replayed, and makes one record', async () => {
        const { post, count } = await keyedApp();
        const first = await post('/api/categories', dairy, 'key-1');
        const again = await post('/api/categories', dairy, 'key-1');
        expect(first.statusCode).toBe(201);
        expect(first.headers['idempotent-replayed']).toBeUndefined();
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body).toBe(first.body);
        expect(await count('categories')).toBe(1);
        // Without a key, the same body is a new request (here refused as a duplicate name).
        expect((await post('/api/categories', dairy)).statusCode).toBe(409);
    });

    it('tells a request whose key is held by a running request that it is still being processed', async () => {
        const { app, post, count } = await keyedApp();
        await post('/api/categories', dairy, 'held');
        // As another instance's request would leave it while it runs: claimed a moment ago, no answer yet.
        await app.db.updateTable('idempotencyKeys').set({ state: 'running', statusCode: null, responseBody: null, claimedAt: new Date().toISOString() }).execute();
        const second = await post('/api/categories', dairy, 'held');
        expect(second.statusCode).toBe(409);
        expect(second.json().message).toBe('A request with this Idempotency-Key is still being processed');
        expect(await count('categories')).toBe(1);
    });

    // SQLite runs one statement at a time, so a request held inside its write holds the others back too:
    // there the race below stands for this, here PostgreSQL runs both for real.
    it.runIf(databaseUrl)('runs exactly one of two requests sent at once with one key; the other is told it is still being processed', async () => {
        const { post, count, state } = await keyedApp();
        const slow = { name: 'Slow', description: 'Held in its handler' };
        const first = post('/api/categories', slow, 'together');
        await state.started;
        const second = await post('/api/categories', slow, 'together');
        expect(second.statusCode).toBe(409);
        expect(second.json().message).toBe('A request with this Idempotency-Key is still being processed');
        state.release();
        expect((await first).statusCode).toBe(201);
        expect((await post('/api/categories', slow, 'together')).headers['idempotent-replayed']).toBe('true');
        expect(await count('categories')).toBe(1);
    });

    it('makes one record of many requests raced with one key', async () => {
        const { post, count } = await keyedApp();
        const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/categories', dairy, 'race')));
        expect(answers.filter((res) => res.statusCode === 201 && !res.headers['idempotent-replayed'])).toHaveLength(1);
        for (const res of answers) expect([201, 409]).toContain(res.statusCode);
        expect(await count('categories')).toBe(1);
    });

    it('refuses the key with a different body, address or method', async () => {
        const { app, admin, post, count } = await keyedApp();
        await post('/api/categories', dairy, 'reused');
        const other = await post('/api/categories', { ...dairy, name: 'Bakery' }, 'reused');
        expect(other.statusCode).toBe(422);
        expect(other.json().message).toBe('This Idempotency-Key was already used with a different request');
        expect((await post('/api/subcategories', { categoryId: 1, name: 'Milk' }, 'reused')).statusCode).toBe(422);
        const put = await app.inject({ method: 'PUT', url: '/api/v1/categories/1', headers: { ...admin, 'idempotency-key': 'reused' }, payload: dairy });
        expect(put.statusCode).toBe(422);
        expect(await count('categories')).toBe(1);
    });

    it("keeps each caller's keys apart: the same key from another user runs on its own", async () => {
        const t = await keyedApp();
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        const mine = await t.post('/api/categories', dairy, 'shared-key');
        const theirs = await t.post('/api/categories', { ...dairy, name: 'Bakery' }, 'shared-key', seller);
        expect(theirs.statusCode).toBe(201);
        expect(theirs.headers['idempotent-replayed']).toBeUndefined();
        expect(theirs.json().data.name).toBe('Bakery');
        expect(mine.json().data.name).toBe('Dairy');
        expect(await t.count('categories')).toBe(2);
    });

    it('replays a refusal made by the handler, but not a body that failed validation', async () => {
        const { post, count } = await keyedApp();
        const invalid = await post('/api/categories', { name: '' }, 'fix-me');
        expect(invalid.statusCode).toBe(400);
        expect(await count('idempotencyKeys')).toBe(0);
        // Fixed and sent again with the same key: it runs.
        expect((await post('/api/categories', dairy, 'fix-me')).statusCode).toBe(201);

        const refused = await post('/api/categories', { name: 'Refused', description: 'x' }, 'refused');
        expect(refused.statusCode).toBe(409);
        const replayed = await post('/api/categories', { name: 'Refused', description: 'x' }, 'refused');
        expect(replayed.statusCode).toBe(409);
        expect(replayed.headers['idempotent-replayed']).toBe('true');
        expect(replayed.body).toBe(refused.body);
    });

    it('does not save a 5xx: the retry runs again', async () => {
        const { post, count } = await keyedApp();
        const flaky = { name: 'Flaky', description: 'Fails once' };
        const failed = await post('/api/categories', flaky, 'try-again');
        expect(failed.statusCode).toBe(500);
        expect(await count('idempotencyKeys')).toBe(0);
        const retried = await post('/api/categories', flaky, 'try-again');
        expect(retried.statusCode).toBe(201);
        expect(retried.headers['idempotent-replayed']).toBeUndefined();
        expect(await count('categories')).toBe(1);
    });

    it('refuses an empty key or one over 255 characters with a sentence, and takes one of 255', async () => {
        const { post, count } = await keyedApp();
        const empty = await post('/api/categories', dairy, '');
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toMatch(/Idempotency-Key header is empty/);
        const long = await post('/api/categories', dairy, 'k'.repeat(256));
        expect(long.statusCode).toBe(400);
        expect(long.json().message).toBe('The Idempotency-Key header is longer than 255 characters');
        expect(await count('categories')).toBe(0);
        expect((await post('/api/categories', dairy, 'k'.repeat(255))).statusCode).toBe(201);
    });

    it("keys an anonymous caller's public write by its address", async () => {
        const { app, post } = await keyedApp();
        const note = { name: 'Meera Iyer', contactNo: '9876543210', email: 'meera@example.in', subject: 'Late delivery', message: 'Where is my order?' };
        const first = await post('/api/contact', note, 'contact-1', {});
        const again = await post('/api/contact', note, 'contact-1', {});
        expect(first.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(await app.db.selectFrom('contactMessages').select('id').execute()).toHaveLength(1);
        expect(await app.db.selectFrom('idempotencyKeys').select('scope').execute()).toEqual([{ scope: 'client:127.0.0.1' }]);
    });

    it('is ignored by the sign-in routes, whose answers are never replayed', async () => {
        const { post, count } = await keyedApp();
        const sent = await post('/api/user_login', { email: 'admin@shop.test' }, 'login', {});
        expect(sent.statusCode).toBe(200);
        expect(sent.headers['idempotent-replayed']).toBeUndefined();
        const again = await post('/api/user_login', { email: 'admin@shop.test' }, 'login', {});
        expect(again.headers['idempotent-replayed']).toBeUndefined();
        expect(await count('idempotencyKeys')).toBe(0);
    });

    it('replays a multipart picture upload sent again (a new boundary, the same fields and file) and refuses other bytes', async () => {
        const { app, post, count } = await keyedApp();
        await catalogueBasics((_method, url, payload) => post(url, payload));
        const first = await post('/api/products', form({ ...apples, image: PNG }), 'upload');
        expect(first.statusCode).toBe(201);
        const again = await post('/api/products', form({ ...apples, image: PNG }), 'upload');
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body).toBe(first.body);
        expect(await count('products')).toBe(1);
        const otherFile = Buffer.concat([PNG, Buffer.from([0])]);
        expect((await post('/api/products', form({ ...apples, image: otherFile }), 'upload')).statusCode).toBe(422);
        expect(await app.db.selectFrom('products').select('image').executeTakeFirstOrThrow()).toEqual({ image: first.json().data.image });
    });

    it('refuses a key on a video upload, which is streamed as it arrives and cannot be told from another', async () => {
        const { app, post } = await keyedApp();
        const res = await post('/api/uploadvideo', form({ video: Buffer.alloc(2048, 1) }), 'video');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(STREAMED);
        expect(await app.db.selectFrom('videos').select('id').execute()).toEqual([]);
    });

    it('lets a key be used afresh after 24 hours, and the clean-up removes it', async () => {
        const { app, post, count } = await keyedApp();
        await post('/api/categories', dairy, 'yesterday');
        const old = new Date(Date.now() - KEPT_MS - 60_000).toISOString();
        await app.db.updateTable('idempotencyKeys').set({ createdAt: old, claimedAt: old }).execute();
        const fresh = await post('/api/categories', { ...dairy, name: 'Bakery' }, 'yesterday');
        expect(fresh.statusCode).toBe(201);
        expect(fresh.headers['idempotent-replayed']).toBeUndefined();
        expect(await count('categories')).toBe(2);

        await app.db.updateTable('idempotencyKeys').set({ createdAt: old }).execute();
        await post('/api/categories', { ...dairy, name: 'Deli' }, 'today');
        await removeExpired(app.db);
        expect(await app.db.selectFrom('idempotencyKeys').select('key').execute()).toEqual([{ key: 'today' }]);
    });

    it("lets a retry take over a crashed run's key once its lease has lapsed, but not before", async () => {
        const { app } = await makeApp();
        const ref = { scope: 'user:1', key: 'crashed' };
        expect((await claimKey(app.db, ref, 'f1')).kind).toBe('claimed');
        expect((await claimKey(app.db, ref, 'f1')).kind).toBe('running');
        const lapsed = new Date(Date.now() - 61_000).toISOString();
        await app.db.updateTable('idempotencyKeys').set({ claimedAt: lapsed }).execute();
        expect((await claimKey(app.db, ref, 'f2')).kind).toBe('mismatch');
        expect((await claimKey(app.db, ref, 'f1')).kind).toBe('claimed');
        expect((await claimKey(app.db, ref, 'f1')).kind).toBe('running');
    });
});

describe('Idempotency-Key on an order', () => {
    it('makes one order and takes its stock once', async () => {
        const shop = await orderShop();
        await shop.admin('POST', '/api/products/1', { stock: 10 });
        const asha = await signIn(shop, 'asha@shop.test');
        const order = (key: string) => shop.app.inject({ method: 'POST', url: '/api/orders', headers: { ...asha, 'idempotency-key': key }, payload: basket });
        const first = await order('order-1');
        const again = await order('order-1');
        expect(first.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json().data.id).toBe(first.json().data.id);
        const orders = await shop.app.db.selectFrom('orders').select('id').execute();
        expect(orders).toHaveLength(1);
        expect((await shop.admin('GET', '/api/products/1')).json().stock).toBe(7);
    });
});

describe('Idempotency-Key in the OpenAPI document', () => {
    it('is a header of every keyed write, not of reads or sign-in', async () => {
        const { app } = await makeApp();
        await app.ready();
        type Op = { parameters?: Array<{ $ref?: string }> };
        const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Op>>; components: { parameters: Record<string, { name: string }> } };
        const keyed = (op: Op) => Boolean(op.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'));
        expect(doc.components.parameters.IdempotencyKey.name).toBe('Idempotency-Key');
        expect(keyed(doc.paths['/api/categories'].post)).toBe(true);
        expect(keyed(doc.paths['/api/orders'].post)).toBe(true);
        expect(keyed(doc.paths['/api/v1/categories/{id}'].put)).toBe(true);
        expect(keyed(doc.paths['/api/categories'].get)).toBe(false);
        expect(keyed(doc.paths['/api/user_login'].post)).toBe(false);
    });
});

describe('Idempotency-Key across origins', () => {
    it('may be sent by an allowed origin, which may read Idempotent-Replayed', async () => {
        const origin = 'https://admin.shop.test';
        const t = await makeApp({ allowedOrigins: [origin] });
        const preflight = await t.app.inject({
            method: 'OPTIONS',
            url: '/api/categories',
            headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
        });
        expect(String(preflight.headers['access-control-allow-headers']).split(/,\s*/)).toContain('Idempotency-Key');
        const headers = { ...(await signIn(t)), origin, 'idempotency-key': 'cross-origin' };
        await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: dairy });
        const again = await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: dairy });
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(String(again.headers['access-control-expose-headers']).split(/,\s*/)).toContain('Idempotent-Replayed');
    });
});
