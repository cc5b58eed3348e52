import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, shot as fullPageShot, startHarness, type Harness } from './harness';
import { expectNotification, quiet, signInThroughUi } from './support';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { videoDirs } from '../../server/features/videos/videoFiles';
import { ensureAdmin } from '../../server/seed/admin';

/**
 * A real, playable WebM made by the browser itself: a canvas of changing colours recorded by MediaRecorder
 * for a second and a half (about 6 kB), so the journey needs no ffmpeg and ships no video.
 */
async function recordWebm(page: Page): Promise<Buffer> {
    const base64 = await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 160;
        canvas.height = 90;
        const context = canvas.getContext('2d')!;
        const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 100_000 });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        let frame = 0;
        const draw = setInterval(() => {
            context.fillStyle = `hsl(${(frame * 24) % 360}, 70%, 50%)`;
            context.fillRect(0, 0, 160, 90);
            context.fillStyle = '#fff';
            context.fillText(String(frame++), 72, 50);
        }, 66);
        recorder.start();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        recorder.stop();
        await stopped;
        clearInterval(draw);
        const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
        let text = '';
        for (const byte of bytes) text += String.fromCharCode(byte);
        return btoa(text);
    });
    return Buffer.from(base64, 'base64');
}

/** A full-page screenshot from the top, once Material UI's transitions have ended. */
async function shot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await quiet(page);
    await fullPageShot(page, name);
}

const card = (page: Page, name: string | RegExp) => page.getByTestId('video-card').filter({ has: page.getByRole('heading', { name }) });

