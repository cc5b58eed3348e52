import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
    headers: http.IncomingHttpHeaders;
    body: string;
    // The tests read into the events' data freely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    json: { id: string; type: string; createdAt: string; data: Record<string, any> };
    /** When the whole body was in (Date.now()). */
    at: number;
}

/** A webhook endpoint on 127.0.0.1 that keeps what it is posted and answers `status`; it can go down and come back on its port. */
export async function startReceiver(status = 200) {
    const received: Received[] = [];
    const server = http.createServer((request, response) => {
        let body = '';
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => (body += chunk));
        request.on('end', () => {
            received.push({ headers: request.headers, body, json: JSON.parse(body), at: Date.now() });
            response.writeHead(status, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        });
    });
    const listen = (port = 0) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await listen();
    const port = (server.address() as AddressInfo).port;
    const down = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return {
        url: `http://127.0.0.1:${port}/hooks`,
        received,
        /** The bodies of one event type, in the order they came. */
        of: (type: string) => received.filter((r) => r.json.type === type),
        down,
        up: () => listen(port),
        close: () => (server.listening ? down() : Promise.resolve()),
    };
}

/**
 * A webhook endpoint on 127.0.0.1 that takes each post's connection and never answers: the worst neighbour a
 * healthy endpoint can have. It counts the posts it holds at once, and the most it ever held.
 */
export async function startHangingReceiver() {
    const held = new Set<http.ServerResponse>();
    const counts = { now: 0, most: 0, posts: 0 };
    const server = http.createServer((request, response) => {
        held.add(response);
        counts.posts += 1;
        counts.most = Math.max(counts.most, held.size);
        counts.now = held.size;
        // The worker gives up (its timeout) and closes the connection: the post is no longer held.
        response.on('close', () => {
            held.delete(response);
            counts.now = held.size;
        });
        request.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return {
        url: `http://127.0.0.1:${port}/hooks`,
        counts,
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}
