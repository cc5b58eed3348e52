// The server's hardening, each item proved against the real server: sign-in bounds, the mail queue against a
// real (local) SMTP server, timeouts against a real slow socket, malformed multipart, the start-up sweep,
// no-store, and the envelope for bad URLs. Both databases (TEST_DATABASE_URL).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './helpers';
import { smtpSink } from './smtpSink';
import { createUser, form, lastCode, makeApp, PNG, signIn } from './helpers';
import { buildApp } from '../../server/app';
import { MAX_TRIES, UNKNOWN_DEVICE_FAILURES } from '../../server/features/signIn/signInRoutes';
import { nowIso } from '../../server/infra/time';

afterEach(() => {
    vi.useRealTimers();
});

const login = (t: TestApp, email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email }, remoteAddress });
const verify = (t: TestApp, email: string, otp: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp }, remoteAddress });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** Moves the clock (Date only) forward by `ms` from wherever it is now. */
function later(ms: number) {
    vi.useFakeTimers({ now: Date.now() + ms, toFake: ['Date'] });
}

describe('sign-in bounds', () => {
    it(`holds unknown devices back after ${UNKNOWN_DEVICE_FAILURES} wrong codes for an address, with a wait that grows with each further spent code`, async () => {
        const t = await makeApp({ authLockoutMs: 60_000 });
        const email = 'bound@shop.test';
        await createUser(t.app, email);
        // Ten codes, each spent by its five wrong tries.
        for (let i = 0; i < UNKNOWN_DEVICE_FAILURES / MAX_TRIES; i++) {
            expect((await login(t, email)).statusCode, `code ${i + 1}`).toBe(200);
            const wrong = wrongFor(await lastCode(t.config, email));
            for (let j = 0; j < MAX_TRIES; j++) expect((await verify(t, email, wrong)).statusCode).toBe(401);
        }
        // The bound is reached: no new code for an unknown device for a minute (AUTH_LOCKOUT_MS).
        const held = await login(t, email);
        expect(held.statusCode).toBe(429);
        expect(held.json().message).toBe('Too many wrong codes for this address. Please try again in 1 minute.');

        // After the minute one more spent code doubles the wait.
        later(60_000 + 1000);
        expect((await login(t, email)).statusCode).toBe(200);
        const spent = await lastCode(t.config, email);
        for (let j = 0; j < MAX_TRIES; j++) expect((await verify(t, email, wrongFor(spent))).statusCode).toBe(401);
        expect((await login(t, email)).json().message).toBe('Too many wrong codes for this address. Please try again in 2 minutes.');
        later(2 * 60_000 + 1000);
        // Past the wait a new code signs in, and the count starts again.
        expect((await login(t, email)).statusCode).toBe(200);
        expect((await verify(t, email, await lastCode(t.config, email))).statusCode).toBe(200);
        expect(await t.app.db.selectFrom('signInFailures').selectAll().where('email', '=', email).executeTakeFirst()).toBeUndefined();
    }, 60_000);

    it("keeps the code of the owner's device working after a stranger's wrong tries, while the stranger is throttled", async () => {
        const t = await makeApp({ authRateLimit: 8 });
        const email = 'owner@shop.test';
        const owner = '10.0.0.1';
        const stranger = '10.0.0.66';
        await createUser(t.app, email);
        expect((await login(t, email, owner)).statusCode).toBe(200);
        const first = await verify(t, email, await lastCode(t.config, email), owner);
        const device = { 'x-device-token': first.json().deviceToken as string };
        const asked = await t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email }, remoteAddress: owner, headers: device });
        expect(asked.statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        // The stranger's guesses never reach the device's code; then the per-client limit.
        const tries = [];
        for (let i = 0; i < 9; i++) tries.push((await verify(t, email, wrongFor(code), stranger)).statusCode);
        expect(tries).toEqual([...Array(8).fill(401), 429]);
        const signedIn = await t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp: code }, remoteAddress: owner, headers: device });
        expect(signedIn.statusCode).toBe(200);
    });
});

const freePort = () =>
    new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
            const { port } = probe.address() as net.AddressInfo;
            probe.close(() => resolve(port));
        });
    });

