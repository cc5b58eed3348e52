// What the scripts that start a server of their own ask about it: a port to give it, its memory.
import fs from 'node:fs';
import net from 'node:net';

/** A TCP port free on the loopback now, for a server a script starts. */
export const freePort = () =>
    new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
            const { port } = probe.address() as net.AddressInfo;
            probe.close(() => resolve(port));
        });
    });

/** A process's resident memory, from /proc (Linux), in bytes. */
export function rss(pid: number): number {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}