describe('the video library, in Chromium', () => {
    let h: Harness;
    let webm: Buffer;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    it('leads the legacy /VideoUploads to the empty library', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/VideoUploads`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('No videos uploaded yet.').waitFor();
        expect(new URL(page.url()).pathname).toBe('/videos');
        await page.getByRole('menuitem', { name: 'Videos' }).waitFor();
        webm = await recordWebm(page);
        expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
        await shot(page, 'videos-01-empty');
    });

    it('uploads a video with a progress bar that completes', async () => {
        const { page } = h;
        await page.getByRole('button', { name: 'Upload' }).click();
        await page.getByText('Please select a video file.').waitFor();

        await page.locator('input[type=file]').setInputFiles({ name: 'kulfi.webm', mimeType: 'video/webm', buffer: webm });
        await page.getByText(/kulfi\.webm \(6(\.\d)? KB\)|kulfi\.webm \(\d(\.\d)? KB\)/).waitFor();
        await page.getByLabel('Tags').fill('recipe, dessert');
        // A slow line, so that the upload is seen under way.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 2 * 1024 });
        await page.getByRole('button', { name: 'Upload' }).click();
        const bar = page.getByRole('progressbar', { name: 'Upload progress' });
        await bar.waitFor();
        await page.getByRole('button', { name: 'Cancel' }).waitFor();
        await shot(page, 'videos-02-uploading');

        await expectNotification(page, 'File uploaded successfully');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
        await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
        await page.getByText(/^100% · .+ of .+$/).waitFor();
        await card(page, 'kulfi.webm').waitFor();

        const rows = await h.app.db.selectFrom('videos').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ filename: 'kulfi.webm', size: webm.length, tags: 'recipe, dessert', mimeType: 'video/webm', status: 1 });
        expect(fs.readFileSync(path.join(videoDirs(h.config).dir, rows[0].storedName))).toEqual(webm);
    });

    it('finds it by search among others', async () => {
        const { page } = h;
        // Two more, straight through the API, so that the search has something to leave out.
        const token = await page.evaluate(() => localStorage.getItem('token'));
        for (const [name, tags] of [
            ['Paneer tikka.webm', 'starter'],
            ['Masala chai.webm', 'drink'],
        ]) {
            const form = new FormData();
            form.append('tags', tags);
            form.append('video', new Blob([new Uint8Array(webm)], { type: 'video/webm' }), name);
            const res = await fetch(`${h.baseUrl}/api/uploadvideo`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
            expect(res.status).toBe(200);
        }
        await page.reload();
        await expect.poll(() => page.getByTestId('video-card').count()).toBe(3);
        await page.getByText('3 of 3 videos').waitFor();

        const search = page.getByLabel('Search by name or tag');
        await search.fill('dessert');
        await expect.poll(() => page.getByTestId('video-card').count()).toBe(1);
        await card(page, 'kulfi.webm').waitFor();
        await search.fill('nothing like it');
        await page.getByText('No videos match your search.').waitFor();
        await search.fill('kulfi');
        await expect.poll(() => page.getByTestId('video-card').count()).toBe(1);
    });

    it('renames it, refusing a blank name', async () => {
        const { page } = h;
        await card(page, 'kulfi.webm').getByRole('button', { name: 'Rename' }).click();
        const field = page.getByLabel('New name');
        await field.fill('   ');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Please provide a new filename.').waitFor();
        await field.fill('Mango kulfi');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Video renamed successfully');
        await page.getByLabel('Search by name or tag').fill('');
        await card(page, 'Mango kulfi').waitFor();
        const stored = await h.app.db.selectFrom('videos').select('filename').where('tags', '=', 'recipe, dessert').executeTakeFirstOrThrow();
        expect(stored.filename).toBe('Mango kulfi');
    });

    it('plays it from the signed stream link', async () => {
        const { page } = h;
        const player = card(page, 'Mango kulfi').locator('video');
        // preload="metadata": the browser reads the start of the file by a range request before any play.
        await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
        await player.evaluate((video: HTMLVideoElement) => {
            video.muted = true;
            return video.play();
        });
        await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
        await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
        expect(await player.evaluate((video: HTMLVideoElement) => video.error)).toBeNull();
        await player.evaluate((video: HTMLVideoElement) => video.pause());
        await shot(page, 'videos-03-library');
    });

    it('deactivates it, and looks right on a phone', async () => {
        const { page } = h;
        await card(page, 'Mango kulfi').getByRole('button', { name: 'Deactivate' }).click();
        await expectNotification(page, 'Video deactivated');
        await card(page, 'Mango kulfi').getByText('Inactive').waitFor();
        await card(page, 'Mango kulfi').getByRole('button', { name: 'Activate' }).waitFor();
        const stored = await h.app.db.selectFrom('videos').select('status').where('filename', '=', 'Mango kulfi').executeTakeFirstOrThrow();
        expect(stored.status).toBe(0);

        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, 'videos-04-phone');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.setViewportSize({ width: 1366, height: 860 });
    });

    it('deletes it with its file, after asking', async () => {
        const { page } = h;
        const { storedName } = await h.app.db.selectFrom('videos').select('storedName').where('filename', '=', 'Mango kulfi').executeTakeFirstOrThrow();
        const file = path.join(videoDirs(h.config).dir, storedName);
        expect(fs.existsSync(file)).toBe(true);

        await card(page, 'Mango kulfi').getByRole('button', { name: 'Delete' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('"Mango kulfi" and its file will be deleted for good.').waitFor();
        await shot(page, 'videos-05-delete');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expectNotification(page, 'Video deleted successfully');
        await expect.poll(() => card(page, 'Mango kulfi').count()).toBe(0);
        await page.getByText('2 of 2 videos').waitFor();
        expect(fs.existsSync(file)).toBe(false);
        expect(await h.app.db.selectFrom('videos').select('id').where('filename', '=', 'Mango kulfi').execute()).toEqual([]);
    });
});

describe('a video over the cap, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        // The harness's browser, with a server of its own whose cap is 1 MB.
        h = await startHarness();
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-e2e-cap-'));
        const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { appDir: path.resolve('dist'), videoMaxMb: 1 });
        const app = await buildApp(config, false);
        await ensureAdmin(app.db, ADMIN);
        await app.listen({ port: 0, host: '127.0.0.1' });
        const close = h.close;
        h = { ...h, app, config, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
        h.close = async () => {
            await app.close();
            fs.rmSync(dataDir, { recursive: true, force: true });
            await close();
        };
    });
    afterAll(async () => h?.close());

    it("is refused at once, and the browser shows the server's reason", async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/VideoUploads`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('No videos uploaded yet.').waitFor();
        const big = Buffer.alloc(8 * 1024 * 1024, 1);
        Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(big);
        await page.locator('input[type=file]').setInputFiles({ name: 'too-big.mp4', mimeType: 'video/mp4', buffer: big });
        await page.getByRole('button', { name: 'Upload' }).click();
        await expectNotification(page, 'The video is larger than 1 MB');
        await page.getByRole('button', { name: 'Upload' }).waitFor({ state: 'visible' });
        expect(await page.getByRole('button', { name: 'Upload' }).isEnabled()).toBe(true);
        expect(await h.app.db.selectFrom('videos').select('id').execute()).toEqual([]);
        expect(fs.readdirSync(videoDirs(h.config).partialDir)).toEqual([]);
    });
});
