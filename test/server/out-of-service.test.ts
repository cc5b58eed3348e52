import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FaultProxy } from '../../scripts/lib/faultProxy';
import { BUCKET_DOWN, DATABASE_DOWN, DISK_FULL, REDIS_DOWN } from '../../server/infra/outOfService';
import { adminApp } from './catalogue';
import { databaseUrl, form, PNG } from './helpers';

// A dependency that goes away is said as such (503 with Retry-After, or 507 for a full disk), never a crash
// or a bare 500, and the server serves again by itself once it is back.

const proxies: FaultProxy[] = [];
afterEach(async () => {
    // Up again before the app's own clean-up, which drops its schema through the proxy.
    for (const proxy of proxies) proxy.up();
});

async function proxied(port: number) {
    const proxy = await FaultProxy.start(port);
    proxies.push(proxy);
    return proxy;
}

const throughProxy = (url: string, port: number) => {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(port);
    return parsed.toString();
};

/** Polls `call` until it answers `status`, for at most `ms`; answers how long that took. */
async function until(call: () => Promise<{ statusCode: number }>, status: number, ms = 5_000) {
    const started = Date.now();
    for (;;) {
        const res = await call();
        if (res.statusCode === status) return Date.now() - started;
        if (Date.now() - started > ms) throw new Error(`Still ${res.statusCode} after ${ms} ms`);
        await new Promise((done) => setTimeout(done, 100));
    }
}

describe.runIf(databaseUrl)('PostgreSQL going away', () => {
    it('fails the transaction whose connection died, answers 503 while it is down, and serves again once it is back', async () => {
        const proxy = await proxied(Number(new URL(databaseUrl!).port || 5432));
        const { app, call } = await adminApp({ databaseUrl: throughProxy(databaseUrl!, proxy.port) });
        expect((await call('POST', '/api/categories', { name: 'Fruits', description: 'Fresh' })).statusCode).toBe(201);

        // A connection checked out of the pool (a transaction) when the database restarts: its client's 'error'
        // has no pool listening, and unheard it would end the process (Vitest fails the run on it).
        let cut!: () => void;
        const held = new Promise<void>((done) => (cut = done));
        const transaction = app.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            cut();
            await new Promise((done) => setTimeout(done, 200));
            await sql`select 1`.execute(trx);
        });
        await held;
        proxy.down();
        await expect(transaction).rejects.toThrow();

        const refused = await call('POST', '/api/categories', { name: 'Staples', description: 'Rice' });
        expect(refused.statusCode).toBe(503);
        expect(refused.json().message).toBe(DATABASE_DOWN);
        expect(refused.headers['retry-after']).toBe('5');

        proxy.up();
        const recovered = await until(() => call('POST', '/api/categories', { name: 'Staples', description: 'Rice' }), 201);
        expect(recovered).toBeLessThan(5_000);
        expect((await call('GET', '/api/categories')).json()).toHaveLength(2);
    });

    it('answers 503 rather than waiting when the database takes connections and never answers', async () => {
        const proxy = await proxied(Number(new URL(databaseUrl!).port || 5432));
        const { call } = await adminApp({ databaseUrl: throughProxy(databaseUrl!, proxy.port), dbPoolMax: 2 });
        proxy.silent();
        const started = Date.now();
        const res = await call('POST', '/api/categories', { name: 'Fruits', description: 'Fresh' });
        expect(res.statusCode).toBe(503);
        // The connection timeout (5 s), not the client's patience, decides.
        expect(Date.now() - started).toBeLessThan(8_000);
        proxy.up();
        await until(() => call('POST', '/api/categories', { name: 'Fruits', description: 'Fresh' }), 201);
    });
});

