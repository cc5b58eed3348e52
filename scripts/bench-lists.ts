// The list benchmark: `npm run bench:lists` (a measuring script, not a test).
// Seeds 100,000 products (BENCH_PRODUCTS), starts the real server in a child process, a second one on the same
// database that keeps no page (LIST_KEPT_ROWS=0: every page is read from the database, "cold"; it still keeps
// records' JSON by row version, as a server does, unless LIST_KEPT_RECORDS_MB=0 is set for the run), and a bare
// Fastify that answers the same first page from memory in a third, and loads them with autocannon (50
// connections) in interleaved rounds (BENCH_ROUNDS of BENCH_SECONDS each): kept pages, and cold pages of any
// sort, direction, filter and depth, with and without one product write a second; then streams four bare lists
// at once while it watches the server's memory and /api/health; and single requests for a page right after a write,
// on that server and on one without the cache layer (LIST_CACHE=off). SQLite always; PostgreSQL too when BENCH_DATABASE_URL or
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
/** BENCH_SHAPES=first,coldAny: only these shapes (their keys below); all of them when unset. */
const ONLY = process.env.BENCH_SHAPES?.split(',');
const CONNECTIONS = 50;
const PER_PAGE = 100;
const LAST_PAGE = Math.ceil(PRODUCTS / PER_PAGE);
/** BENCH_SCHEMA: the PostgreSQL schema the run seeds and drops (bench_lists), one per concurrent run. */
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_lists';

const SORTS = ['id', 'name', 'price', 'stock', 'status', 'createdAt'];
const FILTERS: Array<Record<string, number>> = [
    ...Array.from({ length: 10 }, (_, i) => ({ categoryId: i + 1 })),
    ...Array.from({ length: 50 }, (_, i) => ({ subcategoryId: i + 1 })),
    ...Array.from({ length: 4 }, (_, i) => ({ gstId: i + 1 })),
    { status: 0 },
    { status: 1 },
];

// As the app asks (react-admin's ra-data-simple-rest dialect, its default sort), plus the legacy dialect by name.
const stock = (filter: object, first = 0, sort: [string, string] = ['id', 'ASC']) =>
    `/api/products?sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent(`[${first},${first + PER_PAGE - 1}]`)}&filter=${encodeURIComponent(JSON.stringify(filter))}`;
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
const anySort = (): [string, string] => [pick(SORTS), pick(['ASC', 'DESC'])];

/** Pages of each filter, learned before the run (its total over PER_PAGE). */
const filterPages = new Map<Record<string, number>, number>();
/** Any page of any filter in any sort. */
const anyFiltered = () => {
    const filter = pick(FILTERS);
    return stock(filter, Math.floor(Math.random() * (filterPages.get(filter) ?? 1)) * PER_PAGE, anySort());
};

interface Shape {
    key: string;
    label: string;
    /** The path asked: fixed, or drawn afresh for every request. */
    path: string | (() => string);
    /** Asked of the server that keeps no answer: every page is read from the database. */
    cold?: boolean;
    /** One product written every second while it runs. */
    writes?: boolean;
}

const SHAPES: Shape[] = [
    { key: 'first', label: `first page of ${PER_PAGE}, with total`, path: stock({}) },
    { key: 'last', label: `last page (${LAST_PAGE})`, path: stock({}, (LAST_PAGE - 1) * PER_PAGE) },
    { key: 'search', label: 'search q=basmati', path: stock({ q: 'basmati' }) },
    { key: 'category', label: 'filter categoryId=3', path: stock({ categoryId: 3 }) },
    { key: 'byName', label: 'first page by name (legacy dialect)', path: `/api/products?page=1&perPage=${PER_PAGE}&sort=name&order=ASC` },
    { key: 'firstWrites', label: 'first page, a write a second', path: stock({}), writes: true },
    // The rest ask a server that keeps no page (LIST_KEPT_ROWS=0): the cost of a page read from the database.
    { key: 'coldFirst', label: 'cold: first page, any sort', path: () => stock({}, 0, anySort()), cold: true },
    { key: 'coldLast', label: 'cold: last page, any sort', path: () => stock({}, (LAST_PAGE - 1) * PER_PAGE, anySort()), cold: true },
    { key: 'coldAny', label: `cold: any of ${LAST_PAGE} pages, any sort`, path: () => stock({}, Math.floor(Math.random() * LAST_PAGE) * PER_PAGE, anySort()), cold: true },
    { key: 'coldFiltered', label: 'cold: any page, sort and filter', path: () => anyFiltered(), cold: true },
    { key: 'coldAnyWrites', label: 'cold: any page and sort, a write a second', path: () => stock({}, Math.floor(Math.random() * LAST_PAGE) * PER_PAGE, anySort()), cold: true, writes: true },
    { key: 'coldFilteredWrites', label: 'cold: any page, sort, filter; a write a second', path: () => anyFiltered(), cold: true, writes: true },
];
const RUN = SHAPES.filter((shape) => !ONLY || ONLY.includes(shape.key));

