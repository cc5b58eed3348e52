// Instances on one database start together and run background work once. The
// start-up, the mail queue and the secret are proved on both databases (TEST_DATABASE_URL); a fresh
// PostgreSQL database and the clean-up's advisory lock only on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { mailQueue } from '../../server/infra/mailQueue';
import { inMs } from '../../server/infra/time';
import { cleanUp } from '../../server/plugins/housekeeping';
import { messageIdOf } from '../../server/plugins/mailer';
import * as demo from '../../server/seed/demoCatalogue';
import { seedAtStart } from '../../server/seed/startup';
import { ROLE } from '../../schema/access';
import { createUser, databaseUrl, makeApp, sameDatabase, signIn } from './helpers';
import { smtpSink as sharedSink } from './smtpSink';
import { freshDatabase as newDatabase } from '../../scripts/lib/freshDatabase';

const ownCleanups: Array<() => Promise<void>> = [];
// Closing five instances and dropping their database takes its time beside the journeys.
afterEach(async () => {
    while (ownCleanups.length) await ownCleanups.pop()!();
}, 120_000);

const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-many-'));
    ownCleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
};

/** A PostgreSQL database of its own, dropped afterwards (its instances are closed first: clean-ups run last in, first out). */
async function freshDatabase(): Promise<string> {
    const database = await newDatabase(databaseUrl!, 'test_many');
    ownCleanups.push(() => database.drop());
    return database.url;
}

/** One instance as server/main.ts starts it: built (migrations), then seeded, with a data dir of its own. */
async function startInstance(url: string): Promise<FastifyInstance> {
    const dataDir = newDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', ADMIN_EMAIL: 'owner@shop.test' }, { databaseUrl: url, appDir: path.join(dataDir, 'no-app') });
    const app = await buildApp(config, false);
    ownCleanups.push(() => app.close());
    await seedAtStart(app);
    await app.ready();
    return app;
}

const count = async (app: FastifyInstance, table: 'categories' | 'products' | 'users' | 'orders') =>
    Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe.skipIf(!databaseUrl)('start-up on one fresh PostgreSQL database (skipped without TEST_DATABASE_URL)', () => {
    it('five instances started at once all come up, and the demo shop and its administrator exist once', async () => {
        const url = await freshDatabase();
        const apps = await Promise.all(Array.from({ length: 5 }, () => startInstance(url)));
        for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        const [first] = apps;
        expect(await count(first, 'categories')).toBe(demo.categories.length);
        const variants = [...demo.packs.values()].reduce((sum, pack) => sum + pack.others.length, 0);
        expect(await count(first, 'products')).toBe(demo.products.length + variants);
        const admins = await first.db.selectFrom('users').select('email').where('roleId', '=', 1).execute();
        expect(admins).toEqual([{ email: 'owner@shop.test' }]);
        expect(new Set(apps.map((app) => app.serverSecret)).size).toBe(1);
        const orders = await count(first, 'orders');
        expect(orders).toBeGreaterThan(0);
        // A later start adds nothing.
        await startInstance(url);
        expect(await count(first, 'orders')).toBe(orders);
        expect(await count(first, 'categories')).toBe(demo.categories.length);
    }, 120_000);
});

/**
 * `count` instances on one database: one PostgreSQL schema, each with a data dir of its own, or (SQLite)
 * one data dir, where the database file lives.
 */
async function instances(count: number, overrides: Partial<Config> = {}): Promise<FastifyInstance[]> {
    const first = await makeApp(overrides);
    const shared = sameDatabase(first.config);
    const others = await Promise.all(Array.from({ length: count - 1 }, () => makeApp({ ...overrides, ...shared })));
    return [first.app, ...others.map((t) => t.app)];
}

/** The shared local SMTP sink (./smtpSink), closed after the test. */
async function smtpSink() {
    const sink = await sharedSink();
    ownCleanups.push(() => sink.close());
    return sink;
}

