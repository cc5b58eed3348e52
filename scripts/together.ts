import { spawn } from 'node:child_process';

/**
 * `tsx scripts/together.ts typecheck lint`: runs npm scripts at the same time and fails when any fails. Type
 * checking and linting each keep one core busy for about a minute; on a two-core machine, side by side, they take
 * the time of the longer. CI runs the journeys beside the PostgreSQL suite, and its operators' tests two by two (each
 * waits on servers it starts and kills), the same way. Each one's output is printed whole when it ends, so they never
 * interleave.
 * `NAME=value` words before a script set its environment alone: `together.ts crash-test DATABASE_URL=postgres://… crash-test`.
 */
interface Run {
    script: string;
    env: Record<string, string>;
}

function run({ script, env }: Run): Promise<number> {
    const title = [...Object.keys(env).map((name) => `${name}=…`), script].join(' ');
    return new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
        const output: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
        child.on('close', (code) => {
            process.stdout.write(`── npm run ${title}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`);
            process.stdout.write(Buffer.concat(output));
            resolve(code ?? 1);
        });
    });
}

/** The scripts named, each with the `NAME=value` words just before it. */
function runsOf(words: string[]): Run[] {
    const runs: Run[] = [];
    let env: Record<string, string> = {};
    for (const word of words) {
        const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(word);
        if (assignment) env[assignment[1]] = assignment[2];
        else {
            runs.push({ script: word, env });
            env = {};
        }
    }
    if (Object.keys(env).length) throw new Error(`together.ts: ${Object.keys(env).join(', ')} set for no script`);
    return runs;
}

const codes = await Promise.all(runsOf(process.argv.slice(2)).map(run));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
