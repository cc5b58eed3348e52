// Fault injection: `npm run chaos-test`. The server runs as an operator runs it (`npm start`) on a fresh PostgreSQL
// database, Redis and a local S3 stand-in, each reached through a TCP proxy this script controls, with its DATA_DIR
// on a small disk of its own (tmpfs). Under a steady workload (banners with pictures created with an
// Idempotency-Key and retried with it, lists read), it takes PostgreSQL away for 5 s, then Redis, then the bucket,
// sends SIGTERM to npm start's process and starts it again, and fills the disk. It fails on a process exit it did
// not ask for, an acknowledged write lost, a duplicate made by a retried create, a 5xx without a sentence or other
// than 503/507, or a server not serving again within 5 s of a dependency's return; it prints the figures.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { FaultProxy } from './lib/faultProxy';
import { freshDatabase } from './lib/freshDatabase';
import { bucketEnv, s3Standin } from './lib/s3Standin';
import { lastMessageTo, SIGN_IN_CODE, smtpSink } from './lib/smtpSink';
import { askCode, createBanner, newTally, runWorkload, secondsUntil, type Tally } from './lib/chaos/workload';
import { freePort } from './serverProbes';

const ADMIN = 'owner@chaos.test';
const OUTAGE_MS = 5_000;
const RECOVERY_LIMIT_S = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const problems: string[] = [];
const figures: Record<string, unknown> = {};
const cleanups: Array<() => unknown> = [];

/** A small disk of its own for DATA_DIR (tmpfs needs root, as CI has); else a plain folder and no disk phase. */
function smallDisk(): { dir: string; mounted: boolean } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-chaos-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=32m', 'tmpfs', dir]).status === 0;
    cleanups.push(() => {
        if (mounted) spawnSync('umount', ['-l', dir]);
        fs.rmSync(dir, { recursive: true, force: true });
    });
    return { dir, mounted };
}

/** `npm start` in a process group of its own; `expectExit` marks the one exit this script asks for. */
function server(env: Record<string, string>, port: number) {
    let child: ChildProcess | undefined;
    let expected = false;
    let log = '';
    // The whole log when it is to be kept (CHAOS_LOG), else its tail for a failure's message.
    const kept = process.env.CHAOS_LOG ? 20_000_000 : 20_000;
    const start = async () => {
        expected = false;
        child = spawn('npm', ['start'], { detached: true, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-kept)));
        child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-kept)));
        child.once('exit', (code, signal) => {
            if (!expected) problems.push(`The server exited by itself (code ${code}, signal ${signal}):\n${log.slice(-3000)}`);
        });
        // npm start builds the app first when its sources changed since the last build (minutes on a loaded machine).
        await secondsUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.ok === true, 600_000);
    };
    /** SIGTERM to npm's process, as a supervisor sends it; answers its exit code and the seconds it took. */
    const stop = async () => {
        expected = true;
        const running = child!;
        const exited = new Promise<number | null>((done) => running.once('exit', (code) => done(code)));
        const started = Date.now();
        running.kill('SIGTERM');
        const code = await exited;
        return { code, seconds: (Date.now() - started) / 1000 };
    };
    cleanups.push(() => {
        expected = true;
        if (child && child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    });
    return { start, stop, log: () => log };
}

async function signIn(origin: string, sink: Awaited<ReturnType<typeof smtpSink>>) {
    await fetch(`${origin}/api/user_login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN }) });
    let code: string | undefined;
    await secondsUntil(async () => Boolean((code = SIGN_IN_CODE.exec(lastMessageTo(sink, ADMIN, SIGN_IN_CODE) ?? '')?.[1])));
    const res = await fetch(`${origin}/api/userverify-otp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN, otp: code }) });
    return ((await res.json()) as { token: string }).token;
}

/** Takes a dependency away for OUTAGE_MS under the workload, and measures how soon `probe` succeeds once it is back. */
async function outage(name: string, proxy: FaultProxy, probe: () => Promise<boolean>, tally: Tally) {
    const before = { ...tally.byStatus };
    proxy.down();
    await sleep(OUTAGE_MS);
    proxy.up();
    const recovered = await secondsUntil(probe, 60_000);
    const answered503 = (tally.byStatus[503] ?? 0) - (before[503] ?? 0);
    figures[name] = { outageSeconds: OUTAGE_MS / 1000, answered503, secondsToServeAgain: recovered };
    if (recovered > RECOVERY_LIMIT_S) problems.push(`${name}: served again only ${recovered} s after it was back`);
}

async function checkWrites(databaseUrl: string, tally: Tally, origin: string) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
        const { rows } = await db.query<{ id: number; name: string; image: string | null }>('select id, name, image from banners');
        const byName = new Map<string, number>();
        for (const row of rows) byName.set(row.name, (byName.get(row.name) ?? 0) + 1);
        for (const [name, count] of byName) if (count > 1 && name.startsWith('Chaos')) problems.push(`Duplicate banner "${name}" (${count} rows): a retry made a second one`);
        for (const name of tally.acknowledged.keys()) if (!byName.has(name)) problems.push(`Acknowledged banner "${name}" is missing`);
        const unreadable: string[] = [];
        for (const row of rows.filter((r) => tally.acknowledged.has(r.name) && r.image)) {
            const res = await fetch(`${origin}${row.image}`);
            if (!res.ok) unreadable.push(`"${row.name}" (${row.image}: ${res.status})`);
        }
        if (unreadable.length) problems.push(`${unreadable.length} acknowledged banners' pictures do not read: ${unreadable.join(', ')}`);
        figures.writes = { acknowledged: tally.acknowledged.size, rows: rows.filter((r) => r.name.startsWith('Chaos')).length };
    } finally {
        await db.end();
    }
}

