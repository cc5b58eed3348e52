import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { BackupError } from './BackupError';

const run = promisify(execFile);

/** `pg_dump` or `pg_restore`'s version ("15.20"), or a sentence saying it is missing. */
export async function pgToolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<string> {
    try {
        const { stdout } = await run(tool, ['--version']);
        const version = /(\d+(?:\.\d+)*)/.exec(stdout)?.[1];
        if (!version) throw new Error(`unexpected answer: ${stdout.trim()}`);
        return version;
    } catch (error) {
        throw new BackupError(
            `${tool} is needed for a PostgreSQL shop and could not be run (${(error as Error).message.split('\n')[0]}). ` +
                `Install the PostgreSQL client of the server's major version (Debian/Ubuntu: apt-get install postgresql-client-<major>).`,
        );
    }
}

export const majorOf = (version: string) => Number(version.split('.')[0]);

/**
 * The URL without its password, and the environment that carries the password instead: a command line is
 * readable by every user of the machine (ps), the environment of a process only by its owner.
 */
export function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
    const url = new URL(databaseUrl);
    const password = decodeURIComponent(url.password);
    url.password = '';
    return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; a failure carries the tool's own words. */
export function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
    return new Promise((resolve, reject) => {
        const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', (error) => reject(new BackupError(`${tool} could not be run: ${error.message}`)));
        child.on('close', (code) => {
            if (code === 0) resolve(stdout);
            else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
        });
    });
}
