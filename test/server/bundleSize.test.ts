// The built app's first load (issue 13). Here rather than in test/app: it builds with Vite in Node, no browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { DASHBOARD_FILES_LIMIT, DASHBOARD_LIMIT_KB, firstScreen, MAIN_SCRIPT_GOAL_KB, SIGN_IN_LIMIT_KB } from '../../scripts/bundleSize';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bundle-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the first load', () => {
    it(`stays under ${SIGN_IN_LIMIT_KB} kB of gzipped script for the sign-in page (the main script, goal ${MAIN_SCRIPT_GOAL_KB} kB) and ${DASHBOARD_LIMIT_KB} kB in ${DASHBOARD_FILES_LIMIT} files for the dashboard`, { timeout: 180_000 }, async () => {
        // As `npm run build` makes it: Vitest sets NODE_ENV to 'test', which would build React's development files.
        const nodeEnv = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
            await build({ mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
        } finally {
            process.env.NODE_ENV = nodeEnv;
        }

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
});
