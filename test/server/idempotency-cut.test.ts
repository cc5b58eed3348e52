import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FaultProxy } from '../../scripts/lib/faultProxy';
import type { HooksByEntity } from '../../server/engine/hooks';
import { DATABASE_DOWN } from '../../server/infra/outOfService';
import { databaseUrl, form, makeApp, PNG, signIn } from './helpers';
import { basket, orderShop } from './orderShop';

// A write that committed is never done twice for its Idempotency-Key, whatever fails after its commit: the
// key is marked in the write's own transaction, and a retry is answered from what was committed.

const proxies: FaultProxy[] = [];
afterEach(() => {
    // Up again before the app's own clean-up, which drops its schema through the proxy.
    for (const proxy of proxies.splice(0)) proxy.up();
});

/** PostgreSQL reached through a proxy the test can cut. */
async function proxiedDatabase() {
    const url = new URL(databaseUrl!);
    const proxy = await FaultProxy.start(Number(url.port || 5432), url.hostname);
    proxies.push(proxy);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return { proxy, databaseUrl: url.toString() };
}

/** Sends `send` again, as a careful client does, while it is answered 409 (the key still held) or 5xx. */
async function retried(send: () => Promise<LightMyRequestResponse>, ms = 10_000): Promise<LightMyRequestResponse> {
    const started = Date.now();
    for (;;) {
        const res = await send();
        if ((res.statusCode !== 409 && res.statusCode < 500) || Date.now() - started > ms) return res;
        await new Promise((done) => setTimeout(done, 200));
    }
}

async function keyedApp(overrides = {}, hooks?: HooksByEntity) {
    const t = await makeApp(overrides, { hooks });
    const admin = await signIn(t);
    const post = (payload: unknown, key: string) =>
        t.app.inject({ method: 'POST', url: '/api/Baanner', headers: { ...admin, 'idempotency-key': key }, payload } as InjectOptions);
    // Banners, as the chaos test makes: no rule against two of one name, so a create run twice makes two.
    const banners = async () => (await sql<{ id: number; name: string }>`select id, name from banners where name = ${diwali.name}`.execute(t.app.db)).rows;
    return { ...t, post, banners };
}

const diwali = { name: 'Diwali sale', description: 'Sweets at half price' };

/** The shape of an answer: its keys and its data's keys. */
const shapeOf = (res: LightMyRequestResponse) => ({ keys: Object.keys(res.json()).sort(), data: Object.keys(res.json().data).sort() });

/** Makes the saving of a key's answer fail as the database refuses it, while the write before it commits. */
async function answersLost(app: Awaited<ReturnType<typeof keyedApp>>['app']) {
    if (app.dbKind === 'postgres') {
        await sql`create function answer_lost() returns trigger language plpgsql as $$ begin raise exception 'the answer was lost'; end $$`.execute(app.db);
        await sql`create trigger answer_lost before update on idempotency_keys for each row when (new.state = 'done') execute function answer_lost()`.execute(app.db);
        return () => sql`drop trigger answer_lost on idempotency_keys`.execute(app.db);
    }
    await sql`create trigger answer_lost before update on idempotency_keys when new.state = 'done' begin select raise(abort, 'the answer was lost'); end`.execute(app.db);
    return () => sql`drop trigger answer_lost`.execute(app.db);
}

/** As a run that crashed long ago: its lease has lapsed. */
const leaseLapsed = (app: Awaited<ReturnType<typeof keyedApp>>['app']) =>
    app.db.updateTable('idempotencyKeys').set({ claimedAt: new Date(Date.now() - 120_000).toISOString() }).execute();

