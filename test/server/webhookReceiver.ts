import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
    headers: http.IncomingHttpHeaders;
    body: string;
    // The tests read into the events' data freely.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    json: { id: string; type: string; createdAt: string; data: Record<string, any> };
}

/** A webhook endpoint on 127.0.0.1 that keeps what it is posted and answers `status`; it can go down and come back on its port. */
export async function startReceiver(status = 200) {
    const received: Received[] = [];
    const server = http.createServer((request, response) => {
        let body = '';
        request.setEncoding('utf8');
        request.on('data', (chunk: string) => (body += chunk));
        request.on('end', () => {
            received.push({ headers: request.headers, body, json: JSON.parse(body) });
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
