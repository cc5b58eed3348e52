import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { signInThroughUi } from './support';

/** Shows the app in this language and theme from the next load on (react-admin's stored preferences). */
const prefer = (page: Page, locale: 'en' | 'hi', theme: 'light' | 'dark') =>
    page.evaluate(([l, t]) => {
        localStorage.setItem('RaStore.locale', JSON.stringify(l));
        localStorage.setItem('RaStore.theme', JSON.stringify(t));
    }, [locale, theme]);

/** The staff's daily screens, in Chromium against the real built app and API. */
describe("the staff's daily screens, in Chromium", () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
        await h.page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, h.page, ADMIN);
        await h.page.getByText('Welcome').first().waitFor();
    });
    afterAll(async () => h?.close());

    async function api(method: 'POST' | 'PUT' | 'GET', url: string, payload?: Record<string, unknown>) {
        const token = await h.page.evaluate(() => localStorage.getItem('token'));
        const response = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json();
    }

    it('keeps a toggle made one second before a reload', async () => {
        const { page } = h;
        const { data } = await api('POST', '/api/gst', { type: 'IGST', description: 'Integrated GST on packaged food', percent: 18 });
        const id = (data as { id: number }).id;
        // The browser may ask before leaving while Undo is offered; the person chooses to reload.
        const answer = (dialog: import('playwright-core').Dialog) => dialog.accept();
        page.on('dialog', answer);
        for (const width of [1366, 390]) {
            await page.setViewportSize({ width, height: 860 });
            await page.goto(`${h.baseUrl}/gst`);
            // A table row at 1366 px, a list item on a phone.
            const rowOf = () => page.locator('tr, li').filter({ hasText: '18%' });
            const row = rowOf();
            const before = (await row.getByText(/^(Active|Inactive)$/).textContent())!;
            await row.getByRole('button', { name: before === 'Active' ? 'Deactivate' : 'Activate' }).click();
            await page.getByRole('button', { name: 'Undo' }).waitFor();
            await shot(page, `screens-${width}-undo-pending`);
            await page.waitForTimeout(1_000);
            await page.reload();
            const after = before === 'Active' ? 0 : 1;
            const saved = await h.app.db.selectFrom('gstRates').select('status').where('id', '=', id).executeTakeFirstOrThrow();
            expect(saved.status, `at ${width} px`).toBe(after);
            await rowOf().getByText(after ? 'Active' : 'Inactive', { exact: true }).waitFor();
        }
        page.off('dialog', answer);
        await page.setViewportSize({ width: 1366, height: 860 });
    });

    it('exports numbers as numbers, and gives a coupon amount its ₹ or % by its type', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/gst`);
        await page.locator('tr, li').filter({ hasText: '18%' }).first().waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
        const file = path.join(os.tmpdir(), 'gst-export.csv');
        await download.saveAs(file);
        const [header, row] = fs.readFileSync(file, 'utf8').replace(/^\ufeff/, '').split('\r\n');
        expect(header).toBe('ID,Type,Description,Percent (%),Status');
        expect(row).toMatch(/^\d+,IGST,Integrated GST on packaged food,18,(Active|Inactive)$/);

        const looks = [
            [1366, 'en', 'light'],
            [390, 'en', 'dark'],
            [1366, 'hi', 'dark'],
            [390, 'hi', 'light'],
        ] as const;
        for (const [width, locale, theme] of looks) {
            await prefer(page, locale, theme);
            await page.setViewportSize({ width, height: 860 });
            await page.goto(`${h.baseUrl}/coupons/create`);
            const type = page.getByRole('combobox', { name: locale === 'en' ? /^Discount type/ : /^छूट का प्रकार/ });
            const sign = page.getByRole('spinbutton', { name: locale === 'en' ? /^Discount/ : /^छूट/ }).locator('..');
            // The options name their sign in both languages: 'Fixed amount (₹)', 'प्रतिशत (%)'.
            for (const shown of ['₹', '%']) {
                await type.click();
                await page.getByRole('option', { name: shown }).click();
                await page.locator('[role=listbox]').waitFor({ state: 'detached' });
                await expect.poll(() => sign.textContent()).toBe(shown);
            }
            await shot(page, `screens-${width}-${locale}-${theme}-coupon-percent`);
        }
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
    });

    it('draws the dashboard chart in the theme’s colours, light and dark', async () => {
        const { page } = h;
        for (const [width, locale, theme] of [[1366, 'en', 'light'], [1366, 'en', 'dark'], [390, 'hi', 'dark']] as const) {
            await prefer(page, locale, theme);
            await page.setViewportSize({ width, height: 860 });
            await page.goto(`${h.baseUrl}/`);
            const mark = page.locator('.MuiChartsLegend-mark .MuiChartsLabelMark-fill').first();
            await mark.waitFor();
            // Revenue's bars are the theme's primary colour: green, light or dark.
            expect(await mark.getAttribute('fill')).toBe(theme === 'light' ? '#2e7d32' : '#81c784');
            await shot(page, `screens-${width}-${locale}-${theme}-dashboard`);
        }
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
    });

    it('names the pages screen in the menu as the screen names itself, apart from the older /ManagePage', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/`);
        await page.getByRole('menuitem', { name: 'Pages' }).click();
        await page.waitForURL(/\/pagecontent$/);
        await expect.poll(() => page.title()).toBe('Pages · Grocer Back-office');
        expect(await page.getByRole('menuitem', { name: 'Manage Page' }).count()).toBe(0);
        await page.goto(`${h.baseUrl}/ManagePage`);
        await expect.poll(() => page.title()).toBe('Managed pages · Grocer Back-office');
    });

    it('heads a list page with its name, and says when a stored search applies, until cleared', async () => {
        const { page } = h;
        for (const [width, locale, theme] of [[1366, 'en', 'light'], [390, 'hi', 'dark']] as const) {
            await prefer(page, locale, theme);
            await page.setViewportSize({ width, height: 860 });
            await page.goto(`${h.baseUrl}/gst?filter=${encodeURIComponent('{"q":"IGST"}')}`);
            await page.getByRole('heading', { level: 1, name: locale === 'en' ? 'GST rates' : /जीएसटी/ }).waitFor();
            const line = page.getByRole('status').filter({ hasText: 'IGST' });
            await line.waitFor();
            await shot(page, `screens-${width}-${locale}-${theme}-filters-on`);
            // Kept across visits: a later visit to the bare address still says it.
            await page.goto(`${h.baseUrl}/gst`);
            await line.waitFor();
            await line.getByRole('button').click();
            await line.waitFor({ state: 'detached' });
        }
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
    });
});