describe('a create whose answer could not be saved', () => {
    it('is answered again from what it committed once its lease has lapsed, with the same status and shape, never made twice', async () => {
        const { app, post, banners } = await keyedApp();
        const healed = await answersLost(app);
        const first = await post(diwali, 'lost-answer');
        expect(first.statusCode).toBe(201);
        await healed();
        await leaseLapsed(app);

        const again = await post(diwali, 'lost-answer');
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json()).toEqual(first.json());
        expect(await banners()).toHaveLength(1);
        // The rebuilt answer is saved: the next retry is a plain replay of it.
        expect((await post(diwali, 'lost-answer')).body).toBe(again.body);
    });

    it('is answered from what it committed to retries sent at once, which write nothing', async () => {
        const { app, post, banners } = await keyedApp();
        const healed = await answersLost(app);
        const first = await post(diwali, 'lost-together');
        await healed();
        const answers = await Promise.all(Array.from({ length: 4 }, () => post(diwali, 'lost-together')));
        for (const res of answers) {
            expect(res.statusCode).toBe(201);
            expect(res.json()).toEqual(first.json());
        }
        expect(await banners()).toHaveLength(1);
    });

    it('still refuses the key with another body', async () => {
        const { app, post, banners } = await keyedApp();
        const healed = await answersLost(app);
        await post(diwali, 'lost-other');
        await healed();
        expect((await post({ ...diwali, name: 'Holi sale' }, 'lost-other')).statusCode).toBe(422);
        expect(await banners()).toHaveLength(1);
    });
});

describe.runIf(databaseUrl)('a create whose COMMIT is acknowledged to no one (PostgreSQL)', () => {
    it('answers 503, keeps the key, and its retry is answered with the committed record and its picture instead of making another', async () => {
        const { proxy, databaseUrl: url } = await proxiedDatabase();
        const { app, post, banners } = await keyedApp({ databaseUrl: url });
        const withPicture = () => form({ ...diwali, image: PNG });
        const lost = proxy.downAfter('insert into "banners"', 'COMMIT\0');
        const first = await post(withPicture(), 'cut-commit');
        await lost;
        expect(first.statusCode).toBe(503);
        expect(first.json().message).toBe(DATABASE_DOWN);
        proxy.up();

        const again = await retried(() => post(withPicture(), 'cut-commit'));
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json().data.name).toBe(diwali.name);
        // The write's outcome was unknown to it, so its picture was left staged, not thrown away under a committed row.
        expect((await app.inject({ method: 'GET', url: again.json().data.image })).statusCode).toBe(200);
        expect(await banners()).toEqual([{ id: again.json().data.id, name: diwali.name }]);
        expect(shapeOf(again)).toEqual(shapeOf(await post({ ...diwali, name: 'Holi sale' }, 'another')));
    });

    it('takes the stock of an order once, and the retry answers that order', async () => {
        const { proxy, databaseUrl: url } = await proxiedDatabase();
        const shop = await orderShop({ databaseUrl: url });
        await shop.admin('POST', '/api/products/1', { stock: 10 });
        const asha = await signIn(shop, 'asha@shop.test');
        const order = () => shop.app.inject({ method: 'POST', url: '/api/orders', headers: { ...asha, 'idempotency-key': 'cut-order' }, payload: basket });
        const lost = proxy.downAfter('insert into "orders"', 'COMMIT\0');
        expect((await order()).statusCode).toBe(503);
        await lost;
        proxy.up();

        const again = await retried(order);
        expect(again.statusCode).toBe(201);
        expect(again.json().data.lines).toHaveLength(2);
        expect(await shop.app.db.selectFrom('orders').select('id').execute()).toEqual([{ id: again.json().data.id }]);
        expect((await shop.admin('GET', '/api/products/1')).json().stock).toBe(7);
    });
});

describe.runIf(databaseUrl)('a run whose lease lapsed while it wrote (PostgreSQL)', () => {
    it('is rolled back when a retry has taken its key over, so only the retry makes the record', async () => {
        let entered!: () => void;
        let release!: () => void;
        const started = new Promise<void>((done) => (entered = done));
        const held = new Promise<void>((done) => (release = done));
        const hooks: HooksByEntity = {
            banners: {
                async beforeCreate() {
                    entered();
                    await held;
                },
            },
        };
        const { app, post, banners } = await keyedApp({}, hooks);
        const first = post(diwali, 'lapsed');
        await started;
        await leaseLapsed(app);
        const second = post(diwali, 'lapsed');
        // The retry took the key over (it is no longer the first run's) before the first run goes on.
        await expect.poll(async () => (await app.db.selectFrom('idempotencyKeys').select('claimedAt').executeTakeFirstOrThrow()).claimedAt > new Date(Date.now() - 60_000).toISOString()).toBe(true);
        release();
        const answers = await Promise.all([first, second]);
        expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
        expect(await banners()).toHaveLength(1);
    });
});
