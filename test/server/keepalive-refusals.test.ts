// Not run again on PostgreSQL: refused before any SQL.
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { adminApp, catalogueBasics } from './catalogue';
import { fuzzRequests, type OpenApiDocument } from '../../scripts/lib/fuzzRequests';

/**
 * Refusals through a pooled keep-alive client against a real listening server: every
 * request, however malformed and whoever sends it, gets an answer the client reads, never a connection
 * reset under it (EPIPE, ECONNRESET) while it is still sending its body.
 */

const ROUTES = [
    ['DELETE', '/api/pincode/1'],
    ['POST', '/api/categories/bulk'],
    ['POST', '/api/managepage/bulk'],
] as const;
/** Bigger than a socket's buffers, and than the JSON body limit (1 MB): the client is still writing when it is refused. */
const BIG = 4 * 1024 * 1024;

interface Answer {
    status?: number;
    connection?: string;
    body: string;
    /** Errors the client saw on this request, before or after its answer. */
    errors: string[];
    socket?: Socket;
}

const agents: http.Agent[] = [];
afterEach(() => {
    while (agents.length) agents.pop()!.destroy();
});

/** A keep-alive pool of a few connections, as undici's or a browser's. */
function pool(port: number, maxSockets = 4) {
    const agent = new http.Agent({ keepAlive: true, maxSockets });
    agents.push(agent);
    const sockets = new Set<Socket>();
    /** Sends one request (the body whole, or in chunks without a length) and waits until its connection is done with it. */
    const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer | string, chunked = false): Promise<Answer> =>
        new Promise((resolve) => {
            const answer: Answer = { body: '', errors: [] };
            // Node's client frames a DELETE's body only when told to.
            const length = body === undefined ? {} : chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(Buffer.byteLength(body)) };
            const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...length } }, (res) => {
                answer.status = res.statusCode;
                answer.connection = res.headers.connection;
                res.setEncoding('utf8');
                res.on('data', (chunk: string) => (answer.body += chunk));
                res.on('error', (error: NodeJS.ErrnoException) => answer.errors.push(error.code ?? error.message));
            });
            req.on('socket', (socket: Socket) => {
                sockets.add(socket);
                answer.socket = socket;
            });
            req.on('error', (error: NodeJS.ErrnoException) => answer.errors.push(error.code ?? error.message));
            // A late EPIPE comes after the answer: give the connection a moment to report it.
            req.on('close', () => setTimeout(() => resolve(answer), 20));
            if (body !== undefined && chunked) {
                const data = Buffer.from(body);
                for (let at = 0; at < data.length; at += 64 * 1024) req.write(data.subarray(at, at + 64 * 1024));
            }
            req.end(body !== undefined && !chunked ? body : undefined);
        });
    return { send, sockets };
}

async function listening() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...t, port: (t.app.server.address() as AddressInfo).port };
}

