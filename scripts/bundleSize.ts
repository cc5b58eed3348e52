import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The script a browser fetches for the sign-in page and for the first screen after signing in (the
 * dashboard), gzipped: the entry and its static imports (the main script), plus the app's chunk (react-admin:
 * src/renderAdmin.tsx), the layout's and each screen's own, with their static imports. `npm run build` prints
 * them, and the product list's; test/server/bundleSize.test.ts fails when the main script passes its goal (150 kB)
 * or either page grows past its ceiling.
 * The first goal was 250 kB for the two together; invoices, the order tools and the staff's daily screens took them
 * to 256.3 kB (sign-in page 248.1, dashboard 245.3, main script 233.8). Then the layout (app bar, menu, their icons,
 * MUI's drawer, menus and tooltip) and the snackbar moved into chunks of their own (main script 196.1 kB, sign-in
 * page 215.5 kB); then the sign-in page a signed-out visit opens with was drawn before react-admin is loaded
 * (src/main.tsx): the main script, which
 * is all that page fetches, went from 198.6 to 130.7 kB. A signed-in screen fetches react-admin as a chunk of its
 * own after the main script, in more files, which compress a little less: the dashboard from 255.1 to 266.6 kB,
 * in 40 files. What react-admin's chunk and the layout's import statically then came into their own files
 * (vite.config.ts, firstScreenChunks): the dashboard 256.2 kB in 11 files. Then the main script grew by 2.8 kB
 * on purpose, to 133.5 kB: a signed-in visit draws the app's frame from it at once (src/firstScreen/: MUI's app bar,
 * two icons, the lists' names), which took a phone's largest paint from 5.0 to 1.6 s; the dashboard to 257.6 kB.
 * Each page's ceiling sits just above, so that it only goes down. Safe retries (an Idempotency-Key with each
 * write, src/dataProvider/withIdempotencyKey.ts) and the sign-in's device token took the dashboard to 258.04 kB:
 * its ceiling 260 kB.
 * A ceiling just above the size blocked growth: the main script sat 0.25 kB under its ceiling. Each ceiling now
 * leaves about 2 kB for the app to grow by, and says so, and test/server/bundleSize.test.ts holds what an entity
 * costs (ENTITY_GROWTH_KB) so that new entities do not eat it: the main script 133.75 kB under 136 kB, the
 * dashboard 258.04 kB under 262 kB, of which 2 kB are for about ten more entities (0.17 kB each: their schemas,
 * which the data provider, the access check, the menu and the English words read at once).
 * The order desk, delivery slots, customers, the bulk price editor and MRP (their data provider methods, menu
 * entries, English words and the slot entity's schema, read at once) took the dashboard to 263.9 kB: its ceiling
 * 266 kB, the same 2 kB of room.
 * Script fetched later on demand is not counted: the tooltip's Popper
 * (when a tooltip first opens, see src/layout/LazyPopper.tsx) and every other view.
 */
export const MAIN_SCRIPT_GOAL_KB = 150;
export const SIGN_IN_LIMIT_KB = 136;
export const DASHBOARD_LIMIT_KB = 266;
/**
 * What ten more entities of the suppliers' size (scripts/lib/generatedEntities.ts) may add, gzipped. Their views
 * are the generated ones, fetched when first shown; the main script carries only each list's name in the first
 * screen's frame (0.16 kB for ten), the dashboard also their schemas (1.8 kB for ten).
 */
export const ENTITY_GROWTH_KB = { main: 1, dashboard: 2.5 };
/**
 * Files the dashboard's first load fetches: each is a request, on a phone's network a round trip. Twelve since the
 * dashboard's money formatting (MoneyField, 0.3 kB) is shared with the order desk's and the price list's views and
 * became a chunk of its own; fetched beside the others, in the same round trip over HTTP/2.
 */
export const DASHBOARD_FILES_LIMIT = 12;

// A static import in a built chunk: `import … from"./x.js"` or `import"./x.js"`; `import("./x.js")` is on demand.
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

/** The chunks fetched on demand that a first visit shows: the app (react-admin), its layout and the dashboard; and the product list. */
const SCREENS = { admin: 'renderAdmin', layout: 'Layout', dashboard: 'Dashboard', list: 'SchemaList' } as const;

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
    const [admin, layout, dashboard, list] = [SCREENS.admin, SCREENS.layout, SCREENS.dashboard, SCREENS.list].map(name => {
        const file = chunkOf(name);
        return file ? [file] : [];
    });
    const signedIn = [entry, ...admin, ...layout];
    // The dashboard fetches the main script too: what it fetches is what a first visit fetches up to the first screen.
    const both = closure(...signedIn, ...dashboard);
    const main = closure(entry);
    const mainKb = kb(main);
    const bothKb = kb(both);
    return {
        files: [...both].map(file => ({ file, gzip: sizeOf(file) })).sort((a, b) => b.gzip - a.gzip),
        /** The main script's files: what the sign-in page a signed-out visit opens with fetches. */
        mainFiles: [...main],
        /** Sign-in page and dashboard together: what a first visit fetches up to the first screen. */
        totalKb: bothKb,
        /** The main script: the entry and its static imports, what every address runs first; the sign-in page is drawn by it alone. */
        entryKb: mainKb,
        signInKb: mainKb,
        dashboardKb: bothKb,
        productListKb: kb(closure(...signedIn, ...list)),
        admin: admin.length > 0,
        dashboard: dashboard.length > 0,
    };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
    const { files, totalKb, entryKb, signInKb, dashboardKb, productListKb } = firstScreen(process.argv[2]);
    for (const { file, gzip } of files.slice(0, 8)) console.log(`${(gzip / 1024).toFixed(1).padStart(8)} kB  ${file}`);
    console.log(
        `Gzipped script: main ${entryKb.toFixed(1)} kB (goal ${MAIN_SCRIPT_GOAL_KB} kB), which is the sign-in page's (ceiling ${SIGN_IN_LIMIT_KB} kB), ` +
            `dashboard ${dashboardKb.toFixed(1)} kB (ceiling ${DASHBOARD_LIMIT_KB} kB), product list ${productListKb.toFixed(1)} kB; both first pages ${totalKb.toFixed(1)} kB in ${files.length} files`
    );
    if (signInKb > SIGN_IN_LIMIT_KB || dashboardKb > DASHBOARD_LIMIT_KB) process.exitCode = 1;
}
