// The list benchmark of issue 8: `npm run bench` (a measuring script, not a test).
// Seeds 100,000 products (BENCH_PRODUCTS), starts the real server in a child process and a bare Fastify that
// answers the same first page from memory in another, and loads both with autocannon (50 connections) in
// interleaved rounds (BENCH_ROUNDS of BENCH_SECONDS each); then streams four bare lists at once while it
// watches the server's memory and /api/health. SQLite always; PostgreSQL too when BENCH_DATABASE_URL or
// DATABASE_URL is set. Prints medians with their spread (min–max over the rounds) and the issue's ratios.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { dropSchema } from '../server/db/createDb';
import { inMs, nowIso } from '../server/infra/time';
import { newToken, sha256 } from '../server/infra/secrets';
import { ROLE } from '../schema/access';
import { fillCatalogue } from './benchCatalogue';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 50;
const PER_PAGE = 100;
const LAST_PAGE = Math.ceil(PRODUCTS / PER_PAGE);
const SCHEMA = 'bench_lists';

// As the app asks (react-admin's ra-data-simple-rest dialect, its default sort), plus the legacy dialect by name.
const stock = (filter: object, first = 0, sort = '["id","ASC"]') =>
    `/api/products?sort=${encodeURIComponent(sort)}&range=${encodeURIComponent(`[${first},${first + PER_PAGE - 1}]`)}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
const SHAPES = [
    { key: 'first', label: `first page of ${PER_PAGE}, with total`, url: stock({}) },
    { key: 'last', label: `last page (${LAST_PAGE})`, url: stock({}, (LAST_PAGE - 1) * PER_PAGE) },
    { key: 'search', label: 'search q=basmati', url: stock({ q: 'basmati' }) },
    { key: 'category', label: 'filter categoryId=3', url: stock({ categoryId: 3 }) },
    { key: 'byName', label: 'first page by name (legacy dialect)', url: `/api/products?page=1&perPage=${PER_PAGE}&sort=name&order=ASC` },
    // Pages answered again are kept (server/engine/list.ts, keptAnswers); this one asks any of all the pages at
    // random, so most answers are read afresh: the cost of a page that is not kept.
    { key: 'anyPage', label: `any of the ${LAST_PAGE} pages, at random`, url: stock({}), anyPage: true },
] as const;

/** The path of a random page of the stock dialect's first-page URL. */
const randomPage = () => stock({}, Math.floor(Math.random() * LAST_PAGE) * PER_PAGE);

/** Child: the real app on its database, seeded once, with a staff session; tells the parent its port and token. */
async function serve() {
    const databaseUrl = process.env.BENCH_DB || undefined;
    const config = loadConfig(
        { DATA_DIR: process.env.BENCH_DATA_DIR, SEED_DEMO: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
        { databaseUrl, databaseSchema: databaseUrl ? SCHEMA : undefined, appDir: path.join(os.tmpdir(), 'no-app') },
    );
    const app = await buildApp(config);
    const { count } = await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    if (Number(count) < PRODUCTS) {
        await fillCatalogue(app.db, PRODUCTS);
        // Fresh statistics, as autovacuum would gather them soon after a bulk load.
        if (databaseUrl) await sql`analyze`.execute(app.db);
    }
    const now = nowIso();
    const user = await app.db.insertInto('users').values({ name: 'Bench', email: `bench-${Date.now()}@shop.test`, roleId: ROLE.admin, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
    const token = newToken();
    await app.db.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(3_600_000), createdAt: now }).execute();
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send!({ port: (app.server.address() as { port: number }).port, token });
    process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

/** Child: the ceiling, a bare Fastify answering the first page's exact bytes from memory. */
async function ceiling() {
    const body = fs.readFileSync(process.env.BENCH_PAGE_FILE!);
    const app = Fastify();
    app.get('/api/products', (_request, reply) => reply.header('X-Total-Count', PRODUCTS).type('application/json; charset=utf-8').send(body));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send!({ port: (app.server.address() as { port: number }).port });
    process.on('disconnect', () => process.exit(0));
}

function start(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; port: number; token?: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
        child.once('message', (message: { port: number; token?: string }) => resolve({ child, ...message }));
        child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    });
}

async function load(url: string, headers: Record<string, string>, seconds: number, connections = CONNECTIONS, anyPage = false) {
    const requests = anyPage ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: randomPage() }) }] : undefined;
    const result = await autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
    if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
const spread = (values: number[]) => `${fmt(median(values))} [${fmt(Math.min(...values))}–${fmt(Math.max(...values))}]`;

const rssOf = (pid: number) => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

async function bench(label: string, env: Record<string, string>) {
    const server = await start(['serve'], env);
    const base = `http://127.0.0.1:${server.port}`;
    const headers = { authorization: `Bearer ${server.token}` };
    const pageFile = path.join(os.tmpdir(), `bench-page-${process.pid}.json`);
    const first = await fetch(base + SHAPES[0].url, { headers });
    fs.writeFileSync(pageFile, Buffer.from(await first.arrayBuffer()));
    const bare = await start(['ceiling'], { BENCH_PAGE_FILE: pageFile });
    const results: Record<string, Array<{ rps: number; p50: number; p99: number }>> = { ceiling: [] };
    try {
        for (const shape of SHAPES) {
            results[shape.key] = [];
            await load(base + shape.url, headers, 1, CONNECTIONS, 'anyPage' in shape); // warm caches and the JIT
        }
        await load(`http://127.0.0.1:${bare.port}/api/products`, {}, 1);
        for (let round = 0; round < ROUNDS; round++) {
            results.ceiling.push(await load(`http://127.0.0.1:${bare.port}/api/products`, {}, SECONDS));
            for (const shape of SHAPES) results[shape.key].push(await load(base + shape.url, headers, SECONDS, CONNECTIONS, 'anyPage' in shape));
        }
        const streams = await streamFour(server.child.pid!, base, headers);

        const rps = (key: string) => median(results[key].map((r) => r.rps));
        const p50 = (key: string) => median(results[key].map((r) => r.p50));
        const lines = [
            `\n${label}: ${PRODUCTS.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; median [min–max]`,
            `${'shape'.padEnd(40)} ${'req/s'.padStart(22)} ${'p50 ms'.padStart(18)} ${'p99 ms'.padStart(18)}  ratio`,
            `${'bare Fastify, same page from memory'.padEnd(40)} ${spread(results.ceiling.map((r) => r.rps)).padStart(22)} ${spread(results.ceiling.map((r) => r.p50)).padStart(18)} ${spread(results.ceiling.map((r) => r.p99)).padStart(18)}`,
            ...SHAPES.map((shape) => {
                const ratio =
                    shape.key === 'first'
                        ? `${((100 * rps('first')) / rps('ceiling')).toFixed(1)}% of the ceiling (target ≥ 15%)`
                        : `${(p50(shape.key) / Math.max(p50('first'), 0.001)).toFixed(2)}× the first page's p50${shape.key === 'byName' || shape.key === 'anyPage' ? '' : ` (target ≤ ${shape.key === 'last' ? '1.5' : '2'}×)`}`;
                const row = results[shape.key];
                return `${shape.label.padEnd(40)} ${spread(row.map((r) => r.rps)).padStart(22)} ${spread(row.map((r) => r.p50)).padStart(18)} ${spread(row.map((r) => r.p99)).padStart(18)}  ${ratio}`;
            }),
            `four concurrent bare lists of ${PRODUCTS.toLocaleString('en-US')} rows: ${streams.megabytes} MB each, all in ${streams.seconds} s; server RSS growth ${streams.rssGrowth} MB (target < 64); /api/health p99 ${streams.healthP99} ms over ${streams.healthCalls} calls (target < 50)`,
        ];
        console.log(lines.join('\n'));
    } finally {
        server.child.disconnect();
        bare.child.disconnect();
        fs.rmSync(pageFile, { force: true });
        await new Promise((resolve) => server.child.once('exit', resolve));
    }
}

