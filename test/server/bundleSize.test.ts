// Not run again on PostgreSQL: a Vite build, no database.
// The built app's first load, held under its ceilings. Here rather than in test/app: it builds with Vite in Node, no browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DASHBOARD_FILES_LIMIT, DASHBOARD_LIMIT_KB, ENTITY_GROWTH_KB, firstScreen, MAIN_SCRIPT_GOAL_KB, SIGN_IN_LIMIT_KB } from '../../scripts/bundleSize';
import { needsBuild } from '../../scripts/buildIfChanged';
import { buildWithEntities } from '../../scripts/lib/generatedEntities';

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bundle-'));
const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-entities-'));
afterAll(() => [tempDir, copyDir].forEach(dir => fs.rmSync(dir, { recursive: true, force: true })));
/** The build checked: `dist/` when it was made from the sources as they are now (CI builds once for all), else a fresh one. */
let outDir = tempDir;

beforeAll(async () => {
    if (!needsBuild(process.cwd())) {
        outDir = path.resolve('dist');
        return;
    }
    // As `npm run build` makes it: Vitest sets NODE_ENV to 'test', which would build React's development files.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
        await build({ mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    } finally {
        process.env.NODE_ENV = nodeEnv;
    }
}, 180_000);

describe('the first load', () => {
    it(`stays under ${SIGN_IN_LIMIT_KB} kB of gzipped script for the sign-in page (the main script, goal ${MAIN_SCRIPT_GOAL_KB} kB) and ${DASHBOARD_LIMIT_KB} kB in ${DASHBOARD_FILES_LIMIT} files for the dashboard`, () => {
        const { entryKb, signInKb, dashboardKb, files, mainFiles, dashboard, admin } = firstScreen(outDir);

        expect(dashboard, 'the dashboard is a chunk of its own').toBe(true);
        expect(admin, 'react-admin comes in a chunk of its own (renderAdmin)').toBe(true);
        const listing = files.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)} kB`).join('\n');
        expect(entryKb, listing).toBeLessThanOrEqual(MAIN_SCRIPT_GOAL_KB);
        expect(signInKb, listing).toBeLessThanOrEqual(SIGN_IN_LIMIT_KB);
        expect(dashboardKb, listing).toBeLessThanOrEqual(DASHBOARD_LIMIT_KB);
        expect(files.length, listing).toBeLessThanOrEqual(DASHBOARD_FILES_LIMIT);
        // The sign-in page runs without react-admin's app: none of its chunks is in the main script.
        expect(mainFiles.filter(file => /^(renderAdmin|Layout|Dashboard|Login)-/.test(file))).toEqual([]);
        // Views load on demand: no list, form, page of its own, chart, rich-text editor or tooltip positioning rides on the first load.
        expect(
            files.map(({ file }) => file).filter(file => /^(SchemaList|SchemaEdit|SchemaInput|ProductViews|UserList|VideoUploads|Profile|RevenuePlot|Popper|hi)-/.test(file))
        ).toEqual([]);
    });

    it(`grows by under ${ENTITY_GROWTH_KB.main} kB (main script) and ${ENTITY_GROWTH_KB.dashboard} kB (dashboard) with ten more entities`, { timeout: 300_000 }, async () => {
        const plain = firstScreen(outDir);
        const grown = firstScreen(await buildWithEntities(10, copyDir));
        const growth = { main: grown.entryKb - plain.entryKb, dashboard: grown.dashboardKb - plain.dashboardKb };
        const listing = grown.files.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(2)} kB`).join('\n');
        // Not nothing: the first screen's frame names each list (src/firstScreen/), and the menu links to it.
        expect(growth.main, listing).toBeGreaterThan(0);
        expect(growth.main, listing).toBeLessThan(ENTITY_GROWTH_KB.main);
        expect(growth.dashboard, listing).toBeLessThan(ENTITY_GROWTH_KB.dashboard);
        // Their screens are fetched with them, in the generated views' chunks, not in the first load's files.
        expect(grown.files.length, listing).toBe(plain.files.length);
    });
});
