import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { codeFromOutbox, type Harness } from './harness';

/** Signs in through the login page with the code read from the mail outbox. */
export async function signInThroughUi(h: Harness, page: Page, email: string) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('One-time code').waitFor();
    await page.getByLabel('One-time code').fill(await codeFromOutbox(h.config, email));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

/** Waits for a react-admin notification with this text. */
export async function expectNotification(page: Page, text: string) {
    await expect.poll(() => page.getByRole('alert').filter({ hasText: text }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
}

/**
 * Toggles and deletes are undoable: their request leaves only when the notification offering Undo closes.
 * Waits for that and for the answer, before a journey reads the database or leaves the page (which would
 * drop the change).
 */
export async function undoWindowClosed(page: Page) {
    // The notification shows on the tick after the click: wait for it first, or the window is taken for closed.
    const undo = page.getByRole('button', { name: 'Undo' }).first();
    await undo.waitFor({ state: 'attached', timeout: 5_000 });
    await undo.waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
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