describe('Redis going away', () => {
    it('answers 503 at once while Redis is down, and counts again once it is back', async () => {
        const proxy = await proxied(6379);
        const { app } = await adminApp({ redisUrl: `redis://127.0.0.1:${proxy.port}`, redisKeyPrefix: `test:${Date.now()}:` });
        // A new address each time: an address's own limit on codes is not what this is about.
        let asked = 0;
        const login = () => app.inject({ method: 'POST', url: '/api/user_login', payload: { email: `nobody${++asked}@shop.test` } });
        expect((await login()).statusCode).toBe(200);
        proxy.down();
        const started = Date.now();
        const res = await until(login, 503, 3_000).then(login);
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(REDIS_DOWN);
        expect(Date.now() - started).toBeLessThan(3_000);
        proxy.up();
        expect(await until(login, 200)).toBeLessThan(5_000);
    });
});

describe('the bucket going away', () => {
    it('says so with 503 for a picture, and the record is not half made', async () => {
        const proxy = await proxied(1); // nothing listens on port 1: the bucket is down from the start
        proxy.down();
        const { call } = await adminApp({
            s3Bucket: 'shop',
            s3Endpoint: `http://127.0.0.1:${proxy.port}`,
            s3Region: 'us-east-1',
            s3AccessKeyId: 'key',
            s3SecretAccessKey: 'secret',
            s3ForcePathStyle: true,
        });
        const res = await call('GET', '/uploads/missing.png');
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(BUCKET_DOWN);
    });
});

describe.skipIf(databaseUrl)('a full disk (SQLite)', () => {
    it('answers writes 507 while the database cannot grow, goes on answering reads, and takes writes again once it can', async () => {
        const { app, call } = await adminApp();
        expect((await call('POST', '/api/categories', { name: 'Fruits', description: 'Fresh' })).statusCode).toBe(201);
        // SQLite's own limit on the file's pages stands in for the disk: it fails the write with SQLITE_FULL.
        const { rows } = await sql<{ pageCount: number }>`pragma page_count`.execute(app.db);
        await sql.raw(`pragma max_page_count = ${rows[0].pageCount}`).execute(app.db);
        const big = 'x'.repeat(1_900);
        // The pages there are have room for a few rows; the first that needs a new page fails.
        let res = await call('POST', '/api/categories', { name: 'Staples 0', description: big });
        for (let i = 1; res.statusCode === 201 && i < 100; i++) res = await call('POST', '/api/categories', { name: `Staples ${i}`, description: big });
        expect(res.statusCode, res.body).toBe(507);
        expect(res.json().message).toBe(DISK_FULL);
        expect((await call('GET', '/api/categories')).statusCode).toBe(200);

        await sql.raw('pragma max_page_count = 1073741823').execute(app.db);
        expect((await call('POST', '/api/categories', { name: 'Staples again', description: big })).statusCode).toBe(201);
    });
});

/** A tmpfs of 64 KB mounted on `dir`, filled to its last page (4 KB): one small file fits, the next does not. */
function nearlyFullDisk(dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status, 'mount a tmpfs (needs root, as CI has)').toBe(0);
    const fd = fs.openSync(path.join(dir, 'filler'), 'w');
    let written = 0;
    try {
        for (;;) written += fs.writeSync(fd, Buffer.alloc(1024, 1));
    } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
    }
    fs.ftruncateSync(fd, written - 4096);
    fs.closeSync(fd);
    return () => spawnSync('umount', ['-l', dir]);
}

describe('a full disk under a picture', () => {
    // The upload's own temporary file fits in the last page; the picture written anew from it does not.
    it.runIf(process.getuid?.() === 0)('answers 507 with the sentence when the picture cannot be written anew, not a bare 500', async () => {
        const { call, config } = await adminApp();
        const unmount = nearlyFullDisk(path.join(config.dataDir, 'tmp'));
        try {
            const res = await call('POST', '/api/Baanner', form({ name: 'Diwali sale', description: 'Sweets', image: PNG }));
            expect(res.statusCode, res.body).toBe(507);
            expect(res.json().message).toBe(DISK_FULL);
            expect(res.headers['retry-after']).toBe('60');
        } finally {
            unmount();
        }
        expect((await call('POST', '/api/Baanner', form({ name: 'Diwali sale', description: 'Sweets', image: PNG }))).statusCode).toBe(201);
    });
});
