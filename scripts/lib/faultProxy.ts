import net from 'node:net';
import { Transform } from 'node:stream';

/**
 * A TCP proxy on 127.0.0.1 in front of a dependency (PostgreSQL, Redis, the bucket) that a test controls: it can
 * cut every connection at once (a restart), refuse new ones for a while (down), or hold new ones without an answer
 * (a network that drops packets). What the server sees is what it would see of the real fault.
 */
export class FaultProxy {
    private readonly sockets = new Set<net.Socket>();
    private mode: 'up' | 'down' | 'silent' = 'up';
    private trap?: { sent: Buffer; answered: Buffer; sprung: () => void };

    private constructor(
        private readonly server: net.Server,
        readonly port: number,
    ) {}

    static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<FaultProxy> {
        const server = net.createServer();
        await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
        const proxy = new FaultProxy(server, (server.address() as net.AddressInfo).port);
        server.on('connection', (client) => proxy.accept(client, targetPort, targetHost));
        return proxy;
    }

    private accept(client: net.Socket, port: number, host: string) {
        client.on('error', () => {});
        if (this.mode === 'down') return void client.destroy();
        this.sockets.add(client);
        client.once('close', () => this.sockets.delete(client));
        // Silent: the connection is taken and nothing ever comes back.
        if (this.mode === 'silent') return;
        const upstream = net.connect(port, host);
        this.sockets.add(upstream);
        upstream.once('close', () => {
            this.sockets.delete(upstream);
            client.destroy();
        });
        client.once('close', () => upstream.destroy());
        upstream.on('error', () => {});
        let marked = false;
        // Pass-through unless a trap is set (downAfter): then each direction is looked at for its bytes.
        const sent = new Transform({
            transform: (chunk: Buffer, _encoding, done) => {
                if (this.trap && chunk.includes(this.trap.sent)) marked = true;
                done(null, chunk);
            },
        });
        const answered = new Transform({
            transform: (chunk: Buffer, _encoding, done) => {
                const trap = this.trap;
                if (!marked || !trap || !chunk.includes(trap.answered)) return done(null, chunk);
                this.trap = undefined;
                this.down();
                trap.sprung();
                done();
            },
        });
        client.pipe(sent).pipe(upstream).pipe(answered).pipe(client);
    }

    /**
     * Once a connection has sent `sent`, its first answer holding `answered` is never delivered: the proxy goes
     * down instead (as `down()`). The dependency did the work, the server never hears so — for PostgreSQL, a
     * COMMIT that committed and whose acknowledgement was lost. Resolves when it has happened.
     */
    downAfter(sent: string | Buffer, answered: string | Buffer): Promise<void> {
        return new Promise((sprung) => (this.trap = { sent: Buffer.from(sent), answered: Buffer.from(answered), sprung }));
    }

    /** Every open connection reset, as a restart of the dependency does; new ones go through. */
    cut(): void {
        for (const socket of this.sockets) socket.destroy();
    }

    /** Cut, and new connections refused until `up()`. */
    down(): void {
        this.mode = 'down';
        this.cut();
    }

    /** Cut, and new connections taken but never answered until `up()`. */
    silent(): void {
        this.mode = 'silent';
        this.cut();
    }

    up(): void {
        this.mode = 'up';
    }

    async close(): Promise<void> {
        this.cut();
        await new Promise((done) => this.server.close(done));
    }
}
