import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { LOOKS, prefer, signInThroughUi } from './support';

const HEADING = { en: 'Activity', hi: 'गतिविधियाँ' };

/** The page's level-one heading: where it is drawn and how many there are. */
const headings = (page: Page) =>
    page.evaluate(() =>
        [...document.querySelectorAll('h1')].map(h1 => {
            const { x, y, height } = h1.getBoundingClientRect();
            return { text: h1.textContent, x: Math.round(x), y: Math.round(y), height: Math.round(height) };
        })
    );

/** Holds back the app's chunk until `release` is called: what shows meanwhile came with the main script. */
async function holdApp(page: Page) {
    let release = () => {};
    const held = new Promise<void>(resolve => (release = resolve));
    await page.route(/\/assets\/renderAdmin-[\w-]+\.js$/, async route => {
        await held;
        await route.continue();
    });
    return async () => {
        release();
        await page.unrouteAll({ behavior: 'wait' });
    };
}

/**
 * A phone's slow CPU runs react-admin for seconds, so a signed-in visit draws the app's frame (the app bar and the list's heading) from the main
 * script alone, where the app will draw them, and the app takes over without the screen going blank or the
 * heading moving.
 */
describe('the first screen of a signed-in visit, in Chromium', () => {
    let h: Harness;
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
        h = await startHarness();
        context = await h.browser.newContext({ viewport: { width: 1366, height: 860 } });
        page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('Welcome').first().waitFor();
        // After every change to the page, whether it shows no heading (a blank screen between the frame and the
        // app) or two (both at once); checked at the end of each task's changes, which is what the browser paints.
        await context.addInitScript(() => {
            const seen = { blank: false, double: false, drawn: false };
            Object.assign(window, { firstScreenSeen: seen });
            new MutationObserver(() => {
                const count = document.querySelectorAll('h1').length;
                if (count > 0) seen.drawn = true;
                if (seen.drawn && count === 0) seen.blank = true;
                if (count > 1) seen.double = true;
            }).observe(document, { childList: true, subtree: true });
        });
    }, 120_000);
    afterAll(async () => h?.close());

    it('draws the frame before the app loads and keeps the heading in place as the app takes over', async () => {
        for (const [width, locale, theme] of LOOKS) {
            const look = `${width} ${locale} ${theme}`;
            await page.setViewportSize({ width, height: 860 });
            await prefer(page, locale, theme);
            const release = await holdApp(page);
            let frame: Awaited<ReturnType<typeof headings>>;
            try {
                await page.goto(`${h.baseUrl}/activity`);
                await page.getByRole('heading', { level: 1, name: HEADING[locale] }).waitFor();
                frame = await headings(page);
                expect(frame, look).toHaveLength(1);
                expect(await page.evaluate(() => document.documentElement.lang), look).toBe(locale);
                expect(await page.getByRole('main').getByRole('heading', { level: 1 }).count(), `${look}: the heading in the page's main landmark`).toBe(1);
                expect(await page.getByRole('banner').isVisible(), look).toBe(true);
                // The theme the app will show: the page's background.
                const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
                const [r, g, b] = paper.match(/\d+/g)!.map(Number);
                expect(r + g + b > 384 ? 'light' : 'dark', `${look}: ${paper}`).toBe(theme);
                await shot(page, `first-screen-${width}-${locale}-${theme}`);

            } finally {
                await release();
            }
            await page.locator('.RaList-main').waitFor();
            await page.waitForLoadState('networkidle');
            expect(await headings(page), `${look}: the app's heading where the frame's was`).toEqual(frame);
            expect(await page.evaluate(() => (window as unknown as { firstScreenSeen: object }).firstScreenSeen), look).toEqual({
                blank: false,
                double: false,
                drawn: true,
            });
        }
    }, 240_000);

    it('gives up after 120 seconds when the app never comes, and says so with a way to reload', async () => {
        const waiting = await h.browser.newContext({ viewport: { width: 390, height: 860 } });
        try {
            const tab = await waiting.newPage();
            await tab.goto(`${h.baseUrl}/login`);
            await tab.evaluate(token => localStorage.setItem('token', token!), await page.evaluate(() => localStorage.getItem('token')));
            await tab.clock.install();
            // The app's chunk never answers: the frame stays, until the time is up.
            await tab.route(/\/assets\/renderAdmin-[\w-]+\.js$/, () => new Promise(() => {}));
            await tab.goto(`${h.baseUrl}/activity`);
            await tab.getByRole('heading', { level: 1, name: HEADING.en }).waitFor();
            await tab.clock.runFor(110_000);
            expect(await tab.getByRole('alert').count(), 'still waiting at 110 s').toBe(0);
            await tab.clock.runFor(11_000);
            await tab.getByRole('alert').filter({ hasText: 'The app took too long to load' }).waitFor();
            expect(await tab.getByRole('link', { name: 'Reload' }).count()).toBe(1);
        } finally {
            await waiting.close();
        }
    });

    it('draws no heading in the frame away from a list or for a list titled otherwise, and no frame without a session', async () => {
        await page.setViewportSize({ width: 1366, height: 860 });
        await prefer(page, 'en', 'light');
        const release = await holdApp(page);
        try {
            await page.goto(`${h.baseUrl}/users/1`);
            await page.getByRole('banner').waitFor();
            expect(await headings(page), 'an edit page: its heading names the record, which the frame does not know').toEqual([]);
            // Signed out, a list's address shows nothing until the app sends the visit to its sign-in page.
            await page.evaluate(() => localStorage.removeItem('token'));
            await page.goto(`${h.baseUrl}/users`);
            await page.waitForLoadState('domcontentloaded');
            await page.waitForTimeout(500);
            expect(await page.getByRole('banner').count()).toBe(0);
        } finally {
            await release();
        }
        await page.getByRole('button', { name: 'Send code' }).waitFor();
    });
});
