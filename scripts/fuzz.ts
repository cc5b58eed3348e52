// A larger fuzz run than the test suite's (test/server/fuzz.test.ts): `npm run fuzz -- --count 20000 --seed 42`.
// Bad requests generated from the OpenAPI document go to an in-process app on a fresh database (SQLite in a
// temporary DATA_DIR, or a PostgreSQL schema of its own when DATABASE_URL is set), anonymously and as an
// administrator; it prints the answers counted by status, and every route that answered 5xx. Exit 1 on any 5xx.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import { dropSchema } from '../server/db/createDb';
import { nowIso } from '../server/infra/time';
import { ROLE } from '../schema/access';
import { endpoints, fuzzRequests, runFuzz, type OpenApiDocument } from './lib/fuzzRequests';

const { values } = parseArgs({ options: { count: { type: 'string', default: '10000' }, seed: { type: 'string', default: String(Date.now() % 1e6) } } });
const count = Number(values.count);
const seed = Number(values.seed);
if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(seed)) {
    console.error('Usage: npm run fuzz -- [--count N] [--seed S]');
    process.exit(2);
}

/** Signs in through the real code flow: the code is read from the outbox the mailer writes without SMTP. */
async function signIn(app: FastifyInstance, config: Config, email: string) {
    const now = nowIso();
    await app.db.insertInto('users').values({ name: 'Fuzz Admin', email, roleId: ROLE.admin, createdAt: now, updatedAt: now }).execute();
    const sent = await app.inject({ method: 'POST', url: '/api/user_login', payload: { email } });
    if (sent.statusCode !== 200) throw new Error(`user_login: ${sent.body}`);
    await app.mailer.flush();
    const outbox = path.join(config.dataDir, 'outbox');
    const mail = fs.readdirSync(outbox).filter((f) => f.includes(email)).sort().at(-1)!;
    const code = (JSON.parse(fs.readFileSync(path.join(outbox, mail), 'utf8')) as { text: string }).text.match(/\b(\d{6})\b/)![1];
    const verified = await app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp: code } });
    if (verified.statusCode !== 200) throw new Error(`userverify-otp: ${verified.body}`);
    return { authorization: `Bearer ${verified.json().token}` };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-fuzz-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const schema = databaseUrl ? `fuzz_${randomBytes(6).toString('hex')}` : undefined;
const config = loadConfig(
    { DATA_DIR: dataDir, SEED_DEMO: 'false' },
    { databaseUrl, databaseSchema: schema, appDir: path.join(dataDir, 'no-app'), authRateLimit: 1_000_000, logLevel: 'silent' },
);
const app = await buildApp(config, process.env.FUZZ_LOG ? { level: 'error' } : false);
let exitCode = 0;
try {
    let renewals = 0;
    const admin = await signIn(app, config, 'fuzz-admin@shop.test');
    // A few rows, so ids 1–3 exist and updates and deletes reach the database.
    for (const body of [{ name: 'Fruits', description: 'Fresh' }, { name: 'Staples', description: 'Rice' }]) {
        await app.inject({ method: 'POST', url: '/api/categories', headers: admin, payload: body });
    }
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
    // Every request goes twice (anonymous, admin): count is the total sent.
    const perEndpoint = Math.max(1, Math.round(count / 2 / endpoints(doc).length));
    const requests = fuzzRequests(doc, { seed, perEndpoint });
    const started = Date.now();
    const report = await runFuzz(app, requests, [
        { name: 'anonymous', headers: {} },
        { name: 'admin', headers: admin, renew: () => signIn(app, config, `fuzz-admin${++renewals}@shop.test`) },
    ]);
    const health = await app.inject({ method: 'GET', url: '/api/health' });

    console.log(`Fuzz: ${report.sent} requests over ${endpoints(doc).length} routes × methods, seed ${seed}, ${app.dbKind}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const [status, n] of Object.entries(report.byStatus).sort()) console.log(`  ${status}: ${n}`);
    console.log(`  health afterwards: ${health.statusCode}`);
    if (report.failures.length) {
        const byRoute = new Map<string, number>();
        for (const failure of report.failures) byRoute.set(failure.route, (byRoute.get(failure.route) ?? 0) + 1);
        console.log(`\n5xx answers by route:`);
        for (const [route, n] of byRoute) console.log(`  ${route}: ${n}`);
        console.log('\nFirst of each:');
        for (const route of byRoute.keys()) console.log(JSON.stringify(report.failures.find((f) => f.route === route)));
        exitCode = 1;
    }
    if (health.statusCode !== 200) exitCode = 1;
} finally {
    if (schema) await dropSchema(app.db, schema);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