describe('mail queue', () => {
    it('keeps a code while the mail server is down and delivers it once the server is back', async () => {
        // Nothing listens on the port yet: every delivery is refused.
        const port = await freePort();
        const t = await makeApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
        const email = 'queued@shop.test';
        await createUser(t.app, email);
        expect((await login(t, email)).statusCode).toBe(200);
        await t.app.mailer.flush();
        const waiting = await t.app.db.selectFrom('mailQueue').selectAll().where('toAddress', '=', email).executeTakeFirstOrThrow();
        expect(waiting).toMatchObject({ sentAt: null, attempts: 1 });
        expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
        // Not retried before its wait (30 s) is up.
        await t.app.mailer.flush();
        expect((await t.app.db.selectFrom('mailQueue').select('attempts').where('id', '=', waiting.id).executeTakeFirstOrThrow()).attempts).toBe(1);

        const sink = await smtpSink(port);
        try {
            later(31_000);
            await t.app.mailer.flush();
            expect(sink.messages).toHaveLength(1);
            const code = sink.messages[0].match(/code is (\d{6})/)![1];
            const sent = await t.app.db.selectFrom('mailQueue').selectAll().where('id', '=', waiting.id).executeTakeFirstOrThrow();
            expect(sent.sentAt).not.toBeNull();
            expect(sent.attempts).toBe(2);
            // The queued code still signs in, and nothing of it is kept once sent.
            expect(sent.body).toBe('');
            expect((await verify(t, email, code)).statusCode).toBe(200);
        } finally {
            await sink.close();
        }
    });
});

describe('slow clients', () => {
    /** A raw client on a listening server: writes `text` a byte every `everyMs`; answers what came back and when the server closed. */
    function dribble(port: number, text: string, everyMs: number, prefix = '') {
        return new Promise<{ answer: string; ms: number }>((resolve) => {
            const started = Date.now();
            const socket = net.connect(port, '127.0.0.1', () => socket.write(prefix));
            let answer = '';
            let i = 0;
            const timer = setInterval(() => {
                if (i < text.length && socket.writable) socket.write(text[i++]);
            }, everyMs);
            socket.on('data', (chunk) => (answer += chunk.toString()));
            socket.on('error', () => {});
            socket.on('close', () => {
                clearInterval(timer);
                resolve({ answer, ms: Date.now() - started });
            });
        });
    }

    async function listening(overrides: Parameters<typeof makeApp>[0]) {
        const t = await makeApp(overrides);
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        return { ...t, port: (t.app.server.address() as net.AddressInfo).port };
    }

    it('answers a body trickled a byte at a time with 408 and closes the connection', async () => {
        const { port } = await listening({ requestTimeoutMs: 600 });
        const body = JSON.stringify({ email: 'slow@shop.test' });
        const head = `POST /api/user_login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
        const result = await dribble(port, body, 100, head);
        expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
        expect(result.answer).toContain('"success":false');
        // Cut off near the limit, long before the body (30 bytes at 100 ms) could have arrived.
        expect(result.ms).toBeLessThan(2500);
    });

    it('closes a connection whose headers never finish', async () => {
        const { port } = await listening({ headersTimeoutMs: 500 });
        const started = Date.now();
        // Node checks header deadlines on a timer (every 30 s at most), so the cut comes within that.
        const result = await dribble(port, `GET /api/health HTTP/1.1\r\nHost: x\r\n${'X-Slow: y\r\n'.repeat(200)}`, 20);
        expect(result.answer).toMatch(/^HTTP\/1\.1 408|^$/);
        expect(Date.now() - started).toBeLessThan(35_000);
        expect(result.ms).toBeGreaterThanOrEqual(500);
    }, 45_000);
});

describe('multipart', () => {
    const boundary = '----hardening';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nTea\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies: Array<[string, string, string | Buffer]> = [
        ['cut off mid-file', `multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(part), PNG.subarray(0, 20)])],
        ['no boundary', 'multipart/form-data', Buffer.concat([Buffer.from(part), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)])],
        ['garbage', `multipart/form-data; boundary=${boundary}`, 'this is not multipart at all'],
    ];
    /** What is left in tmp/ once the answer's clean-up (which runs just after it is sent) had its moment. */
    const tmpFiles = async (t: TestApp) => {
        const dir = path.join(t.config.dataDir, 'tmp');
        for (let i = 0; i < 20 && fs.readdirSync(dir).length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        return fs.readdirSync(dir);
    };

    it('refuses malformed bodies with 400 when signed in, and reads none of them anonymously', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        for (const [what, type, payload] of bodies) {
            const signedIn = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...headers, 'content-type': type }, payload });
            expect(signedIn.statusCode, what).toBe(400);
            expect(signedIn.json().success, what).toBe(false);
            const anonymous = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { 'content-type': type }, payload });
            // The access check comes before the parser: a stranger's body is never read, let alone stored.
            expect(anonymous.statusCode, what).toBe(401);
            expect(anonymous.json().success, what).toBe(false);
            // A public route that takes no files refuses multipart without reading it.
            const publicRoute = await t.app.inject({ method: 'POST', url: '/api/user_login', headers: { 'content-type': type }, payload });
            expect(publicRoute.statusCode, what).toBe(415);
        }
        expect(await tmpFiles(t)).toEqual([]);
        expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    });

    it('refuses a named image part of zero bytes on create, and stores nothing', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'POST', url: '/api/Baanner', headers, payload: form({ name: 'Diwali', description: 'Sale', image: Buffer.alloc(0) }) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, errors: { image: 'The file sent as image is empty' } });
        expect((await t.app.inject({ method: 'GET', url: '/api/Baanner', headers })).json()).toEqual([]);
        expect(await tmpFiles(t)).toEqual([]);
    });
});

