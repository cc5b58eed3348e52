import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The script a browser fetches for the sign-in page and for the first screen after signing in (the
 * dashboard), gzipped: the entry and its static imports, plus each screen's own chunk and its static imports.
 * `npm run build` prints them; test/server/bundleSize.test.ts fails when the two together grow past the ceiling.
 * Issue 13 asks for 250 kB; they weigh 249.8 kB (sign-in page 242.1, dashboard 239.6), and the ceiling sits a
 * few kB above so that it only goes down. Issue 22's order tools, invoices and mail settings took it to 253.2 kB (their
 * words and fields are on the first screen's menu and forms): the ceiling is 256 until issue 26 splits the first load.
 * Script fetched later on demand is not counted: the tooltip's Popper
 * (when a tooltip first opens, see src/layout/LazyPopper.tsx) and every other view.
 */
export const FIRST_SCREEN_GOAL_KB = 250;
export const FIRST_SCREEN_LIMIT_KB = 256;

// A static import in a built chunk: `import … from"./x.js"` or `import"./x.js"`; `import("./x.js")` is on demand.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

/** The screens fetched on demand that a first visit shows: the sign-in page, then the dashboard. */
const SCREENS = { signIn: 'Login', dashboard: 'Dashboard' } as const;

/** The script a browser fetches for the sign-in page and the first screen, read from the build itself. */
export function firstScreen(dist = 'dist') {
    const assets = path.join(dist, 'assets');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = html.match(/<script[^>]+src="\/assets\/([\w.-]+\.js)"/)?.[1];
    if (!entry) throw new Error(`No entry script in ${dist}/index.html`);
    const gzip = new Map<string, number>();
    const sizeOf = (file: string) => gzip.get(file) ?? gzip.set(file, gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length).get(file)!;
    /** A chunk with everything it imports statically: what the browser fetches before it runs. */
    const closure = (...starts: string[]) => {
        const files = new Set<string>();
        const visit = (file: string) => {
            if (files.has(file)) return;
            files.add(file);
            for (const [, imported] of fs.readFileSync(path.join(assets, file), 'utf8').matchAll(STATIC_IMPORT)) visit(imported);
        };
        starts.forEach(visit);
        return files;
    };
    const kb = (files: Set<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
    const chunkOf = (name: string) => fs.readdirSync(assets).find(file => new RegExp(`^${name}-[\\w-]+\\.js$`).test(file));
    const signInChunk = chunkOf(SCREENS.signIn);
    const dashboardChunk = chunkOf(SCREENS.dashboard);
    const both = closure(entry, ...[signInChunk, dashboardChunk].filter((file): file is string => Boolean(file)));
    return {
        files: [...both].map(file => ({ file, gzip: sizeOf(file) })).sort((a, b) => b.gzip - a.gzip),
        /** Sign-in page and dashboard together: what a first visit fetches up to the first screen. */
        totalKb: kb(both),
        entryKb: kb(closure(entry)),
        signInKb: kb(closure(entry, ...(signInChunk ? [signInChunk] : []))),
        dashboardKb: kb(closure(entry, ...(dashboardChunk ? [dashboardChunk] : []))),
        signIn: Boolean(signInChunk),
        dashboard: Boolean(dashboardChunk),
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
    const { files, totalKb, entryKb, signInKb, dashboardKb } = firstScreen(process.argv[2]);
    for (const { file, gzip } of files.slice(0, 8)) console.log(`${(gzip / 1024).toFixed(1).padStart(8)} kB  ${file}`);
    console.log(
        `Gzipped script: entry ${entryKb.toFixed(1)} kB, sign-in page ${signInKb.toFixed(1)} kB, dashboard ${dashboardKb.toFixed(1)} kB; ` +
            `both ${totalKb.toFixed(1)} kB in ${files.length} files (ceiling ${FIRST_SCREEN_LIMIT_KB} kB, goal ${FIRST_SCREEN_GOAL_KB} kB)`
    );
    if (totalKb > FIRST_SCREEN_LIMIT_KB) process.exitCode = 1;
}