describe('the mail queue on instances sharing one database', () => {
    it('five instances draining one queue send every mail exactly once', async () => {
        const sink = await smtpSink();
        const apps = await instances(5, { smtpUrl: sink.url });
        const queue = mailQueue(apps[0].db);
        const subjects = Array.from({ length: 60 }, (_, i) => `Mail number ${String(i).padStart(2, '0')}`);
        for (const [i, subject] of subjects.entries()) await queue.enqueue({ to: `reader${i}@shop.test`, subject, text: 'Hello' });
        await Promise.all(apps.map((app) => app.mailer.flush()));
        expect([...sink.subjects].sort()).toEqual(subjects);
        // One Message-ID per queued mail: a copy sent again after a kill would be told apart by it.
        expect(new Set(sink.messages.map((message) => /^Message-ID: (.*)$/im.exec(message)?.[1])).size).toBe(60);
        const rows = await apps[0].db.selectFrom('mailQueue').select(['sentAt', 'attempts', 'lockedUntil']).execute();
        expect(rows).toHaveLength(60);
        for (const row of rows) expect(row).toMatchObject({ sentAt: expect.any(String), attempts: 1, lockedUntil: null });
    }, 60_000);

    it("takes over a mail whose claim lapsed with a killed instance, and leaves a live instance's claim alone", async () => {
        const sink = await smtpSink();
        const [app, other] = await instances(2, { smtpUrl: sink.url });
        const row = (subject: string, lockedUntil: string) => ({ toAddress: 'reader@shop.test', subject, body: 'Hello', attempts: 1, nextAttemptAt: inMs(-60_000), lockedUntil, createdAt: inMs(-60_000) });
        const [lapsed, live] = await app.db
            .insertInto('mailQueue')
            .values([row('Claimed by a killed instance', inMs(-1000)), row('Being sent by a live instance', inMs(60_000))])
            .returning('id')
            .execute();
        // Either live instance may take it over: the other's own worker, on its timer, may be first.
        await Promise.all([app.mailer.flush(), other.mailer.flush()]);
        expect(sink.subjects).toEqual(['Claimed by a killed instance']);
        // With the Message-ID the killed instance's try carried: had that one reached the mail server, the two are one message.
        expect(sink.messages[0]).toMatch(new RegExp(`^Message-ID: ${messageIdOf({ id: lapsed.id, toAddress: 'reader@shop.test' }, app.config.mailFrom).replace(/[.+]/g, '\\$&')}\\s*$`, 'im'));
        const taken = await app.db.selectFrom('mailQueue').selectAll().where('id', '=', lapsed.id).executeTakeFirstOrThrow();
        expect(taken).toMatchObject({ sentAt: expect.any(String), attempts: 2, lockedUntil: null });
        expect(await app.db.selectFrom('mailQueue').select(['sentAt', 'attempts']).where('id', '=', live.id).executeTakeFirstOrThrow()).toEqual({ sentAt: null, attempts: 1 });

        // The killed instance's late word on its old claim changes nothing, nor does another instance's look at the queue.
        await mailQueue(other.db).failed({ id: lapsed.id, toAddress: 'reader@shop.test', subject: '', body: '', attempts: 1 }, new Error('late'));
        await other.mailer.flush();
        expect(await app.db.selectFrom('mailQueue').selectAll().where('id', '=', lapsed.id).executeTakeFirstOrThrow()).toEqual(taken);
        expect(sink.subjects).toHaveLength(1);
    });
});

