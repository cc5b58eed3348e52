import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { ensureAdmin } from '../../server/seed/admin';
import { tile, type Shape } from '../../server/seed/tiles';

export const ADMIN = 'admin@example.com';
export const SHOTS = path.resolve('test-results');

export interface Harness {
    app: FastifyInstance;
    config: Config;
    baseUrl: string;
    browser: Browser;
    page: Page;
    close(): Promise<void>;
}

/** The real built app (dist/) served by the real API on a fresh data dir, and Debian's Chromium. */
export async function startHarness(): Promise<Harness> {
    if (!fs.existsSync('dist/index.html')) throw new Error('Build the app first (npm run test:e2e does)');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-'));
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: '0' }, { appDir: path.resolve('dist') });
    const app = await buildApp(config, false);
    await ensureAdmin(app.db, ADMIN);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    page.setDefaultTimeout(15_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    return {
        app,
        config,
        baseUrl,
        browser,
        page,
        async close() {
            await browser.close();
            await app.close();
            fs.rmSync(dataDir, { recursive: true, force: true });
        },
    };
}

function mailsTo(config: Config, email: string): string[] {
    const outbox = path.join(config.dataDir, 'outbox');
    return fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort().map((f) => path.join(outbox, f)) : [];
}

/** How many mails this address has had: a sign-in passes it to codeFromOutbox, to wait for the code it asked for. */
export const mailCount = (config: Config, email: string) => mailsTo(config, email).length;

/**
 * The code in the newest mail to this address that holds one (not a registration's welcome), waiting for it to
 * arrive. With `after`, only a mail past the first `after` counts: a loaded machine may write the mail after the
 * page asks for the code, and the older code it would otherwise read has been replaced.
 */
export async function codeFromOutbox(config: Config, email: string, after = 0): Promise<string> {
    for (let i = 0; i < 300; i++) {
        const files = mailsTo(config, email);
        if (files.length > after) {
            const mail = JSON.parse(fs.readFileSync(files.at(-1)!, 'utf8')) as { text: string };
            const code = mail.text.match(/\b(\d{6})\b/)?.[1];
            if (code) return code;
        }
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No new mail to ${email} in ${path.join(config.dataDir, 'outbox')}`);
}

/**
 * A picture of the page in test-results/, for people to look at (the whole page unless `viewport`). CI sets
 * SHOTS=off: nobody looks at its pictures, and their 280 captures took two of its minutes.
 */
export const shot = async (page: Page, name: string, { viewport = false } = {}) => {
    if (process.env.SHOTS === 'off') return;
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !viewport });
};

/** A real PNG file on disk for upload inputs, drawn like the demo catalogue's pictures. */
export function pngFile(name: string, hue = 120, shape: Shape = 'circle'): string {
    const file = path.join(os.tmpdir(), `${name}.png`);
    fs.writeFileSync(file, tile(hue, shape, 96));
    return file;
}
