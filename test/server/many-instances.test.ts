// Issue 21, items 1 and 4: instances on one database start together and run background work once. The
// start-up, the mail queue and the secret are proved on both databases (TEST_DATABASE_URL); a fresh
// PostgreSQL database and the clean-up's advisory lock only on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import * as demo from '../../server/seed/demoCatalogue';
import { seedAtStart } from '../../server/seed/startup';
import { databaseUrl } from './helpers';

const ownCleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
    while (ownCleanups.length) await ownCleanups.pop()!();
});

const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-many-'));
    ownCleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
};

/** A PostgreSQL database of its own, dropped afterwards (its instances are closed first: clean-ups run last in, first out). */
async function freshDatabase(): Promise<string> {
    const name = `test_many_${randomBytes(6).toString('hex')}`;
    const run = async (statement: string) => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
            await client.query(statement);
        } finally {
            await client.end();
        }
    };
    await run(`create database ${name}`);
    ownCleanups.push(() => run(`drop database if exists ${name} with (force)`));
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    return url.toString();
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
        expect(await count(first, 'products')).toBe(demo.products.length);
        const admins = await first.db.selectFrom('users').select('email').where('roleId', '=', 1).execute();
        expect(admins).toEqual([{ email: 'owner@shop.test' }]);
        const orders = await count(first, 'orders');
        expect(orders).toBeGreaterThan(0);
        // A later start adds nothing.
        await startInstance(url);
        expect(await count(first, 'orders')).toBe(orders);
        expect(await count(first, 'categories')).toBe(demo.categories.length);
    }, 120_000);
});