describe("the server's key on instances sharing one database", () => {
    it('is the same on every instance: a code mailed by one signs in on another', async () => {
        const sink = await smtpSink();
        const [mailing, verifying] = await instances(2, { smtpUrl: sink.url });
        expect(mailing.serverSecret).toBe(verifying.serverSecret);
        const email = 'owner@shop.test';
        await createUser(mailing, email);
        expect((await mailing.inject({ method: 'POST', url: '/api/user_login', payload: { email } })).statusCode).toBe(200);
        await mailing.mailer.flush();
        const otp = /code is (\d{6})/.exec(sink.messages.at(-1) ?? '')![1];
        const verified = await verifying.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp } });
        expect(verified.statusCode).toBe(200);
        expect(verified.json().token).toEqual(expect.any(String));
    });

    it("carries an existing shop's DATA_DIR/secret.key into the database, where the other instances find it", async () => {
        const dataDir = newDataDir();
        fs.writeFileSync(path.join(dataDir, 'secret.key'), 'kept-by-an-older-version\n');
        const first = await makeApp({ dataDir });
        expect(first.app.serverSecret).toBe('kept-by-an-older-version');
        const shared = sameDatabase(first.config);
        const other = await makeApp(shared);
        expect(other.app.serverSecret).toBe('kept-by-an-older-version');
        expect(await other.app.db.selectFrom('appSecrets').select(['name', 'value']).execute()).toEqual([{ name: 'server', value: 'kept-by-an-older-version' }]);
    });

    it("signs the test provider's payments alike: a checkout paid through one instance verifies on another", async () => {
        const first = await makeApp();
        const shared = sameDatabase(first.config);
        const second = await makeApp(shared);
        const headers = await signIn(first, 'asha@shop.test', ROLE.customer);
        const created = await first.app.inject({ method: 'POST', url: '/api/create-paymentorderr', headers, payload: { amount: 250 } });
        expect(created.statusCode, created.body).toBe(200);
        const { orderId } = created.json();
        const paid = (await first.app.inject({ method: 'POST', url: `/api/test-checkout/${orderId}`, payload: { outcome: 'pay' } })).json();
        const body = { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature };
        const verified = await second.app.inject({ method: 'POST', url: '/api/verify-payment', headers, payload: body });
        expect(verified.statusCode, verified.body).toBe(200);
        expect(verified.json()).toMatchObject({ success: true, message: 'Payment successful' });
    });

    it('is APP_SECRET when it is set, and then none is made', async () => {
        const { app } = await makeApp({ appSecret: 'from-the-environment' });
        expect(app.serverSecret).toBe('from-the-environment');
        expect(await app.db.selectFrom('appSecrets').selectAll().execute()).toEqual([]);
    });
});