async function fillDisk(dir: string, origin: string, token: string, tally: Tally) {
    const filler = path.join(dir, 'filler');
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const fd = fs.openSync(filler, 'w');
    try {
        for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
    } finally {
        fs.closeSync(fd);
    }
    const form = new FormData();
    form.append('name', 'Disk full');
    form.append('description', 'x');
    form.append('image', new Blob([Buffer.alloc(600_000, 7)], { type: 'image/png' }), 'big.png');
    const res = await fetch(`${origin}/api/Baanner`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { message?: string };
    const readWhileFull = (await fetch(`${origin}/api/Baanner`, { headers: { authorization: `Bearer ${token}` } })).status;
    fs.rmSync(filler);
    const recovered = await secondsUntil(async () => {
        await createBanner(tally, origin, token, `Chaos after the disk ${Date.now()}`, 10_000);
        return true;
    });
    figures.diskFull = { uploadAnswered: res.status, message: body.message, readWhileFull, secondsToWriteAgain: recovered };
    if (res.status !== 507) problems.push(`A full disk answered ${res.status} ${body.message}, not 507`);
    if (readWhileFull !== 200) problems.push(`A read on a full disk answered ${readWhileFull}`);
}

try {
    const database = await freshDatabase(baseUrl, 'chaos');
    cleanups.push(() => database.drop());
    const standin = await s3Standin();
    cleanups.push(() => standin.close());
    const bucket = await standin.bucket('chaos');
    const sink = await smtpSink();
    cleanups.push(() => sink.close());
    const pgUrl = new URL(database.url);
    const pgProxy = await FaultProxy.start(Number(pgUrl.port || 5432), pgUrl.hostname);
    const redisProxy = await FaultProxy.start(6379);
    const s3Url = new URL(bucket.s3Endpoint);
    const s3Proxy = await FaultProxy.start(Number(s3Url.port), s3Url.hostname);
    for (const proxy of [pgProxy, redisProxy, s3Proxy]) cleanups.push(() => proxy.close());
    const disk = smallDisk();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = server(
        {
            ...bucketEnv({ ...bucket, s3Endpoint: `http://127.0.0.1:${s3Proxy.port}` }),
            DATABASE_URL: Object.assign(new URL(database.url), { hostname: '127.0.0.1', port: String(pgProxy.port) }).toString(),
            REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
            REDIS_KEY_PREFIX: `chaos:${Date.now()}:`,
            SMTP_URL: sink.url,
            DATA_DIR: disk.dir,
            // The disk is small on purpose (it is filled below): readiness must not count that against the server.
            MIN_FREE_DISK_MB: '1',
            ADMIN_EMAIL: ADMIN,
            SEED_DEMO: 'false',
            AUTH_RATE_LIMIT: '100000',
            LOG_LEVEL: 'warn',
            NODE_ENV: 'development',
        },
        port,
    );
    await app.start();
    const token = await signIn(origin, sink);
    const tally = newTally();
    const workload = runWorkload(tally, origin, token);
    await sleep(2_000);

    let asked = 0;
    await outage('database', pgProxy, async () => (await fetch(`${origin}/api/health`)).ok, tally);
    await outage('redis', redisProxy, async () => (await askCode(tally, origin, `someone${++asked}@chaos.test`))?.status === 200, tally);
    await outage('bucket', s3Proxy, async () => (await fetch(`${origin}/api/Baanner`, { headers: { authorization: `Bearer ${token}` } })).ok && tally.byStatus[201] > 0, tally);

    const stopped = await app.stop();
    figures.stop = stopped;
    if (stopped.code !== 0) problems.push(`SIGTERM to npm start: exit ${stopped.code}, not 0`);
    if (process.env.CHAOS_LOG) fs.writeFileSync(process.env.CHAOS_LOG, app.log());
    const restartedAt = Date.now();
    await app.start();
    figures.restartSeconds = (Date.now() - restartedAt) / 1000;
    await sleep(2_000);

    if (disk.mounted) await fillDisk(disk.dir, origin, token, tally);
    else figures.diskFull = 'skipped: a small disk needs root to mount tmpfs';

    await workload.stop();
    for (const error of workload.errors) problems.push(`Workload: ${error}`);
    for (const mute of tally.mute) problems.push(`A 5xx without a sentence: ${mute}`);
    // A dependency's absence is 503, a full disk 507: any other 5xx is a fault of ours (CHAOS_LOG has the server's log).
    for (const [status, count] of Object.entries(tally.byStatus)) {
        if (Number(status) >= 500 && status !== '503' && status !== '507') problems.push(`${count} answer(s) ${status}: a fault of ours, not a dependency's`);
    }
    await checkWrites(database.url, tally, origin);
    if (process.env.CHAOS_LOG) fs.writeFileSync(process.env.CHAOS_LOG, app.log());
    figures.requests = { sent: tally.sent, cutConnections: tally.cut, byStatus: tally.byStatus };
} catch (error) {
    problems.push(`The run itself failed: ${(error as Error).stack}`);
} finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
}

console.log(JSON.stringify(figures, null, 2));
if (problems.length) {
    console.error(`\nChaos test FAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
}
console.log('\nChaos test passed.');
process.exit(0);
