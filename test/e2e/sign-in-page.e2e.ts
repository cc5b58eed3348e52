import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN, codeFromOutbox, mailCount, shot, startHarness, type Harness } from './harness';
import { LOOKS, overflow, prefer } from './support';

const WORDS = {
    en: { title: 'Sign in to Grocer Back-office', email: 'E-mail', send: 'Send code', code: 'One-time code', verify: 'Verify and sign in', register: 'Create an account' },
    hi: { title: 'ग्रोसर बैक-ऑफ़िस में साइन इन करें' },
};

/** The app's chunk, its layout and screens: none of them is fetched before the visitor asks for a code. */
const APP_CHUNK = /\/assets\/(renderAdmin|Layout|Dashboard|Login|SchemaList)-[\w-]+\.js$/;

/**
 * A signed-out visit opens with a sign-in page drawn before react-admin is loaded (the main
 * script alone), in the language and theme the app remembers, and goes on into the app once signed in.
 */
describe('the sign-in page a signed-out visit opens with, in Chromium', () => {
    let h: Harness;
    let context: BrowserContext;
    let page: Page;
    const scripts: string[] = [];

    beforeAll(async () => {
        h = await startHarness();
        context = await h.browser.newContext({ viewport: { width: 1366, height: 860 } });
        page = await context.newPage();
        page.setDefaultTimeout(15_000);
        page.on('request', request => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    }, 120_000);
    afterAll(async () => h?.close());

    it('draws the sign-in page from the main script alone, at / and at /login, in every language and theme', async () => {
        for (const [width, locale, theme] of LOOKS) {
            await page.setViewportSize({ width, height: 860 });
            await page.goto(`${h.baseUrl}/`);
            await prefer(page, locale, theme);
            scripts.length = 0;
            await page.reload();
            await page.getByRole('heading', { level: 1, name: WORDS[locale].title }).waitFor();
            expect(new URL(page.url()).pathname, 'a signed-out visit of / shows /login').toBe('/login');
            expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
            // The theme react-admin will show: the card on a dark or light paper.
            const paper = await page.locator('main .MuiCard-root').evaluate(card => getComputedStyle(card).backgroundColor);
            const [r, g, b] = paper.match(/\d+/g)!.map(Number);
            expect(r + g + b > 384 ? 'light' : 'dark', `${width} ${locale} ${theme}: ${paper}`).toBe(theme);
            expect(await overflow(page)).toBeLessThanOrEqual(0);
            expect(scripts.filter(path => APP_CHUNK.test(path)), `${width} ${locale} ${theme}`).toEqual([]);
            await shot(page, `sign-in-page-${width}-${locale}-${theme}`);
        }
    }, 180_000);

    it('checks the address, asks for the code, refuses a wrong one and signs in into the dashboard', async () => {
        await page.setViewportSize({ width: 1366, height: 860 });
        await prefer(page, 'en', 'light');
        await page.goto(`${h.baseUrl}/login`);
        const words = WORDS.en;
        await page.getByRole('button', { name: words.send }).click();
        await page.getByText('Required').waitFor();
        await page.getByLabel(words.email).fill('someone@nowhere');
        await page.getByText('Invalid email').waitFor();
        const before = mailCount(h.config, ADMIN);
        await page.getByLabel(words.email).fill(ADMIN);
        await page.getByRole('button', { name: words.send }).click();
        await page.getByLabel(words.code).fill('000000');
        await page.getByRole('button', { name: words.verify }).click();
        await page.getByText('Invalid OTP').waitFor();
        await page.getByLabel(words.code).fill(await codeFromOutbox(h.config, ADMIN, before));
        await page.getByRole('button', { name: words.verify }).click();
        await page.getByText('Welcome').first().waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        // Signed in, the app itself answers /login: back to the dashboard.
        await page.goto(`${h.baseUrl}/login`);
        await page.getByText('Welcome').first().waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
    });

    it('links to the registration page, which the app draws', async () => {
        await page.evaluate(() => localStorage.removeItem('token'));
        await page.goto(`${h.baseUrl}/login`);
        await page.getByRole('link', { name: WORDS.en.register }).click();
        await page.waitForURL(/\/registration$/);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(scripts.some(path => /\/assets\/renderAdmin-/.test(path))).toBe(true);
    });
});
