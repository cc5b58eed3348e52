import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the app only when what the build reads changed since the last build: the sources
 * (src/, schema/, public/), the page and the build's settings, the installed packages, and the VITE_*
 * variables (read when building). Their fingerprint (paths, sizes, contents' times) is kept beside the build
 * as dist/.sources; a start with the same fingerprint and a built index.html skips vite (≈ 9 s).
 */
const INPUTS = ['src', 'schema', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
export const STAMP = '.sources';

function filesUnder(root: string, entry: string): string[] {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) return [];
    if (fs.statSync(full).isFile()) return [entry];
    return fs
        .readdirSync(full, { recursive: true, withFileTypes: true })
        .filter(file => file.isFile())
        .map(file => path.relative(root, path.join(file.parentPath, file.name)));
}

/** The fingerprint of everything the build reads, in `root`, with these environment variables. */
export function sourcesFingerprint(root: string, env: NodeJS.ProcessEnv = process.env): string {
    const hash = createHash('sha256');
    for (const file of INPUTS.flatMap(entry => filesUnder(root, entry)).sort()) {
        const { size, mtimeMs } = fs.statSync(path.join(root, file));
        hash.update(`${file}\0${size}\0${mtimeMs}\n`);
    }
    for (const name of Object.keys(env).filter(key => key.startsWith('VITE_')).sort()) hash.update(`${name}=${env[name]}\n`);
    return hash.digest('hex');
}

/** True when there is no build in `dist`, or it was made from other sources than those in `root` now. */
export function needsBuild(root: string, dist = path.join(root, 'dist'), env: NodeJS.ProcessEnv = process.env): boolean {
    if (!fs.existsSync(path.join(dist, 'index.html'))) return true;
    const stamp = path.join(dist, STAMP);
    return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== sourcesFingerprint(root, env);
}

/** Builds with vite when needed, then records what it was built from. */
export function buildIfChanged(root = process.cwd()) {
    const dist = path.join(root, 'dist');
    if (!needsBuild(root, dist)) {
        console.log('The app is built from the current sources: not building again');
        return;
    }
    // Taken before building, so that a source saved during the build makes the next start build again.
    const fingerprint = sourcesFingerprint(root);
    execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    fs.writeFileSync(path.join(dist, STAMP), fingerprint);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfChanged();