/** A multipart body of about `size` bytes, with a file, sent to a route that takes none. */
function multipart(size: number) {
    const boundary = '----keepalive';
    const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        Buffer.alloc(size, 'x'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}

const describeAnswer = (what: string, answer: Answer) => `${what}: ${answer.status} ${answer.connection} [${answer.errors.join(', ')}] ${answer.body.slice(0, 120)}`;

/** Every answer a 4xx the client read whole, in our envelope, and no error on any request. */
function expectReadableRefusals(results: Array<[string, Answer]>) {
    for (const [what, answer] of results) {
        expect(answer.errors, describeAnswer(what, answer)).toEqual([]);
        expect(answer.status, describeAnswer(what, answer)).toBeGreaterThanOrEqual(400);
        expect(answer.status, describeAnswer(what, answer)).toBeLessThan(500);
        expect(JSON.parse(answer.body), describeAnswer(what, answer)).toMatchObject({ success: false });
    }
}

describe('refusals on a keep-alive connection', () => {
    it('answers bodies too big to read (415 multipart, 413 JSON, 401 unsigned), and the client reads each answer while still sending', async () => {
        const t = await listening();
        const { send } = pool(t.port);
        const results: Array<[string, Answer]> = [];
        const big = multipart(BIG);
        const json = `{"ids":[${'1,'.repeat(BIG / 2)}1],"action":"delete"}`;
        await Promise.all(
            Array.from({ length: 3 }, async (_, round) => {
                for (const [method, url] of ROUTES) {
                    for (const [who, auth] of [
                        ['admin', t.headers],
                        ['unsigned', {}],
                    ] as const) {
                        const what = `${round} ${who} ${method} ${url}`;
                        results.push([`${what} multipart`, await send(method, url, { ...auth, ...big.headers }, big.body)]);
                        results.push([`${what} multipart chunked`, await send(method, url, { ...auth, ...big.headers }, big.body, true)]);
                        results.push([`${what} json`, await send(method, url, { ...auth, 'content-type': 'application/json' }, json)]);
                    }
                }
                // An import over its size, refused from its Content-Length alone.
                results.push([`${round} import`, await send('POST', '/api/pincode/import', { ...t.headers, 'content-type': 'text/csv' }, `Pincode\n${'560034\n'.repeat(BIG / 7)}`)]);
            }),
        );
        expectReadableRefusals(results);
        expect(new Set(results.map(([, answer]) => answer.status))).toEqual(new Set([401, 413, 415]));
        // The body was not read whole: the answer says the connection closes, so the pool opens another.
        for (const [what, answer] of results) expect(answer.connection, describeAnswer(what, answer)).toBe('close');
        // The server still answers on the same pool.
        expect((await send('GET', '/api/health', {})).status).toBe(200);
    }, 60_000);

    it('answers the seeded fuzz run of those routes, signed in and not, and small refused bodies keep their connection', async () => {
        const t = await listening();
        const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
        const requests = fuzzRequests(doc, { seed: 19, perEndpoint: 60 }).filter((request) =>
            ROUTES.some(([method, url]) => request.method === method && request.endpoint.path === url.replace(/\/1$/, '/{id}')),
        );
        expect(requests.length).toBe(180);
        const { send, sockets } = pool(t.port);
        const results: Array<[string, Answer]> = [];
        for (const [who, auth] of [
            ['admin', t.headers],
            ['unsigned', {}],
        ] as const) {
            await Promise.all(
                Array.from({ length: 4 }, async (_, lane) => {
                    for (let i = lane; i < requests.length; i += 4) {
                        const request = requests[i];
                        const answer = await send(request.method, request.url, { ...request.headers, ...auth }, request.payload);
                        results.push([`${who} ${request.method} ${request.url.slice(0, 80)} ${request.kind} ${JSON.stringify(request.headers)}`, answer]);
                    }
                }),
            );
        }
        // A fuzzed DELETE may name a pincode that exists, or none: only the refusals are checked as such.
        for (const [what, answer] of results) expect(answer.errors, describeAnswer(what, answer)).toEqual([]);
        expectReadableRefusals(results.filter(([, answer]) => answer.status !== 200));
        expect(results.filter(([, answer]) => answer.status === 415).length).toBeGreaterThan(10);
        // Every body here was small enough to read whole: no refusal closed its connection, so the pool kept its four.
        expect(results.filter(([, answer]) => answer.connection === 'close').map(([what, answer]) => describeAnswer(what, answer))).toEqual([]);
        expect(sockets.size).toBeLessThanOrEqual(4);
    }, 60_000);

    it('reads on after an answer that closes the connection, so a client that goes on sending its body gets the answer and a clean close', async () => {
        const t = await listening();
        const { body, headers } = multipart(BIG);
        const head = [
            'POST /api/categories/bulk HTTP/1.1',
            'Host: 127.0.0.1',
            `Authorization: ${t.headers.authorization}`,
            `Content-Type: ${headers['content-type']}`,
            `Content-Length: ${body.length}`,
        ].join('\r\n');
        const seen = await new Promise<{ answer: string; errors: string[]; ended: boolean }>((resolve) => {
            // Half-open: the client hears the server's FIN and still finishes its body, as a busy client does.
            const socket = net.connect({ port: t.port, host: '127.0.0.1', allowHalfOpen: true });
            const result = { answer: '', errors: [] as string[], ended: false };
            socket.setEncoding('utf8');
            socket.on('data', (chunk: string) => (result.answer += chunk));
            socket.on('end', () => (result.ended = true));
            socket.on('error', (error: NodeJS.ErrnoException) => result.errors.push(error.code ?? error.message));
            socket.on('close', () => resolve(result));
            socket.write(`${head}\r\n\r\n`);
            let at = 0;
            const next = () => {
                if (socket.destroyed) return;
                if (at >= body.length) return void socket.end();
                socket.write(body.subarray(at, (at += 64 * 1024)));
                setTimeout(next, 2);
            };
            next();
        });
        expect(seen.errors).toEqual([]);
        expect(seen.ended).toBe(true);
        expect(seen.answer).toMatch(/^HTTP\/1\.1 415 /);
        expect(seen.answer).toMatch(/\r\nconnection: close\r\n/i);
        expect(JSON.parse(seen.answer.slice(seen.answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, message: 'This address does not take files; please send the fields as JSON' });
    }, 30_000);
});