describe.skipIf(!databaseUrl)('background work on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
    it('of two clean-ups at once, one does the work and the other skips its round', async () => {
        const [app, other] = await instances(2);
        const { databaseSchema } = app.config;
        await app.db
            .insertInto('loginCodes')
            .values({ email: 'gone@shop.test', codeHash: 'x', attempts: 0, expiresAt: inMs(-2 * 60 * 60_000), createdAt: inMs(-3 * 60 * 60_000) })
            .execute();
        // The first clean-up is held up inside its lock, at its first delete, by a table lock of the test's own.
        const blocker = new pg.Client({ connectionString: app.config.databaseUrl });
        await blocker.connect();
        ownCleanups.push(() => blocker.end());
        await blocker.query('begin');
        await blocker.query(`lock table ${databaseSchema}.login_codes in access exclusive mode`);
        const first = cleanUp(app.db);
        const waiting = async () =>
            Number((await blocker.query(`select count(*) as n from pg_locks where relation = '${databaseSchema}.login_codes'::regclass and not granted`)).rows[0].n);
        for (let i = 0; i < 200 && !(await waiting()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
        expect(await waiting()).toBe(1);

        expect(await cleanUp(other.db)).toBe(false);
        await blocker.query('commit');
        expect(await first).toBe(true);
        expect(await app.db.selectFrom('loginCodes').select('id').where('email', '=', 'gone@shop.test').execute()).toEqual([]);
        // Once it is done, the next round is anyone's.
        expect(await cleanUp(other.db)).toBe(true);
    });
});

describe('caches on instances sharing one database', () => {
    /** Two instances on one database, an administrator and a seller signed in. */
    async function pair() {
        const first = await makeApp();
        const shared = sameDatabase(first.config);
        const second = await makeApp(shared);
        const admin = await signIn(first);
        const seller = await signIn(first, 'seller@shop.test', ROLE.seller);
        const sellerId = (await first.app.db.selectFrom('users').select('id').where('email', '=', 'seller@shop.test').executeTakeFirstOrThrow()).id;
        const on = (t: typeof first) => (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });
        return { first, one: on(first), two: on(second), admin, seller, sellerId };
    }

    it("shows a write made on one instance in the other's next list answer, though the other kept the list", async () => {
        const { one, two, admin } = await pair();
        const pincodes = async () => ((await two('GET', '/api/pincode', admin)).json() as Array<{ pincode: string }>).map((row) => row.pincode);
        expect(await pincodes()).toEqual([]);
        expect(await pincodes()).toEqual([]);
        expect((await one('POST', '/api/pincode', admin, { pincode: '560034', prize: '25' })).statusCode).toBe(201);
        expect(await pincodes()).toEqual(['560034']);
        expect((await one('POST', '/api/pincode', admin, { pincode: '560035', prize: '25' })).statusCode).toBe(201);
        expect((await pincodes()).sort()).toEqual(['560034', '560035']);
    });

    it('refuses on the other instance, at the next request, a session signed out, a promotion undone and an account disabled', async () => {
        const { first, one, two, admin, seller, sellerId } = await pair();
        // A seller may not read the activity log; promoted on one instance, they may on the other at once.
        expect((await two('GET', '/api/activity', seller)).statusCode).toBe(403);
        expect((await one('POST', `/api/users/${sellerId}/role`, admin, { roleId: ROLE.admin })).statusCode).toBe(200);
        expect((await two('GET', '/api/activity', seller)).statusCode).toBe(200);
        // Demoted again: their session ends everywhere.
        expect((await one('POST', `/api/users/${sellerId}/role`, admin, { roleId: ROLE.seller })).statusCode).toBe(200);
        expect((await two('GET', '/api/me', seller)).statusCode).toBe(401);

        // Signed out on one instance: refused on the other.
        const session = await signIn(first, 'seller@shop.test', ROLE.seller);
        expect((await two('GET', '/api/me', session)).statusCode).toBe(200);
        expect((await one('POST', '/api/userlogout', session)).statusCode).toBe(200);
        expect((await two('GET', '/api/me', session)).statusCode).toBe(401);
        // Disabled on one instance: a live session is refused on the other.
        const live = await signIn(first, 'seller@shop.test', ROLE.seller);
        expect((await two('GET', '/api/me', live)).statusCode).toBe(200);
        expect((await one('POST', `/api/users/${sellerId}/toggle-status`, admin, { status: 0 })).statusCode).toBe(200);
        expect((await two('GET', '/api/me', live)).statusCode).toBe(401);
    });
});


describe.skipIf(!databaseUrl)('start-up beside other schemas of the same database (skipped without TEST_DATABASE_URL)', () => {
    it('migrates while other shops’ or tests’ schemas are created and dropped (the migrator reads only its own schema’s tables)', async () => {
        let churning = true;
        const churn = async (name: string) => {
            const client = new pg.Client(databaseUrl);
            await client.connect();
            try {
                while (churning) {
                    await client.query(`create schema ${name}; create table ${name}.t (id serial primary key, label text)`);
                    await client.query(`drop schema ${name} cascade`);
                }
            } finally {
                await client.end();
            }
        };
        const suffix = Math.random().toString(36).slice(2, 8);
        const churners = [1, 2, 3].map((n) => churn(`churn_${suffix}_${n}`));
        // Each start makes a schema and all its tables while three connections churn the catalogue: slow on a busy machine.
        try {
            // Kysely's own introspection read every schema: three of four such starts failed with 'schema "churn_…" does not exist'.
            // A data dir of its own, so each start makes its schema and migrates it rather than copying the template.
            for (let i = 0; i < 4; i++) {
                const { app } = await makeApp({ dataDir: newDataDir() });
                expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
            }
        } finally {
            churning = false;
            await Promise.all(churners);
        }
    }, 90_000);
});