/** Four bare lists fetched by curl at once (so the measuring process stays idle), memory sampled, health timed. */
async function streamFour(pid: number, base: string, headers: Record<string, string>) {
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const started = performance.now();
    const sizes = Array.from({ length: 4 }, () => {
        const curl = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{size_download}', '-H', `authorization: ${headers.authorization}`, `${base}/api/products`]);
        let out = '';
        curl.stdout.on('data', (chunk) => (out += chunk));
        return new Promise<number>((resolve) => curl.on('exit', () => resolve(Number(out))));
    });
    const health: number[] = [];
    let done = false;
    const all = Promise.all(sizes).finally(() => (done = true));
    while (!done) {
        const t = performance.now();
        await fetch(`${base}/api/health`).then((res) => res.arrayBuffer());
        health.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const bytes = await all;
    clearInterval(sampler);
    health.sort((a, b) => a - b);
    return {
        megabytes: (bytes[0] / 1e6).toFixed(1),
        seconds: ((performance.now() - started) / 1000).toFixed(1),
        rssGrowth: (peak - before).toFixed(1),
        healthP99: health[Math.min(health.length - 1, Math.floor(0.99 * health.length))].toFixed(1),
        healthCalls: health.length,
    };
}

async function main() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-'));
    try {
        await bench('SQLite', { BENCH_DATA_DIR: dataDir, BENCH_DB: '' });
        const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
        if (databaseUrl) {
            try {
                await bench('PostgreSQL', { BENCH_DATA_DIR: dataDir, BENCH_DB: databaseUrl });
            } finally {
                const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { databaseUrl, databaseSchema: SCHEMA }), false);
                await dropSchema(app.db, SCHEMA);
                await app.close();
            }
        }
    } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
    }
}

// Last, once every constant above is defined: the same file is the parent and both children.
const mode = process.argv[2];
if (mode === 'serve') await serve();
else if (mode === 'ceiling') await ceiling();
else await main();
