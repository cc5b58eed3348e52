// Staff arrange a product's gallery by keyboard, describe each picture, make one the main picture,
// save once, and find it all again after a reload, on a wide screen and on a phone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, pngFile, shot, startHarness, type Harness } from './harness';
import { expectNotification, signInThroughUi } from './support';
import { form } from '../server/helpers';
import { apples, catalogueBasics, type Call } from '../server/catalogue';

const picture = (name: string, hue: number, shape: Parameters<typeof pngFile>[2]) => fs.readFileSync(pngFile(name, hue, shape));

/** The alt text of every picture the gallery draws, in order. */
const galleryAlts = (page: Page) => page.locator('.ra-input-images li img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));

describe('arranging a product gallery, in Chromium', () => {
    let h: Harness;
    let call: Call;
    beforeAll(async () => {
        h = await startHarness();
        await h.page.goto(`${h.baseUrl}/products`);
        await signInThroughUi(h, h.page, ADMIN);
        const token = await h.page.evaluate(() => localStorage.getItem('token'));
        call = (method, url, payload) => h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
        await catalogueBasics(call);
    });
    afterAll(async () => h?.close());

    for (const [width, height] of [
        [1366, 860],
        [390, 844],
    ] as const) {
        it(`reorders by keyboard, describes, makes a picture main and keeps it after a reload at ${width} px`, async () => {
            const { page } = h;
            await page.setViewportSize({ width, height });
            const created = await call(
                'POST',
                '/api/products',
                form({
                    ...apples,
                    name: `Apples ${width}`,
                    image: picture('main', 0, 'diamond'),
                    imageAlt: 'Apples in a crate',
                    images: [picture('one', 120, 'circle'), picture('two', 220, 'square'), picture('three', 300, 'ring')],
                }),
            );
            expect(created.statusCode, created.body).toBe(201);
            const { id, image: oldMain, images } = created.json().data as { id: number; image: string; images: string[] };

            await page.goto(`${h.baseUrl}/products/${id}`);
            await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(`Apples ${width}`);
            const gallery = page.locator('.ra-input-images');
            await expect.poll(() => gallery.locator('li img').count()).toBe(3);
            for (const [i, alt] of ['Green apple', 'Blue box', 'Pink ring'].entries()) {
                await gallery.getByLabel(`Description of picture ${i + 1} (alt text)`).fill(alt);
            }

            // By keyboard: focus an arrow and press it; the status line says where the picture went.
            await gallery.getByRole('button', { name: 'Move picture 1 later' }).focus();
            await page.keyboard.press('Enter');
            await expect.poll(() => galleryAlts(page)).toEqual(['Blue box', 'Green apple', 'Pink ring']);
            await page.getByRole('status').filter({ hasText: 'Picture moved to place 2' }).waitFor({ state: 'attached' });
            await gallery.getByRole('button', { name: 'Move picture 3 earlier' }).focus();
            await page.keyboard.press('Space');
            await expect.poll(() => galleryAlts(page)).toEqual(['Blue box', 'Pink ring', 'Green apple']);

            await gallery.getByRole('button', { name: 'Make main: picture 2' }).focus();
            await page.keyboard.press('Enter');
            await expect.poll(() => page.getByLabel(/^Image description/).inputValue()).toBe('Pink ring');
            await expect.poll(() => galleryAlts(page)).toEqual(['Blue box', 'Apples in a crate', 'Green apple']);
            // From the top: scrolled down, a full-page shot draws the fixed app bar mid-page.
            await page.evaluate(() => window.scrollTo(0, 0));
            await shot(page, `gallery-${width}-arranged`);

            await page.getByRole('button', { name: 'Save' }).click();
            await expectNotification(page, 'Product updated successfully');

            const saved = (await call('GET', `/api/products/${id}`)).json();
            expect(saved).toMatchObject({ image: images[2], imageAlt: 'Pink ring', images: [images[1], oldMain, images[0]], imagesAlt: ['Blue box', 'Apples in a crate', 'Green apple'] });

            await page.goto(`${h.baseUrl}/products/${id}`);
            await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(`Apples ${width}`);
            await expect.poll(() => galleryAlts(page)).toEqual(['Blue box', 'Apples in a crate', 'Green apple']);
            await expect.poll(() => page.locator('.ra-input-image img').first().getAttribute('alt')).toBe('Pink ring');
            await expect.poll(() => page.getByLabel(/^Image description/).inputValue()).toBe('Pink ring');
            await page.evaluate(() => window.scrollTo(0, 0));
            await shot(page, `gallery-${width}-after-reload`);

            // The list draws the main picture with its alt text.
            await page.goto(`${h.baseUrl}/products`);
            await expect.poll(() => page.getByRole('img', { name: 'Pink ring' }).count()).toBe(width === 1366 ? 1 : 2);
        });
    }

    it('puts a new picture before the saved ones, by keyboard, in the same save', async () => {
        const { page } = h;
        await page.setViewportSize({ width: 1366, height: 860 });
        const created = await call('POST', '/api/products', form({ ...apples, name: 'Apples, new first', images: [picture('one', 120, 'circle'), picture('two', 220, 'square')], imagesAlt: ['One', 'Two'] }));
        const { id, images } = created.json().data as { id: number; images: string[] };

        await page.goto(`${h.baseUrl}/products/${id}`);
        await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Apples, new first');
        const gallery = page.locator('.ra-input-images');
        await expect.poll(() => galleryAlts(page)).toEqual(['One', 'Two']);
        await gallery.locator('input[type=file]').setInputFiles(pngFile('new-first', 40, 'ring'));
        await expect.poll(() => gallery.locator('li img').count()).toBe(3);
        await gallery.getByLabel('Description of picture 3 (alt text)').fill('New first');
        await gallery.getByRole('button', { name: 'Move picture 3 earlier' }).focus();
        await page.keyboard.press('Enter');
        await gallery.getByRole('button', { name: 'Move picture 2 earlier' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => galleryAlts(page)).toEqual(['New first', 'One', 'Two']);

        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product updated successfully');
        const saved = (await call('GET', `/api/products/${id}`)).json() as { images: string[]; imagesAlt: string[] };
        expect(saved.imagesAlt).toEqual(['New first', 'One', 'Two']);
        expect(saved.images.slice(1)).toEqual(images);
        // Saving goes back to the list: open the product again, as staff would, to see what was kept.
        await page.goto(`${h.baseUrl}/products/${id}`);
        await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Apples, new first');
        await expect.poll(() => galleryAlts(page)).toEqual(['New first', 'One', 'Two']);
    });

    it('shrinks a 7.5 MB, 4000 × 3000 phone photo in the browser so that it is taken, at most 2560 px wide', async () => {
        const { page } = h;
        await page.setViewportSize({ width: 1366, height: 860 });
        const photo = path.join(os.tmpdir(), 'phone-photo.jpg');
        const noise = { type: 'gaussian', mean: 128, sigma: 20 } as const;
        await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 128, g: 128, b: 128 }, noise } }).blur(0.6).jpeg({ quality: 97 }).toFile(photo);
        expect(fs.statSync(photo).size).toBeGreaterThan(5 * 1024 * 1024);
        const created = await call('POST', '/api/products', form({ ...apples, name: 'Apples from a phone' }));
        const { id } = created.json().data as { id: number };

        await page.goto(`${h.baseUrl}/products/${id}`);
        await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Apples from a phone');
        await page.locator('.ra-input-images input[type=file]').setInputFiles(photo);
        await expect.poll(() => page.locator('.ra-input-images li img').count(), { timeout: 20_000 }).toBe(1);
        await page.getByLabel('Description of picture 1 (alt text)').fill('Apples on a market stall');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product updated successfully');

        const saved = (await call('GET', `/api/products/${id}`)).json() as { images: string[]; imagesAlt: string[] };
        expect(saved.imagesAlt).toEqual(['Apples on a market stall']);
        const stored = await h.app.inject({ method: 'GET', url: saved.images[0] });
        const { width, height } = await sharp(stored.rawPayload).metadata();
        expect([width, height]).toEqual([2560, 1920]);
        expect(stored.rawPayload.length).toBeLessThan(5 * 1024 * 1024);
    });
});
