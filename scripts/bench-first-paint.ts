// How soon the product list shows its first row in Chromium: `npm run bench:paint` after `npm run build`.
// The real built app (dist/) on the real server over a catalogue of BENCH_PRODUCTS (10,000) products, a
// signed-in administrator, a fresh browser context (cold cache) per run; the time from navigation start to
// the first product row in the page, median of BENCH_RUNS (5). A measuring script, not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { nowIso } from '../server/infra/time';
import { ROLE } from '../schema/access';
import { fillCatalogue } from './benchCatalogue';
import { benchSession } from './lib/benchSession';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

if (!fs.existsSync('dist/index.html')) throw new Error('Build the app first: npm run build');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-paint-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, { appDir: path.resolve('dist') }));
const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
    await fillCatalogue(app.db, PRODUCTS);
    const now = nowIso();
    const user = await app.db.insertInto('users').values({ name: 'Bench', email: 'paint@shop.test', roleId: ROLE.admin, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
    const token = await benchSession(app.db, user.id);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/products`;

    const times: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
        // Signed in as the app keeps it: the session token in localStorage.
        await context.addInitScript((value) => localStorage.setItem('token', value), token);
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'commit' });
        // Polled every animation frame: the moment a product row is in the page, from navigation start.
        const painted = await page.waitForFunction(
            () => {
                const cells = Array.from(document.querySelectorAll('tbody tr td'));
                return cells.some((cell) => /\b(Rice|Dal|Flour|Oil|Tea|Coffee)\b/.test(cell.textContent ?? '')) ? performance.now() : false;
            },
            undefined,
            { polling: 'raf', timeout: 30_000 },
        );
        const ms = (await painted.jsonValue()) as number;
        if (run > 0) times.push(ms); // the first run warms the server's caches and the disk
        await context.close();
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(
        `First product row painted ${median.toFixed(0)} ms after navigation (median of ${RUNS}; ${times.map((t) => t.toFixed(0)).join(', ')} ms; ` +
            `${PRODUCTS.toLocaleString('en-US')} products, signed in, cold browser cache; target ≤ 1000 ms)`,
    );
} finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
}
