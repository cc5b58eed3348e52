// Anonymous multipart flood against a spawned server, reporting the server's memory: `npm run bench:multipart`.
// 8 concurrent anonymous posts (BENCH_CLIENTS), each 20 file parts of 4.9 MB, to sign-in and upload routes:
// none of them may be buffered or written to disk (multipart is parsed only on routes that take files, and only
// after the access check). It fails when the server's peak RSS grows by 64 MB or more, or anything lands in tmp/.
// A measuring script, not a test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, rss } from './serverProbes';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const PARTS = 20;
const PART_BYTES = Math.round(4.9 * 1024 * 1024);
const LIMIT_MB = 64;
const MB = 1024 * 1024;
const BOUNDARY = '----benchAnonMultipart';
const ROUTES = ['/api/user_login', '/api/categories', '/api/products', '/api/Baanner', '/api/userverify-otp', '/api/profile/1/picture', '/api/uploadvideo', '/api/contact'];

const chunk = Buffer.alloc(256 * 1024, 0x61);

/** One anonymous post of PARTS file parts, written as fast as the server takes them; answers the status (0: cut off). */
function post(port: number, url: string): Promise<{ status: number; sentMb: number }> {
    const head = (i: number) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`);
    const length = Array.from({ length: PARTS }, (_, i) => head(i).length + PART_BYTES + 2).reduce((a, b) => a + b, 0) + `--${BOUNDARY}--\r\n`.length;
    return new Promise((resolve) => {
        let sent = 0;
        let status = 0;
        let done = false;
        const finish = () => {
            if (done) return;
            done = true;
            resolve({ status, sentMb: sent / MB });
        };
        const request = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: url,
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': length },
        });
        request.on('response', (response) => {
            status = response.statusCode!;
            response.resume().on('end', finish);
        });
        request.on('error', finish);
        request.on('close', finish);
        // Writes part after part, honouring back-pressure, until the body is whole or the server hung up.
        (async () => {
            const write = (buffer: Buffer) =>
                new Promise<void>((ok) => {
                    sent += buffer.length;
                    if (request.write(buffer)) ok();
                    else request.once('drain', ok);
                });
            for (let i = 0; i < PARTS && !request.destroyed && !done; i++) {
                await write(head(i));
                for (let left = PART_BYTES; left > 0 && !request.destroyed && !done; left -= chunk.length) await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
                await write(Buffer.from('\r\n'));
            }
            if (!request.destroyed) request.end(`--${BOUNDARY}--\r\n`);
        })().catch(finish);
    });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-multipart-'));
const port = await freePort();
// The server itself, not a wrapper, so that its pid is the process measured.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
});

let failed = false;
try {
    await new Promise<void>((resolve, reject) => {
        server.once('exit', (code) => reject(new Error(`The server exited (${code}) before it was ready`)));
        server.stdout!.on('data', (text: Buffer) => text.toString().includes('Back-office ready') && resolve());
    });
    server.stdout!.resume();
    // One round first, so what any first request loads is in the baseline.
    await post(port, ROUTES[0]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rss(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid!))), 20);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => post(port, ROUTES[i % ROUTES.length])));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = rss(server.pid!);
    peak = Math.max(peak, after);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    const leftovers = fs.readdirSync(path.join(dataDir, 'tmp')).length + fs.readdirSync(path.join(dataDir, 'uploads')).length;

    console.log(`${CLIENTS} anonymous posts of ${PARTS} × 4.9 MB (${((PARTS * PART_BYTES) / MB).toFixed(0)} MB each) in ${seconds.toFixed(1)} s:`);
    results.forEach((result, i) => console.log(`  ${ROUTES[i % ROUTES.length]}: ${result.status || 'cut off'} after ${result.sentMb.toFixed(1)} MB sent`));
    const growth = (peak - before) / MB;
    console.log(`Server RSS: ${(before / MB).toFixed(1)} MB before, ${(peak / MB).toFixed(1)} MB at peak, ${(after / MB).toFixed(1)} MB after: growth ${growth.toFixed(1)} MB (limit ${LIMIT_MB} MB)`);
    console.log(`Health afterwards: ${health.status}; files written: ${leftovers}`);
    const unanswered = results.filter((result) => result.status >= 500 || (result.status >= 200 && result.status < 300));
    if (growth >= LIMIT_MB || leftovers || health.status !== 200 || unanswered.length) {
        failed = true;
        console.error('FAILED: the server held, stored or accepted what an anonymous client sent');
    }
} catch (error) {
    failed = true;
    console.error(error);
} finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
