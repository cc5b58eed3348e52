import { spawn } from 'node:child_process';

/**
 * `tsx scripts/together.ts typecheck lint`: runs npm scripts at the same time and fails when any fails. Type
 * checking and linting each keep one core busy for about a minute; on a two-core machine, side by side, they
 * take the time of the longer. CI runs the journeys (mostly waiting on Chromium) beside the PostgreSQL suite
 * (mostly waiting on its database) the same way. Each one's output is printed whole when it ends, so the two never interleave.
 */
function run(script: string): Promise<number> {
    return new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('close', (code) => {
            process.stdout.write(`── npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`);
            process.stdout.write(Buffer.concat(output));
            resolve(code ?? 1);
        });
    });
}

const scripts = process.argv.slice(2);
const codes = await Promise.all(scripts.map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
