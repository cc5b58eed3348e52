// `npm run bench:cluster`: requests per second through HAProxy with one and with three
// instances on one PostgreSQL database (DATABASE_URL, a fresh database beside it), against one instance
// answered directly as the ceiling, measured in the same run: three rounds each, medians. The product
// list's first page of 100 by name (the staff's most read answer) and the health check, 50 connections, 10 s a round.
// Also the time three instances take to start at once on a fresh database (migrations and the demo seed).
import autocannon from 'autocannon';
import { haproxy, type Balancer } from './lib/cluster/balancer';
import { Client } from './lib/cluster/client';
import { instance } from './lib/cluster/instance';
import { freshDatabase } from './lib/freshDatabase';
import { smtpSink } from './lib/smtpSink';
import { freePort } from './serverProbes';

const ROUNDS = 3;
const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function load(url: string, headers: Record<string, string>) {
    const result = await autocannon({ url, connections: 50, duration: 10, headers });
    // Only answered requests count; any other answer is told, with its status.
    const ok = result.statusCodeStats?.['200']?.count ?? 0;
    if (result.non2xx || result.errors) console.log(`  (${url}: ${result.non2xx} non-2xx answers ${JSON.stringify(result.statusCodeStats ?? {})}, ${result.errors} errors)`);
    return { rps: ok / result.duration, p50: result.latency.p50 };
}

const database = await freshDatabase(baseUrl, 'bench_cluster');
const sink = await smtpSink();
const env = { DATABASE_URL: database.url, SMTP_URL: sink.url, SEED_DEMO: 'true', ADMIN_EMAIL: 'owner@bench.test', LOG_LEVEL: 'info', NODE_ENV: 'development', APP_SECRET: '', S3_BUCKET: '', REDIS_URL: '' };
const nodes = await Promise.all(['one', 'two', 'three'].map(async (name) => instance(name, await freePort(), env)));
const balancers: Balancer[] = [];
try {
    const since = Date.now();
    await Promise.all(nodes.map((node) => node.start()));
    const startSeconds = (Date.now() - since) / 1000;
    const one = await haproxy(await freePort(), [nodes[0].port]);
    const three = await haproxy(await freePort(), nodes.map((node) => node.port));
    balancers.push(one, three);
    const token = await new Client(one.origin, '127.0.0.1').signIn('owner@bench.test', sink);
    const headers = { authorization: `Bearer ${token}` };
    const targets = { 'one instance, direct (ceiling)': nodes[0].origin, 'HAProxy, one instance': one.origin, 'HAProxy, three instances': three.origin };
    console.log(`Three instances started at once on a fresh database in ${startSeconds.toFixed(1)} s (migrations, demo seed). ${(await import('node:os')).cpus().length} cores.`);
    for (const path of ['/api/products?page=1&perPage=100&sort=name&order=ASC', '/api/health']) {
        const results: Record<string, { rps: number[]; p50: number[] }> = {};
        for (let round = 0; round < ROUNDS; round++) {
            for (const [name, origin] of Object.entries(targets)) {
                const { rps, p50 } = await load(`${origin}${path}`, headers);
                results[name] ??= { rps: [], p50: [] };
                results[name].rps.push(rps);
                results[name].p50.push(p50);
            }
        }
        const ceiling = median(results['one instance, direct (ceiling)'].rps);
        console.log(`\nGET ${path}, 50 connections, median of ${ROUNDS} rounds of 10 s:`);
        for (const [name, { rps, p50 }] of Object.entries(results)) {
            console.log(`  ${name.padEnd(32)} ${median(rps).toFixed(0).padStart(6)} req/s  p50 ${median(p50)} ms  (${((median(rps) / ceiling) * 100).toFixed(0)} % of the ceiling)`);
        }
    }
    const refusals = nodes.flatMap((node) => node.records.filter((record) => Number((record.res as { statusCode?: number } | undefined)?.statusCode) >= 500));
    if (refusals.length) console.log(`\n${refusals.length} answers of 5xx logged, e.g. ${JSON.stringify(refusals[0]).slice(0, 400)}`);
} finally {
    for (const balancer of balancers) await balancer.close();
    await Promise.all(nodes.map((node) => node.kill()));
    for (const node of nodes) node.remove();
    await sink.close();
    await database.drop();
}
