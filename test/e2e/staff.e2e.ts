import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { quiet, signInThroughUi } from './support';

/** Every generated catalogue list, and a row each shows once the API has one. */
const LISTS = ['categories', 'subcategories', 'attribute', 'gst', 'products', 'pincode'];

/** True when the page is no wider than the window: nothing to scroll sideways to. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the staff experience, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    async function api(url: string, payload: Record<string, unknown>) {
        const token = await h.page.evaluate(() => localStorage.getItem('token'));
        const response = await h.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
    }

    it('signs in at 1366 px and shows every list', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('Welcome').first().waitFor();
        await api('/api/gst', { type: 'IGST', description: 'Integrated GST on packaged food, charged on sales between states', percent: 18 });
        await api('/api/pincode', { pincode: '560001', prize: 40 });

        for (const list of LISTS) {
            await page.goto(`${h.baseUrl}/${list}`);
            await page.locator('.list-page').waitFor();
            await quiet(page);
            expect(await fitsWidth(page), list).toBe(true);
        }
        await page.goto(`${h.baseUrl}/gst`);
        await page.getByText('18%').waitFor();
        expect(await page.title()).toBe('GST rates · Grocer Back-office');
        await shot(page, 'staff-1366-gst');
    });

    it('shows the error state when the API fails, and the rows again after Retry', async () => {
        const { page } = h;
        // The API answers 500 to the list (the app reads it through /api/v1): what staff see when the server is down.
        await page.route('**/api/v1/gst?**', route => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }));
        await page.goto(`${h.baseUrl}/gst`);
        await page.getByText('The server failed (error 500). Try again in a moment.').waitFor({ timeout: 30_000 });
        expect(await page.getByText('No GST entries found').count()).toBe(0);
        expect(await page.getByText(/\d+-\d+ of \d+/).count()).toBe(0);
        await shot(page, 'staff-1366-error');

        await page.unroute('**/api/v1/gst?**');
        await page.getByRole('button', { name: 'Retry' }).click();
        await page.getByText('18%').waitFor();
    });

    it('switches to Hindi and to dark mode, and remembers both', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/gst`);
        await page.getByText('18%').waitFor();
        await page.getByRole('button', { name: 'English' }).click();
        await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
        await page.getByText('सक्रिय').first().waitFor();
        await shot(page, 'staff-1366-hindi');

        const backgroundOf = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const light = await backgroundOf();
        await page.getByRole('button', { name: 'हल्का/गहरा रंग बदलें' }).click();
        await expect.poll(backgroundOf).not.toBe(light);
        const dark = await backgroundOf();
        await page.reload();
        await page.getByText('सक्रिय').first().waitFor();
        expect(await backgroundOf()).toBe(dark);
        await shot(page, 'staff-1366-hindi-dark');

        // Back to English and light for the rest of the journey.
        await page.getByRole('button', { name: 'हल्का/गहरा रंग बदलें' }).click();
        await page.getByRole('button', { name: 'हिन्दी' }).click();
        await page.getByRole('menuitem', { name: 'English' }).click();
        await page.getByText('Active').first().waitFor();
    });

    it('undoes a toggle: nothing reaches the API until the Undo window closes', async () => {
        const { page } = h;
        const statusOnServer = async () => {
            const token = await page.evaluate(() => localStorage.getItem('token'));
            const response = await h.app.inject({ method: 'GET', url: '/api/gst', headers: { authorization: `Bearer ${token}` } });
            return (response.json() as Array<{ type: string; status: number }>).find(rate => rate.type === 'IGST')!.status;
        };
        await page.goto(`${h.baseUrl}/gst`);
        const row = page.getByRole('row', { name: /IGST/ });
        await row.getByRole('button', { name: 'Deactivate' }).click();
        // The row shows its new status at once; the server still has the old one.
        await row.getByRole('button', { name: 'Activate' }).waitFor();
        await page.getByText('GST status toggled successfully').waitFor();
        await shot(page, 'staff-1366-undo');
        await page.getByRole('button', { name: 'Undo' }).click();
        await row.getByRole('button', { name: 'Deactivate' }).waitFor();
        await page.waitForTimeout(5_000);
        expect(await statusOnServer()).toBe(1);

        // Without Undo the request leaves when the notification closes.
        await row.getByRole('button', { name: 'Deactivate' }).click();
        expect(await statusOnServer()).toBe(1);
        await expect.poll(statusOnServer, { timeout: 10_000 }).toBe(0);
        await row.getByRole('button', { name: 'Activate' }).click();
        await expect.poll(statusOnServer, { timeout: 10_000 }).toBe(1);
    });

    it('closes the menu when the window narrows to a phone, and after each choice there; opens it again when it widens', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/gst`);
        await page.getByText('18%').waitFor();
        await page.getByRole('button', { name: 'Close menu' }).waitFor();

        await page.setViewportSize({ width: 390, height: 844 });
        // Not left open over the page, nor hiding the page from the accessibility tree behind a closed drawer.
        await page.getByRole('button', { name: 'Open menu' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Pincode' }).isVisible()).toBe(false);
        await shot(page, 'staff-resize-390-closed');

        for (const [item, path] of [['Pincode', /\/pincode$/], ['GST', /\/gst$/]] as const) {
            await page.getByRole('button', { name: 'Open menu' }).click();
            await page.getByRole('menuitem', { name: item, exact: true }).click();
            await page.waitForURL(path);
            await expect.poll(() => page.getByRole('menuitem', { name: item, exact: true }).isVisible()).toBe(false);
            await page.getByRole('button', { name: 'Open menu' }).waitFor();
        }
        await shot(page, 'staff-resize-390-after-menu');

        await page.setViewportSize({ width: 1366, height: 860 });
        await page.getByRole('menuitem', { name: 'Pincode' }).waitFor();
    });

    it('fits a 390 px phone: one column, no sideways scroll, a readable title, a menu that closes', async () => {
        const { page } = h;
        await page.setViewportSize({ width: 390, height: 844 });
        for (const list of LISTS) {
            await page.goto(`${h.baseUrl}/${list}`);
            await page.locator('.list-page').waitFor();
            await quiet(page);
            expect(await fitsWidth(page), list).toBe(true);
            await shot(page, `staff-390-${list}`);
        }
        await page.goto(`${h.baseUrl}/gst`);
        await page.getByText('IGST 18%').waitFor();
        expect(await page.locator('table').count()).toBe(0);
        await page.getByRole('button', { name: 'Deactivate' }).click();
        await page.getByText('GST status toggled successfully').waitFor();
        const title = await page.locator('#react-admin-title').innerText();
        expect(title).toBe('GST rates');

        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('menuitem', { name: 'Pincode' }).waitFor();
        await shot(page, 'staff-390-menu-open');
        await page.getByRole('menuitem', { name: 'Pincode' }).click();
        await page.waitForURL(/\/pincode$/);
        await expect.poll(() => page.getByRole('menuitem', { name: 'Pincode' }).isVisible()).toBe(false);
        await shot(page, 'staff-390-after-menu');
    });

    it('shows the later screens in Hindi at 390 and 1366 px, within the width', async () => {
        const { page } = h;
        const screens = ['orders', 'users', 'activity', 'coupons', 'banners', 'pagecontent', 'videos', 'contacts'];
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${h.baseUrl}/gst`);
        await page.getByRole('button', { name: 'English' }).click();
        await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
        await page.getByRole('button', { name: 'हिन्दी' }).waitFor();
        for (const width of [390, 1366]) {
            await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
            for (const screen of screens) {
                await page.goto(`${h.baseUrl}/${screen}`);
                await quiet(page);
                // The title names the screen in Devanagari: its labels came from hi/, not English.
                await expect.poll(() => page.locator('#react-admin-title').innerText()).toMatch(/[\u0900-\u097F]/);
                expect(await fitsWidth(page), `${screen} at ${width}`).toBe(true);
                await shot(page, `staff-${width}-hi-${screen}`);
            }
        }
    });
});
