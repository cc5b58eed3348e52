// Not run again on PostgreSQL: its server is started on SQLite whatever the run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run serve` stopped as a supervisor stops it: SIGTERM to the whole process group (systemd's default), or
// to npm alone. The request in flight is answered, with Connection: close, and the process exits 0 by itself.

const children: ChildProcess[] = [];
afterEach(() => {
    for (const child of children.splice(0)) {
        if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
});

async function freePort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((done) => server.close(done));
    return port;
}

/** `npm run serve` in a process group of its own, on a fresh data dir; resolves once it says it is ready. */
async function serve() {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-stop-'));
    const child = spawn('npm', ['run', 'serve'], {
        detached: true,
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', DATABASE_URL: '', NODE_ENV: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    for (const started = Date.now(); !output.includes('Back-office ready'); ) {
        if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`The server did not start:\n${output}`);
        await new Promise((done) => setTimeout(done, 100));
    }
    return { child, port, exited, output: () => output };
}

/** A request whose body comes in two halves: sent up to the middle, finished when `finish()` is called. */
function halfSent(port: number) {
    const body = JSON.stringify({ email: 'someone@shop.test' });
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise<string>((done) => socket.once('close', () => done(answer)));
    socket.on('error', () => {});
    socket.write(
        `POST /api/user_login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
            body.slice(0, 10),
    );
    return { finish: () => socket.write(body.slice(10)), closed };
}

describe('stopping the server', () => {
    for (const target of ['the process group', 'npm alone'] as const) {
        it(`answers the request in flight and exits 0 on SIGTERM to ${target}`, async () => {
            const server = await serve();
            const request = halfSent(server.port);
            await new Promise((done) => setTimeout(done, 300));
            process.kill(target === 'npm alone' ? server.child.pid! : -server.child.pid!, 'SIGTERM');
            await new Promise((done) => setTimeout(done, 500));
            request.finish();

            const answer = await request.closed;
            expect(answer).toMatch(/^HTTP\/1\.1 200/);
            expect(answer, answer).toMatch(/\r\nconnection: close\r\n/i);
            expect(await server.exited).toBe(0);
            // One line says it stopped, as JSON, like every other line of the log.
            const stopped = server.output().split('\n').filter((line) => line.includes('"msg":"Stopped"'));
            expect(stopped).toHaveLength(1);
            expect(JSON.parse(stopped[0])).toMatchObject({ signal: 'SIGTERM' });
            // Nothing is left listening on the port.
            await expect(new Promise((done, fail) => net.connect(server.port, '127.0.0.1').once('connect', done).once('error', fail))).rejects.toThrow(/ECONNREFUSED/);
        }, 90_000);
    }
});
