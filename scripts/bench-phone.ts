// How a slow phone's CPU gets through the product list: `npm run bench:phone` after `npm run build`. Lighthouse
// (bench:lighthouse) simulates a slow CPU from a fast load; this slows Chromium's own CPU 4× (DevTools' CPU
// throttling, as a mid-range phone) at a phone's width, so the tasks are the ones a phone would run. The real
// built app on the real server over the demo shop, signed in as its administrator, a fresh browser context (cold
// cache) per run, after one run that warms the server. Prints the medians of: when the first product row is in the
// page, the blocking time (each long task's time above 50 ms, from navigation until the rows are in and the page
// has been quiet for 3 s) and the longest task. A measuring script, not a test: it reports and asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedAtStart } from '../server/seed/startup';
import { benchSession } from './lib/benchSession';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

// Runs in the page before its scripts: long tasks and the moment the first product row is in the page.
const WATCH = `
    window.__watched = { tasks: [] };
    new PerformanceObserver(list => { for (const task of list.getEntries()) window.__watched.tasks.push(task.duration); })
        .observe({ type: 'longtask', buffered: true });
    new MutationObserver(() => {
        if (!('row' in window.__watched) && document.querySelector('.MuiListItem-root, tbody tr td')) window.__watched.row = performance.now();
    }).observe(document, { subtree: true, childList: true });
`;
interface Watched {
    tasks: number[];
    row?: number;
}
type WatchedWindow = Window & { __watched: Watched };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!fs.existsSync('dist/index.html')) throw new Error('Build the app first: npm run build');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-phone-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, { appDir: path.resolve('dist') }));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
    const { email } = await seedAtStart(app);
    const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const token = await benchSession(app.db, user.id);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/products`;

    const runs: Array<{ row: number; blocking: number; longest: number }> = [];
    for (let run = 0; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
        await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)});${WATCH}`);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
        await page.goto(url, { waitUntil: 'commit' });
        const watched = () => page.evaluate(() => (window as unknown as WatchedWindow).__watched) as Promise<Watched>;
        await page.waitForFunction(() => 'row' in (window as unknown as WatchedWindow).__watched, undefined, { timeout: 60_000 });
        // Quiet for 3 s: no long task added meanwhile.
        let seen: Watched;
        let now = await watched();
        do {
            seen = now;
            await page.waitForTimeout(3000);
            now = await watched();
        } while (now.tasks.length !== seen.tasks.length);
        const { row, tasks } = now as Required<Watched>;
        if (run > 0) runs.push({ row, blocking: tasks.reduce((sum, task) => sum + Math.max(0, task - 50), 0), longest: Math.max(0, ...tasks) });
        await context.close();
    }
    const list = (pick: (run: (typeof runs)[number]) => number) => runs.map(run => pick(run).toFixed(0)).join(', ');
    console.log(
        `Product list on a phone (412 px, CPU ${SLOWDOWN}× slower, demo shop, median of ${RUNS}; load average ${os.loadavg()[0].toFixed(1)}): ` +
            `first row ${median(runs.map(run => run.row)).toFixed(0)} ms (${list(run => run.row)}), ` +
            `blocking time ${median(runs.map(run => run.blocking)).toFixed(0)} ms (${list(run => run.blocking)}), ` +
            `longest task ${median(runs.map(run => run.longest)).toFixed(0)} ms (${list(run => run.longest)})`,
    );
} finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
}
