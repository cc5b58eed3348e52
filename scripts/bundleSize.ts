import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The script a browser fetches for the sign-in page and for the first screen after signing in (the
 * dashboard), gzipped: the entry and its static imports (the main script), plus each screen's own chunk and its
 * static imports (after signing in, the layout's chunk too). `npm run build` prints them, and the product list's;
 * test/server/bundleSize.test.ts fails when either page grows past its ceiling.
 * Issue 13 asked for 250 kB for the two together; issues 22 and 24 took them to 256.3 kB (sign-in page 248.1,
 * dashboard 245.3, main script 233.8). Issue 26 moved the layout (app bar, menu, their icons, MUI's drawer, menus and
 * tooltip) and the snackbar out of the main script into chunks of their own, which the sign-in page never fetches:
 * main script 196.1 kB, sign-in page 215.5 kB; the dashboard fetches the same code as before in more files, which
 * compress a little less (252.6 kB; 253.04 with issue 24's landmarks, typed dates and zone names). Issue 25's
 * Webhooks screen (its menu entry, words and loader, 1.8 kB) and issue 24's redraw on a new time zone (0.3 kB) took
 * them to 217.9 and 255.1 kB (218.0 with the video library on /api/v1). Each page's ceiling sits just above, so that it only goes down.
 * The issue's goal of 150 kB for the main script is not reached: React and its DOM renderer, the router, react-admin's
 * core, MUI's styling and react-query make about 170 kB of what every screen runs first (README, "Performance").
 * Script fetched later on demand is not counted: the tooltip's Popper
 * (when a tooltip first opens, see src/layout/LazyPopper.tsx) and every other view.
 */
export const MAIN_SCRIPT_GOAL_KB = 150;
export const SIGN_IN_LIMIT_KB = 218.5;
export const DASHBOARD_LIMIT_KB = 256;

// A static import in a built chunk: `import … from"./x.js"` or `import"./x.js"`; `import("./x.js")` is on demand.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

/** The chunks fetched on demand that a first visit shows: the sign-in page, then the layout and the dashboard; and the product list. */
const SCREENS = { signIn: 'Login', layout: 'Layout', dashboard: 'Dashboard', list: 'SchemaList' } as const;

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
    const [signIn, layout, dashboard, list] = [SCREENS.signIn, SCREENS.layout, SCREENS.dashboard, SCREENS.list].map(name => {
        const file = chunkOf(name);
        return file ? [file] : [];
    });
    const both = closure(entry, ...signIn, ...layout, ...dashboard);
    return {
        files: [...both].map(file => ({ file, gzip: sizeOf(file) })).sort((a, b) => b.gzip - a.gzip),
        /** Sign-in page and dashboard together: what a first visit fetches up to the first screen. */
        totalKb: kb(both),
        /** The main script: the entry and its static imports, what every address runs first. */
        entryKb: kb(closure(entry)),
        signInKb: kb(closure(entry, ...signIn)),
        dashboardKb: kb(closure(entry, ...layout, ...dashboard)),
        productListKb: kb(closure(entry, ...layout, ...list)),
        signIn: signIn.length > 0,
        dashboard: dashboard.length > 0,
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
    const { files, totalKb, entryKb, signInKb, dashboardKb, productListKb } = firstScreen(process.argv[2]);
    for (const { file, gzip } of files.slice(0, 8)) console.log(`${(gzip / 1024).toFixed(1).padStart(8)} kB  ${file}`);
    console.log(
        `Gzipped script: main ${entryKb.toFixed(1)} kB (goal ${MAIN_SCRIPT_GOAL_KB} kB), sign-in page ${signInKb.toFixed(1)} kB (ceiling ${SIGN_IN_LIMIT_KB} kB), ` +
            `dashboard ${dashboardKb.toFixed(1)} kB (ceiling ${DASHBOARD_LIMIT_KB} kB), product list ${productListKb.toFixed(1)} kB; both first pages ${totalKb.toFixed(1)} kB in ${files.length} files`
    );
    if (signInKb > SIGN_IN_LIMIT_KB || dashboardKb > DASHBOARD_LIMIT_KB) process.exitCode = 1;
}
