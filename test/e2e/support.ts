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
