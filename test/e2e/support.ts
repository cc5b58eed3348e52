import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { codeFromOutbox, mailCount, type Harness } from './harness';

/** Signs in through the login page with the code read from the mail outbox. */
export async function signInThroughUi(h: Harness, page: Page, email: string) {
    const before = mailCount(h.config, email);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('One-time code').waitFor();
    await page.getByLabel('One-time code').fill(await codeFromOutbox(h.config, email, before));
    const verify = page.getByRole('button', { name: 'Verify and sign in' });
    await verify.click();
    // Signed in when the form has gone: a journey that navigates before then cuts the sign-in's request short and
    // lands, signed out, on the sign-in page (CI's order desk, on a busy machine).
    await verify.waitFor({ state: 'detached', timeout: 30_000 });
}

/** Waits for a react-admin notification with this text. */
export async function expectNotification(page: Page, text: string) {
    await expect.poll(() => page.getByRole('alert').filter({ hasText: text }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

/**
 * Toggles and deletes are undoable: their request leaves only when the notification offering Undo closes.
 * Closes it and waits for the answer, before a journey reads the database or leaves the page (which would
 * drop the change).
 */
export async function undoWindowClosed(page: Page) {
    // The notification shows on the tick after the click: wait for it first, or the window is taken for closed.
    const undo = page.getByRole('button', { name: 'Undo' }).first();
    await undo.waitFor({ state: 'attached', timeout: 5_000 });
    // Dismissed with Escape, as staff who do not want to wait do: the change leaves then, not four seconds later.
    await page.keyboard.press('Escape');
    await undo.waitFor({ state: 'detached', timeout: 15_000 });
    await quiet(page);
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * The page's requests running now. Counted from the first call on: that call also waits for Playwright's
 * 'networkidle', for the requests that started before anything counted them.
 */
async function requestsOf(page: Page): Promise<Set<unknown>> {
    let running = inFlight.get(page);
    if (!running) {
        const open = new Set<unknown>();
        page.on('request', (request) => open.add(request));
        page.on('requestfinished', (request) => open.delete(request));
        page.on('requestfailed', (request) => open.delete(request));
        inFlight.set(page, (running = open));
        await page.waitForLoadState('networkidle');
    }
    return running;
}

/**
 * No request is running and nothing moves. Playwright's 'networkidle' waits for half a second without a request,
 * and a fixed pause for transitions: on a journey's hundreds of screens those waits were minutes. Here the page's
 * own requests are counted, and the transitions Material UI runs (menus, rows fading in) are awaited as they end.
 * A request that starts just after a render (a reference's names) shows within two frames, so quiet means quiet
 * across two frames.
 */
export async function quiet(page: Page) {
    const running = await requestsOf(page);
    for (let calm = 0; calm < 2; ) {
        await expect.poll(() => running.size, { timeout: 15_000, interval: 20 }).toBe(0);
        await page.evaluate(async () => {
            const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
            await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        });
        calm = running.size === 0 ? calm + 1 : 0;
    }
}

/** A screen has drawn its data: its level-one heading is there, no request is running and nothing moves. */
export async function settled(page: Page) {
    await page.locator('h1').first().waitFor({ timeout: 10_000 });
    await quiet(page);
}

/**
 * Goes to a screen inside the app, without loading it again: the router follows the history, as after a link. The
 * headings on the screen left are marked first, so that the wait is for the next screen's own. A page load costs
 * Chromium one or two seconds of a core; a journey loads afresh only where the load is what it tests (a theme or
 * language just chosen, a form with unsaved changes left).
 */
export async function openInApp(page: Page, path: string) {
    await page.evaluate(to => {
        for (const heading of document.querySelectorAll('h1')) heading.dataset.left = 'true';
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.locator('h1:not([data-left])').first().waitFor({ timeout: 10_000 });
}

/** Every width, language and theme a journey is seen in, each pair of them at least once. */
export const LOOKS = [
    [1366, 'en', 'light'],
    [1366, 'hi', 'dark'],
    [390, 'en', 'dark'],
    [390, 'hi', 'light'],
    [1366, 'en', 'dark'],
    [390, 'en', 'light'],
    [1366, 'hi', 'light'],
    [390, 'hi', 'dark'],
] as const;

/** Shows the app in this language and theme from the next load on (react-admin's stored preferences). */
export const prefer = (page: Page, locale: 'en' | 'hi', theme: 'light' | 'dark') =>
    page.evaluate(([l, t]) => {
        localStorage.setItem('RaStore.locale', JSON.stringify(l));
        localStorage.setItem('RaStore.theme', JSON.stringify(t));
    }, [locale, theme]);

/** The page is no wider than the window: nothing pushes it sideways. */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