describe('image replacement', () => {
    it('leaves exactly one file when several updates replace the same image at once (no orphans)', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        await t.app.inject({ method: 'POST', url: '/api/categories', headers, payload: form({ name: 'Tea', description: 'Assam', image: PNG }) });
        const updates = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/categories/1', headers, payload: form({ image: PNG }) })));
        expect(updates.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
        const { image } = (await t.app.inject({ method: 'GET', url: '/api/categories/1', headers })).json();
        expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([image.replace('/uploads/', '')]);
    });
});

describe('start-up sweep', () => {
    it('moves in staged images a committed row points at, and deletes the rest of what a crash left in tmp/', async () => {
        const first = await makeApp();
        const tmp = path.join(first.config.dataDir, 'tmp');
        const uploads = path.join(first.config.dataDir, 'uploads');
        const now = nowIso();
        // The crash came after the row was committed, before its image was moved into place.
        await first.app.db.insertInto('categories').values({ name: 'Tea', description: 'Assam', image: '/uploads/committed-1.png', status: 1, createdAt: now, updatedAt: now }).execute();
        fs.writeFileSync(path.join(tmp, 'committed-1.png'), PNG);
        // …and before any row pointed at this one; and mid-upload for the last.
        fs.writeFileSync(path.join(tmp, 'unreferenced-2.png'), PNG);
        fs.writeFileSync(path.join(tmp, '3f1c-half.upload'), 'partial');
        const again = await buildApp(first.config, false);
        await again.close();
        expect(fs.readdirSync(tmp)).toEqual([]);
        expect(fs.readdirSync(uploads)).toEqual(['committed-1.png']);
    });
});

describe('answers', () => {
    it('marks signed-in JSON answers no-store', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        for (const url of ['/api/categories', '/api/me', '/api/users?perPage=5']) {
            const res = await t.app.inject({ method: 'GET', url, headers });
            expect(res.statusCode, url).toBe(200);
            expect(res.headers['cache-control'], url).toBe('no-store');
        }
    });

    it('answers a malformed address with the error envelope', async () => {
        const { app } = await makeApp();
        for (const url of ['/api/categories/%E0%A4%A', '/api/%', '/api/users?x=%zz%']) {
            const res = await app.inject({ method: 'GET', url });
            expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, url).toBeLessThan(500);
            expect(res.json(), url).toMatchObject({ success: false });
        }
        const bad = await app.inject({ method: 'GET', url: '/api/categories/%E0%A4%A' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ success: false, message: 'The address is not valid', error: 'The address is not valid' });
    });

    it('refuses numbers written 1e400 or Infinity in the query and path with 400 (they read as Infinity)', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        for (const url of ['/api/users?perPage=1e400', '/api/categories?page=Infinity', '/api/activity?perPage=1e400', '/api/categories/1e400']) {
            const res = await t.app.inject({ method: 'GET', url, headers });
            expect(res.statusCode, url).toBe(400);
            expect(res.json().success, url).toBe(false);
        }
        expect((await t.app.inject({ method: 'GET', url: '/api/users?perPage=1e400', headers })).json().message).toBe('Per page must be a finite number');
    });
});