/** Child: the real app on its database, seeded once, with a staff session; tells the parent its port and token. */
async function serve() {
    const databaseUrl = process.env.BENCH_DB || undefined;
    const config = loadConfig(
        { DATA_DIR: process.env.BENCH_DATA_DIR, SEED_DEMO: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', LIST_CACHE: process.env.LIST_CACHE, LIST_KEPT_ROWS: process.env.LIST_KEPT_ROWS, LIST_KEPT_RECORDS_MB: process.env.LIST_KEPT_RECORDS_MB, SQLITE_CACHE_MB: process.env.SQLITE_CACHE_MB },
        { databaseUrl, databaseSchema: databaseUrl ? SCHEMA : undefined, appDir: path.join(os.tmpdir(), 'no-app') },
    );
    const app = await buildApp(config);
    const { count } = await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    if (Number(count) < PRODUCTS) {
        await fillCatalogue(app.db, PRODUCTS);
        // As autovacuum leaves a table soon after a bulk load (PostgreSQL 13 and later vacuum after inserts too):
        // fresh statistics, and the visibility map set, so that index-only scans need not visit the table.
        if (databaseUrl) await sql`vacuum analyze`.execute(app.db);
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
    // BENCH_PROFILE=<dir>: each child writes a CPU profile there as it exits.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
        child.once('message', (message: { port: number; token?: string }) => resolve({ child, ...message }));
        child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    });
}

async function load(base: string, path: string | (() => string), headers: Record<string, string>, seconds: number) {
    const requests = typeof path === 'function' ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }) }] : undefined;
    const url = base + (typeof path === 'function' ? path() : path);
    const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, ...(requests ? { requests } : {}) });
    if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** One product written every second, as staff and orders do all day: its price and stock, through the API. */
function writeEverySecond(base: string, headers: Record<string, string>) {
    let writes = 0;
    const timer = setInterval(() => {
        const body = new FormData();
        body.set('price', String(10 + Math.floor(Math.random() * 990)));
        body.set('stock', String(Math.floor(Math.random() * 500)));
        void fetch(`${base}/api/products/${1 + Math.floor(Math.random() * PRODUCTS)}`, { method: 'POST', headers, body }).then((res) => {
            if (!res.ok) throw new Error(`A product write answered ${res.status}`);
            writes++;
        });
    }, 1000);
    return { stop: () => (clearInterval(timer), writes) };
}

/** BENCH_AFTER_WRITE: how many single requests, each right after a write, the "page after a write" figure is the median of. */
const AFTER_WRITE = Number(process.env.BENCH_AFTER_WRITE ?? 200);

/**
 * A single request for a page after a write, alone on an idle server: a product's price written (its answer
 * awaited), then one page asked and timed; the first page and a page of any depth and sort, in turn.
 */
