// Uploads a large generated video to a spawned server and reports the server's memory: `npm run bench:upload`
// (BENCH_UPLOAD_MB to vary, 500 by default). It fails when the server's peak RSS grows by 64 MB or more:
// the body must stream to disk, never be held in memory. A measuring script, not a test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { freePort, rss } from './serverProbes';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 500);
const LIMIT_MB = 64;
const ADMIN = 'admin@example.com';
const BOUNDARY = '----benchUploadBoundary8d2f';
const MB = 1024 * 1024;

/** `size` bytes of a video the server accepts: an MP4 `ftyp` box, then one `mdat` box of patterned bytes, made chunk by chunk. */
function* videoBytes(size: number) {
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
    const mdatHeader = Buffer.alloc(8);
    mdatHeader.writeUInt32BE(size - ftyp.length, 0);
    mdatHeader.write('mdat', 4);
    yield Buffer.concat([ftyp, mdatHeader]);
    const chunk = Buffer.alloc(256 * 1024);
    for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
    let left = size - ftyp.length - mdatHeader.length;
    while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        yield part;
    }
}

async function json(port: number, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
}

/** Signs in as the administrator with the code the server wrote to its outbox. */
async function signIn(port: number, dataDir: string): Promise<string> {
    await json(port, 'POST', '/api/user_login', { email: ADMIN });
    const outbox = path.join(dataDir, 'outbox');
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, fs.readdirSync(outbox).sort().at(-1)!), 'utf8')) as { text: string };
    const verified = await json(port, 'POST', '/api/userverify-otp', { email: ADMIN, otp: mail.text.match(/\b(\d{6})\b/)![1] });
    return String(verified.token);
}

/** Streams a multipart upload of `size` bytes; answers the status and body. */
function upload(port: number, token: string, size: number): Promise<{ status: number; body: string }> {
    const head = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="tags"\r\n\r\nbench\r\n` +
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="video"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    return new Promise((resolve, reject) => {
        const request = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/uploadvideo',
            headers: {
                authorization: `Bearer ${token}`,
                'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
                'content-length': head.length + size + tail.length,
            },
        });
        request.on('response', (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (text: string) => (body += text));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        request.on('error', reject);
        const parts = function* () {
            yield head;
            yield* videoBytes(size);
            yield tail;
        };
        pipeline(Readable.from(parts()), request).catch(reject);
    });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bench-upload-'));
const port = await freePort();
// The server itself, not a wrapper, so that its pid is the process measured.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', VIDEO_MAX_MB: String(SIZE_MB + 16) },
    stdio: ['ignore', 'pipe', 'inherit'],
});

try {
    await new Promise<void>((resolve, reject) => {
        server.once('exit', (code) => reject(new Error(`The server exited (${code}) before it was ready`)));
        server.stdout!.on('data', (text: Buffer) => text.toString().includes('Back-office ready') && resolve());
    });
    server.stdout!.resume();
    const token = await signIn(port, dataDir);

    // A small upload first, so that what any first upload loads (parsers, file-type) is in the baseline.
    await upload(port, token, MB);
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = rss(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(server.pid!))), 20);

    const started = performance.now();
    const result = await upload(port, token, SIZE_MB * MB);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rss(server.pid!));

    if (result.status !== 200) throw new Error(`The upload was answered ${result.status}: ${result.body}`);
    const video = (JSON.parse(result.body) as { video: { size: number } }).video;
    if (video.size !== SIZE_MB * MB) throw new Error(`The server stored ${video.size} bytes of ${SIZE_MB * MB}`);

    const growth = (peak - baseline) / MB;
    console.log(`Uploaded ${SIZE_MB} MB in ${seconds.toFixed(1)} s (${(SIZE_MB / seconds).toFixed(0)} MB/s over loopback)`);
    console.log(`Server RSS: ${(baseline / MB).toFixed(1)} MB before, ${(peak / MB).toFixed(1)} MB at peak: growth ${growth.toFixed(1)} MB (limit ${LIMIT_MB} MB)`);
    if (growth >= LIMIT_MB) {
        console.error(`FAIL: the server's memory grew by ${growth.toFixed(1)} MB during the upload`);
        process.exitCode = 1;
    }
} finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
}
