// One server process of the cluster: server/main.ts as an operator starts it, its log kept line by line.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A log record of the server's (pino, one JSON object per line). */
export type LogRecord = Record<string, unknown> & { msg?: string };

export interface Instance {
    readonly name: string;
    readonly port: number;
    readonly origin: string;
    /** Every log record this instance has written, over all its starts. */
    readonly records: LogRecord[];
    start(): Promise<void>;
    /** SIGKILL: no shutdown, nothing flushed. */
    kill(): Promise<void>;
    /** SIGTERM and wait: the server's own graceful close. */
    stop(): Promise<void>;
    /** The last lines it printed, for a failure's message. */
    tail(): string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An instance on `port` with the shared environment `env` and a DATA_DIR of its own, removed by `remove`. */
export function instance(name: string, port: number, env: Record<string, string>): Instance & { remove(): void } {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backoffice-${name}-`));
    const origin = `http://127.0.0.1:${port}`;
    const records: LogRecord[] = [];
    let child: ChildProcess | undefined;
    let text = '';

    const read = (chunk: Buffer) => {
        text += chunk.toString();
        const lines = text.split('\n');
        text = lines.pop()!;
        for (const line of lines) {
            if (!line.startsWith('{')) continue;
            try {
                records.push(JSON.parse(line) as LogRecord);
            } catch {
                // A plain line of the start-up banner.
            }
        }
    };
    let recent = '';
    const keep = (chunk: Buffer) => (recent = (recent + chunk.toString()).slice(-8000));

    async function exited(signal: NodeJS.Signals) {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        const done = new Promise((resolve) => running.once('exit', resolve));
        running.kill(signal);
        await done;
    }

    return {
        name,
        port,
        origin,
        records,
        async start() {
            child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
                env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
                stdio: ['ignore', 'pipe', 'pipe'],
            });
            child.stdout!.on('data', (chunk: Buffer) => (read(chunk), keep(chunk)));
            child.stderr!.on('data', keep);
            const deadline = Date.now() + 120_000;
            while (Date.now() < deadline) {
                if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${recent}`);
                const health = await fetch(`${origin}/api/health`).catch(() => undefined);
                if (health?.ok) return;
                await sleep(100);
            }
            throw new Error(`${name} did not answer within two minutes:\n${recent}`);
        },
        kill: () => exited('SIGKILL'),
        stop: () => exited('SIGTERM'),
        tail: () => recent,
        remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
}
