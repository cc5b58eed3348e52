// How many bytes of pictures the product list costs in Chromium: `npm run bench:images` after `npm run build`.
// The real built app (dist/) on the real server, BENCH_PRODUCTS (100) products each with its own upload of a
// 4000 × 3000 phone photo (made with sharp: noise, so it weighs 4–5 MB as a photo does, with GPS and camera EXIF),
// a signed-in administrator on a 1366 × 860 screen; the page is scrolled to its end so every lazy picture loads,
// and the bytes of every image response are summed. Target: under 1.5 MB. A measuring script, not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { newToken, sha256 } from '../server/infra/secrets';
import { inMs, nowIso } from '../server/infra/time';
import { ROLE } from '../schema/access';
import { fillCatalogue } from './benchCatalogue';
import { phonePhoto } from './lib/phonePhoto';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100);
const TARGET_BYTES = 1.5 * 1024 * 1024;

if (!fs.existsSync('dist/index.html')) throw new Error('Build the app first: npm run build');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-images-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }, { appDir: path.resolve('dist') }));
const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Each product gets its own stored picture, uploaded as a phone sends it (so each is re-encoded). */
async function photographProducts() {
    const photo = await phonePhoto();
    const started = Date.now();
    const ids = (await app.db.selectFrom('products').select('id').orderBy('id').execute()).map((row) => row.id);
    for (const id of ids) {
        const image = await app.media.saveImage(photo);
        await app.db.updateTable('products').set({ image }).where('id', '=', id).execute();
    }
    console.log(`${ids.length} photos of ${(photo.length / 1024 / 1024).toFixed(1)} MB uploaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function signedInToken() {
    const now = nowIso();
    const user = await app.db.insertInto('users').values({ name: 'Bench', email: 'images@shop.test', roleId: ROLE.admin, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
    const token = newToken();
    await app.db.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(3_600_000), createdAt: now }).execute();
    return token;
}

/** Opens the list in a fresh context at this pixel density and reports the bytes of pictures it received. */
async function measure(url: string, token: string, deviceScaleFactor: number) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, deviceScaleFactor });
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    const pictures: Array<Promise<{ bytes: number; type: string }>> = [];
    page.on('response', (response) => {
        if (response.request().resourceType() !== 'image') return;
        const type = response.headers()['content-type'] ?? '';
        pictures.push(response.finished().then(async () => ({ bytes: (await response.request().sizes()).responseBodySize, type })));
    });
    await page.goto(url);
    const rows = page.locator('tbody tr');
    await rows.nth(PRODUCTS - 1).waitFor({ state: 'attached', timeout: 60_000 });
    // Every row in view once, so every lazy picture is fetched, then every picture drawn.
    for (let i = 0; i < PRODUCTS; i += 5) {
        await rows.nth(i).scrollIntoViewIfNeeded();
        await page.waitForTimeout(50);
    }
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const fetched = await Promise.all(pictures);
    const total = fetched.reduce((sum, item) => sum + item.bytes, 0);
    const types = [...new Set(fetched.map((item) => item.type))].join(', ');
    console.log(
        `Product list at 1366 × 860, ${deviceScaleFactor}× pixels: ${fetched.length} pictures (${await page.locator('tbody tr img').count()} drawn), ${(total / 1024).toFixed(1)} kB in all (${types}); ` +
            `${PRODUCTS} products with 4000 × 3000 photos; target < ${(TARGET_BYTES / 1024 / 1024).toFixed(1)} MB: ${total < TARGET_BYTES ? 'met' : 'NOT met'}`,
    );
    await context.close();
}

try {
    await fillCatalogue(app.db, PRODUCTS);
    await photographProducts();
    const token = await signedInToken();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/products`;

    // A plain screen, then a sharp one (twice the pixels per CSS pixel): each in a fresh context, a cold cache.
    for (const deviceScaleFactor of [1, 2]) await measure(url, token, deviceScaleFactor);
} finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
}
