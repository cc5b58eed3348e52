// The built app's first load (issue 13). Here rather than in test/app: it builds with Vite in Node, no browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { DASHBOARD_LIMIT_KB, firstScreen, SIGN_IN_LIMIT_KB } from '../../scripts/bundleSize';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-bundle-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the first load', () => {
    it(`stays under ${SIGN_IN_LIMIT_KB} kB of gzipped script for the sign-in page and ${DASHBOARD_LIMIT_KB} kB for the dashboard`, { timeout: 180_000 }, async () => {
        // As `npm run build` makes it: Vitest sets NODE_ENV to 'test', which would build React's development files.
        const nodeEnv = process.env.NODE_ENV;
        process.env.NODE_ENV = 'production';
        try {
            await build({ mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
        } finally {
            process.env.NODE_ENV = nodeEnv;
        }

        const { signInKb, dashboardKb, files, dashboard, signIn } = firstScreen(outDir);

        expect(dashboard, 'the dashboard is a chunk of its own').toBe(true);
        expect(signIn, 'the sign-in page is a chunk of its own').toBe(true);
        const listing = files.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)} kB`).join('\n');
        expect(signInKb, listing).toBeLessThanOrEqual(SIGN_IN_LIMIT_KB);
        expect(dashboardKb, listing).toBeLessThanOrEqual(DASHBOARD_LIMIT_KB);
        // Views load on demand: no list, form, page of its own, chart, rich-text editor or tooltip positioning rides on the first load.
        expect(
            files.map(({ file }) => file).filter(file => /^(SchemaList|SchemaEdit|SchemaInput|ProductViews|UserList|VideoUploads|Profile|RevenuePlot|Popper|hi)-/.test(file))
        ).toEqual([]);
    });
});