async function afterWrites(base: string, headers: Record<string, string>) {
    const times = { first: [] as number[], any: [] as number[] };
    for (let i = 0; i < AFTER_WRITE; i++) {
        const body = new FormData();
        body.set('price', String(10 + Math.floor(Math.random() * 990)));
        const res = await fetch(`${base}/api/products/${1 + Math.floor(Math.random() * PRODUCTS)}`, { method: 'POST', headers, body });
        if (!res.ok) throw new Error(`A product write answered ${res.status}`);
        await res.arrayBuffer();
        const which = i % 2 ? 'any' : 'first';
        const page = which === 'first' ? stock({}) : stock({}, Math.floor(Math.random() * LAST_PAGE) * PER_PAGE, anySort());
        const started = performance.now();
        const answer = await fetch(base + page, { headers });
        await answer.arrayBuffer();
        if (!answer.ok) throw new Error(`${page} answered ${answer.status}`);
        times[which].push(performance.now() - started);
    }
    return { first: median(times.first), any: median(times.any) };
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
    // The same database, keeping no answer: what a page costs when it is read.
    const cold = await start(['serve'], { ...env, LIST_KEPT_ROWS: '0' });
    const headers = { authorization: `Bearer ${server.token}` };
    const baseOf = (shape: Shape) => `http://127.0.0.1:${(shape.cold ? cold : server).port}`;
    const pageFile = path.join(os.tmpdir(), `bench-page-${process.pid}.json`);
    const first = await fetch(baseOf(SHAPES[0]) + SHAPES[0].path, { headers });
    fs.writeFileSync(pageFile, Buffer.from(await first.arrayBuffer()));
    for (const filter of FILTERS) {
        const res = await fetch(baseOf(SHAPES[0]) + stock(filter), { headers });
        filterPages.set(filter, Math.max(1, Math.ceil(Number(res.headers.get('x-total-count')) / PER_PAGE)));
    }
    const bare = await start(['ceiling'], { BENCH_PAGE_FILE: pageFile });
    const ceilingUrl = `http://127.0.0.1:${bare.port}`;
    const results: Record<string, Array<{ rps: number; p50: number; p99: number }>> = { ceiling: [] };
    let writes = 0;
    const run = async (shape: Shape, seconds: number) => {
        const writer = shape.writes ? writeEverySecond(`http://127.0.0.1:${server.port}`, headers) : undefined;
        try {
            return await load(baseOf(shape), shape.path, headers, seconds);
        } finally {
            writes += writer?.stop() ?? 0;
        }
    };
    try {
        for (const shape of RUN) {
            results[shape.key] = [];
            await run(shape, 1); // warm caches and the JIT
        }
        await load(ceilingUrl, '/api/products', {}, 1);
        for (let round = 0; round < ROUNDS; round++) {
            results.ceiling.push(await load(ceilingUrl, '/api/products', {}, SECONDS));
            // Each run after a second of its own: what a shape keeps (answers, page boundaries) is built by then,
            // unless the shape itself writes. The writing shapes show what a write a second costs.
            for (const shape of RUN) {
                await run(shape, 1);
                results[shape.key].push(await run(shape, SECONDS));
            }
        }
        const afterWrite = await afterWrites(`http://127.0.0.1:${server.port}`, headers);
        // The same on a server without the cache layer (LIST_CACHE=off): every page read from the database.
        const plain = await start(['serve'], { ...env, LIST_CACHE: 'off' });
        const afterWritePlain = await afterWrites(`http://127.0.0.1:${plain.port}`, { authorization: `Bearer ${plain.token}` });
        plain.child.disconnect();
        await new Promise((resolve) => plain.child.once('exit', resolve));
        const streams = await streamFour(server.child.pid!, `http://127.0.0.1:${server.port}`, headers);
        console.log(report(label, results, writes, streams, afterWrite, afterWritePlain));
    } finally {
        for (const child of [server.child, cold.child, bare.child]) child.disconnect();
        fs.rmSync(pageFile, { force: true });
        await Promise.all([server, cold].map(({ child }) => new Promise((resolve) => child.once('exit', resolve))));
    }
}

type AfterWrite = Awaited<ReturnType<typeof afterWrites>>;
type Results = Record<string, Array<{ rps: number; p50: number; p99: number }>>;

