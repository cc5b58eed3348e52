// Known against unknown addresses, by time: `npm run bench:timing`. For forgot-password, registration and
// the sign-in code request it sends 200 requests with registered addresses and 200 with unregistered ones,
// one at a time in a shuffled order (so the mail a known address's request sends after its answer falls as
// often on either kind of request after it), and reports each side's median and their difference. The server
// runs in this process on a real port; SQLite always, PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set (in a schema of its own, dropped afterwards). A measuring script, not a test:
// the issue asks for medians within 1 ms of each other.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { dropSchema } from '../server/db/createDb';
import { hashPassword } from '../server/infra/secrets';
import { nowIso } from '../server/infra/time';
import { ROLE } from '../schema/access';
import { freePort } from './serverProbes';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 200);
const WARM_UP = 20;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Route {
    name: string;
    path: string;
    body: (email: string) => Record<string, string>;
    /** The statuses each side must get, so a broken route is not measured as a fast one. */
    known: number;
    unknown: number;
}

const customer = { name: 'Bench', contact_no: '9876543210', address: '1 Bench Road', pincode: '560001', password: 'secret1' };
const ROUTES: Route[] = [
    { name: 'forgot-password', path: '/api/forgot-password', body: (email) => ({ email }), known: 200, unknown: 200 },
    { name: 'registration', path: '/api/user_register', body: (email) => ({ ...customer, email }), known: 201, unknown: 201 },
    { name: 'sign-in code', path: '/api/user_login', body: (email) => ({ email }), known: 200, unknown: 200 },
];

type Kind = 'known' | 'unknown';

/** Fisher-Yates, in place. */
function shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
}

const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A different client address per request (through one trusted proxy hop), so no per-client limit is met. */
let clients = 0;
const nextClient = () => {
    clients += 1;
    return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

async function timed(base: string, route: Route, email: string, expected: number): Promise<number> {
    const started = process.hrtime.bigint();
    const res = await fetch(base + route.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
        body: JSON.stringify(route.body(email)),
    });
    await res.arrayBuffer();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== expected) throw new Error(`${route.name} ${email}: ${res.status}, expected ${expected}`);
    return ms;
}

async function benchDatabase(label: string, url: string | undefined) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-timing-'));
    const schema = url ? `bench_${randomBytes(6).toString('hex')}` : undefined;
    const config = loadConfig(
        { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
        { databaseUrl: url, databaseSchema: schema, appDir: path.join(dataDir, 'no-app'), authRateLimit: 1_000_000, trustProxy: 1 },
    );
    const app = await buildApp(config, false);
    try {
        const port = await freePort();
        await app.listen({ port, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${port}`;
        // Registered customers, one per request so no per-address resend limit is met.
        const passwordHash = await hashPassword('secret1');
        const total = 2 * (PAIRS + WARM_UP) * ROUTES.length;
        const now = nowIso();
        const known = Array.from({ length: total }, (_, i) => `known${i}@bench.test`);
        for (let i = 0; i < known.length; i += 200) {
            const rows = known.slice(i, i + 200).map((email) => ({ name: 'Bench', email, passwordHash, roleId: ROLE.customer, createdAt: now, updatedAt: now }));
            await app.db.insertInto('users').values(rows).execute();
        }
        let used = 0;
        console.log(`\n${label}: ${PAIRS} known and ${PAIRS} unknown per route, shuffled (${WARM_UP} of each to warm up, not counted)`);
        for (const route of ROUTES) {
            const times = { known: [] as number[], unknown: [] as number[] };
            for (const [count, counted] of [[WARM_UP, false], [PAIRS, true]] as const) {
                const order = shuffle([...Array<Kind>(count).fill('known'), ...Array<Kind>(count).fill('unknown')]);
                for (const kind of order) {
                    const email = kind === 'known' ? known[used++] : `nobody${used++}-${randomBytes(3).toString('hex')}@bench.test`;
                    const ms = await timed(base, route, email, route[kind]);
                    if (counted) times[kind].push(ms);
                }
            }
            const k = median(times.known);
            const u = median(times.unknown);
            console.log(`  ${route.name.padEnd(16)} known ${k.toFixed(2)} ms  unknown ${u.toFixed(2)} ms  difference ${(k - u).toFixed(2)} ms`);
        }
    } finally {
        await app.mailer.flush();
        if (schema) await dropSchema(app.db, schema);
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
    }
}

await benchDatabase('SQLite', undefined);
if (databaseUrl) await benchDatabase('PostgreSQL', databaseUrl);
else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
