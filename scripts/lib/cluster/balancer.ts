// HAProxy (Debian's package) in front of the instances: round robin, health checks every 500 ms, a request
// that could not reach a dead instance sent to another. The sample configuration of docs/scaling.md is this one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Balancer {
    origin: string;
    close(): Promise<void>;
}

/** The configuration for `ports` behind `port`; the X-Forwarded-For it adds is what TRUST_PROXY=1 believes. */
export const haproxyConfig = (port: number, ports: number[]) =>
    [
        'global',
        '    maxconn 4096',
        'defaults',
        '    mode http',
        '    timeout connect 2s',
        '    timeout client 60s',
        '    timeout server 60s',
        '    retries 3',
        '    option redispatch',
        '    option forwardfor',
        'frontend shop',
        `    bind 127.0.0.1:${port}`,
        '    default_backend instances',
        'backend instances',
        '    balance roundrobin',
        '    option httpchk GET /api/health',
        ...ports.map((p, i) => `    server instance${i + 1} 127.0.0.1:${p} check inter 500 fall 2 rise 1`),
        '',
    ].join('\n');

export async function haproxy(port: number, ports: number[]): Promise<Balancer> {
    if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('HAProxy is not installed: apt-get install haproxy (.ci/run does)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
    const file = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(file, haproxyConfig(port, ports));
    const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stderr}`);
    const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    const origin = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
        if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${errors}`);
        if ((await fetch(`${origin}/api/health`).catch(() => undefined))?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return {
        origin,
        async close() {
            if (child.exitCode === null) {
                const done = new Promise((resolve) => child.once('exit', resolve));
                child.kill('SIGTERM');
                await done;
            }
            fs.rmSync(dir, { recursive: true, force: true });
        },
    };
}
