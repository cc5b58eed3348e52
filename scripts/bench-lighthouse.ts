// How fast a phone loads the app: `npm run bench:lighthouse`, after a build (the npm script builds
// when the sources changed). The real built app (dist/) on the real server over the demo shop in a fresh data
// dir; Lighthouse's mobile settings (a mid-range phone: 4× slower CPU, a slow 4G network, simulated) on the
// sign-in page and on the product list signed in as the administrator, BENCH_RUNS (5) times each in a fresh
// Chromium profile (cold cache), after one run that warms the server. Prints the medians of the performance
// score, LCP, TBT and FCP, with the machine's load and Lighthouse's measure of its speed ("machine index": a
// developer's desktop scores about 1,500–2,000; Lighthouse slows the CPU 4× on top of it, whatever it is).
// Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium): no browser is downloaded. BENCH_PAGES=product runs one
// page; BENCH_REPORTS=<dir> keeps every full report. A measuring script, not a test: on a loaded machine the
// figures move, so it reports and asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own browser driver (its dependency, the version it is made for), to put the session in place first.
import puppeteer from 'puppeteer-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedAtStart } from '../server/seed/startup';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A folder to keep each run's full Lighthouse report in (JSON), to see where the time goes.
const REPORTS = process.env.BENCH_REPORTS;

interface Run {
    score: number;
    lcp: number;
    tbt: number;
    fcp: number;
    /** Lighthouse's measure of how fast this machine ran at that moment (higher is faster): a loaded machine scores less. */
    benchmarkIndex: number;
}

/** The sign-in code the server mailed to this address: without SMTP_URL the mail waits in the outbox. */
async function codeFromOutbox(dataDir: string, email: string): Promise<string> {
    const outbox = path.join(dataDir, 'outbox');
    for (let i = 0; i < 100; i++) {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter(file => file.includes(email)).sort() : [];
        if (files.length) return JSON.parse(fs.readFileSync(path.join(outbox, files.at(-1)!), 'utf8')).text.match(/\b(\d{6})\b/)[1];
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    throw new Error(`No mail to ${email} in ${outbox}`);
}

/** Signs in as a user would, through the API: asks for a code, reads it from the outbox, trades it for a token. */
async function signIn(baseUrl: string, dataDir: string, email: string): Promise<string> {
    const post = (route: string, body: object) =>
        fetch(`${baseUrl}/api/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('user_login', { email });
    const answer = await post('userverify-otp', { email, otp: await codeFromOutbox(dataDir, email) });
    const { token } = (await answer.json()) as { token?: string };
    if (!token) throw new Error(`Sign-in failed: ${answer.status}`);
    return token;
}

/** One Lighthouse run in a fresh profile; with a token, the app's session is in localStorage before the page loads. */
async function measure(url: string, token?: string, report?: string): Promise<Run> {
    const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        const page = await browser.newPage();
        if (token) {
            // Any address of the origin that is not the app, so nothing of the app is cached before the run.
            await page.goto(new URL('/api/me', url).href);
            await page.evaluate(value => localStorage.setItem('token', value), token);
            await page.goto('about:blank');
        }
        const result = await lighthouse(url, {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
            // Lighthouse would clear the origin's storage, the session with it; the profile is new, so the cache is cold anyway.
            disableStorageReset: Boolean(token),
        }, undefined, page);
        await browser.disconnect();
        if (!result) throw new Error('Lighthouse returned nothing');
        if (REPORTS && report) fs.writeFileSync(path.join(REPORTS, `${report}.json`), JSON.stringify(result.lhr, null, 1));
        const { categories, audits, runtimeError, environment } = result.lhr;
        if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
        return {
            score: Math.round((categories.performance.score ?? 0) * 100),
            lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
            tbt: audits['total-blocking-time'].numericValue ?? NaN,
            fcp: audits['first-contentful-paint'].numericValue ?? NaN,
            benchmarkIndex: environment.benchmarkIndex,
        };
    } finally {
        chrome.kill();
    }
}

/** A run again when Lighthouse could not record it (NO_NAVSTART and the like, now and then on a busy machine): said, not counted. */
async function measureOnce(url: string, token?: string, report?: string): Promise<Run> {
    try {
        return await measure(url, token, report);
    } catch (error) {
        console.log(`(${(error as Error).message.slice(0, 80)}: measured again)`);
        return measure(url, token, report);
    }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!fs.existsSync('dist/index.html')) throw new Error('Build the app first: npm run build');
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-lighthouse-'));
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', PORT: '0' }, { appDir: path.resolve('dist') });
const app = await buildApp(config, false);
try {
    const { email } = await seedAtStart(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(baseUrl, dataDir, email);
    const pages = [
        { name: 'Sign-in page', url: `${baseUrl}/login` },
        { name: 'Product list', url: `${baseUrl}/products`, token },
    ];
    console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile settings, ${CHROMIUM}, median of ${RUNS} (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`);
    for (const { name, url, token: session } of pages.filter(({ name }) => name.toLowerCase().includes((process.env.BENCH_PAGES ?? '').toLowerCase()))) {
        await measureOnce(url, session); // warms the server and the disk; not counted
        const runs: Run[] = [];
        for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(url, session, `${name.replace(/\W+/g, '-').toLowerCase()}-${run + 1}`));
        const list = (pick: (run: Run) => number, digits = 0) => runs.map(run => pick(run).toFixed(digits)).join(', ');
        console.log(
            `${name.padEnd(13)} performance ${median(runs.map(run => run.score))} (${list(run => run.score)}), ` +
                `LCP ${(median(runs.map(run => run.lcp)) / 1000).toFixed(2)} s (${list(run => run.lcp / 1000, 2)}), ` +
                `TBT ${median(runs.map(run => run.tbt)).toFixed(0)} ms (${list(run => run.tbt)}), ` +
                `FCP ${(median(runs.map(run => run.fcp)) / 1000).toFixed(2)} s, machine index ${median(runs.map(run => run.benchmarkIndex)).toFixed(0)}`,
        );
    }
} finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
}