/** The table of one database's run: every shape against the ceiling, with the issues' targets beside the ratios. */
function report(label: string, results: Results, writes: number, streams: Awaited<ReturnType<typeof streamFour>>, afterWrite: AfterWrite, afterWritePlain: AfterWrite) {
    // A shape left out (BENCH_SHAPES) has no figures: its ratios read NaN.
    const rps = (key: string) => median((results[key] ?? []).map((r) => r.rps));
    const p50 = (key: string) => median((results[key] ?? []).map((r) => r.p50));
    const ofCeiling = (key: string, target: string) => `${((100 * rps(key)) / rps('ceiling')).toFixed(1)}% of the ceiling${target}`;
    const postgres = label === 'PostgreSQL';
    const ratios: Record<string, string> = {
        first: ofCeiling('first', postgres ? ' (target ≥ 45%)' : ' (target ≥ 15%)'),
        last: `${(p50('last') / Math.max(p50('first'), 0.001)).toFixed(2)}× the first page's p50 (target ≤ 1.5×)`,
        search: `${(p50('search') / Math.max(p50('first'), 0.001)).toFixed(2)}× the first page's p50 (target ≤ 2×)`,
        category: `${(p50('category') / Math.max(p50('first'), 0.001)).toFixed(2)}× the first page's p50 (target ≤ 2×)`,
        firstWrites: ofCeiling('firstWrites', ''),
        coldFirst: ofCeiling('coldFirst', ''),
        coldLast: `${(p50('coldLast') / Math.max(p50('coldFirst'), 0.001)).toFixed(2)}× the cold first page's p50 (target ≤ 2×)`,
        coldAny: ofCeiling('coldAny', postgres ? ' (target ≥ 5%)' : ' (target ≥ 10%)'),
        coldFiltered: ofCeiling('coldFiltered', postgres ? ' (target ≥ 5%)' : ' (target ≥ 10%)'),
        coldAnyWrites: ofCeiling('coldAnyWrites', postgres ? ' (target ≥ 5%)' : ' (target ≥ 10%)'),
        coldFilteredWrites: ofCeiling('coldFilteredWrites', postgres ? ' (target ≥ 5%)' : ' (target ≥ 10%)'),
    };
    const row = (name: string, key: string) =>
        `${name.padEnd(44)} ${spread(results[key].map((r) => r.rps)).padStart(22)} ${spread(results[key].map((r) => r.p50)).padStart(18)} ${spread(results[key].map((r) => r.p99)).padStart(18)}  ${ratios[key] ?? ''}`;
    return [
        `\n${label}: ${PRODUCTS.toLocaleString('en-US')} products, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s; median [min–max]; ${writes} product writes in the runs that write; cold pages with records kept: ${process.env.LIST_KEPT_RECORDS_MB === '0' ? 'none' : `${process.env.LIST_KEPT_RECORDS_MB ?? 64} MB`}`,
        `${'shape'.padEnd(44)} ${'req/s'.padStart(22)} ${'p50 ms'.padStart(18)} ${'p99 ms'.padStart(18)}  ratio`,
        row('bare Fastify, same page from memory', 'ceiling'),
        ...RUN.map((shape) => row(shape.label, shape.key)),
        `a single request for a page after a write (median of ${AFTER_WRITE / 2} each, idle server): first page ${afterWrite.first.toFixed(2)} ms, any page and sort ${afterWrite.any.toFixed(2)} ms (target ≤ 3 ms); without the cache layer (LIST_CACHE=off) ${afterWritePlain.first.toFixed(2)} ms, ${afterWritePlain.any.toFixed(2)} ms`,
        `four concurrent bare lists of ${PRODUCTS.toLocaleString('en-US')} rows: ${streams.megabytes} MB each, all in ${streams.seconds} s; server RSS growth ${streams.rssGrowth} MB (target < 64); /api/health p99 ${streams.healthP99} ms over ${streams.healthCalls} calls (target < 50)`,
    ].join('\n');
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
        // BENCH_SQLITE=false: PostgreSQL alone.
        if (process.env.BENCH_SQLITE !== 'false') await bench('SQLite', { BENCH_DATA_DIR: dataDir, BENCH_DB: '' });
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
