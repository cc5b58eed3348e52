import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, codeFromOutbox, mailCount, pngFile, shot, startHarness, type Harness } from './harness';
import { expectNotification, undoWindowClosed } from './support';

describe('sign-in and categories, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    it('sends a signed-out visitor to the login page and back after signing in by e-mail code', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/AddCategoryForm`);
        await page.getByLabel('E-mail').waitFor();
        expect(page.url()).toContain('/login');
        await shot(page, '01-login-email');

        await page.getByLabel('E-mail').fill('someone@nowhere');
        await page.getByRole('button', { name: 'Send code' }).click();
        await page.getByText('Invalid email').waitFor();

        const before = mailCount(h.config, ADMIN);
        await page.getByLabel('E-mail').fill(ADMIN);
        await page.getByRole('button', { name: 'Send code' }).click();
        await page.getByLabel('One-time code').waitFor();
        await page.getByLabel('One-time code').fill('000000');
        await page.getByRole('button', { name: 'Verify and sign in' }).click();
        await page.getByText('Invalid OTP').waitFor();
        await shot(page, '02-login-code');

        await page.getByLabel('One-time code').fill(await codeFromOutbox(h.config, ADMIN, before));
        await page.getByRole('button', { name: 'Verify and sign in' }).click();
        await page.getByText('No categories available.').waitFor();
        expect(new URL(page.url()).pathname).toBe('/categories');
        await shot(page, '03-categories-empty');
    });

    it('creates a category with an image', async () => {
        const { page } = h;
        await page.getByRole('link', { name: 'Create' }).first().click();
        await page.getByLabel('Name').fill('Fresh Fruits');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Please enter the category description').waitFor();

        await page.getByLabel('Description').fill('Seasonal fruit, delivered the same day');
        await page.locator('input[type=file]').setInputFiles(pngFile('fruits', 20, 'circle'));
        await shot(page, '04-category-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Category added successfully');

        await page.getByRole('row', { name: /Fresh Fruits/ }).waitFor();
        const image = page.locator('table img').first();
        // The list draws a sized copy of the 96 px picture: loaded, and no wider than the original.
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.naturalWidth <= 96)).toBe(true);
        expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/[\w-]+\.png\?w=\d+$/);
        await shot(page, '05-categories-list');
    });

    it('edits it', async () => {
        const { page } = h;
        await page.getByRole('row', { name: /Fresh Fruits/ }).getByRole('link', { name: 'Edit' }).click();
        await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Fresh Fruits');
        await page.getByLabel('Name').fill('Fruits & Berries');
        await shot(page, '06-category-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Category updated successfully');
        await page.getByRole('row', { name: /Fruits & Berries/ }).waitFor();
    });

    it('removes its image', async () => {
        const { page } = h;
        const before = await h.app.db.selectFrom('categories').select('image').executeTakeFirstOrThrow();
        await page.getByRole('row', { name: /Fruits & Berries/ }).getByRole('link', { name: 'Edit' }).click();
        const preview = page.locator('.ra-input-image');
        await preview.locator('img').hover();
        await preview.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Category updated successfully');
        await page.getByRole('row', { name: /Fruits & Berries/ }).getByTitle('No image').waitFor();
        const after = await h.app.db.selectFrom('categories').select('image').executeTakeFirstOrThrow();
        expect(after.image).toBeNull();
        expect((await fetch(`${h.baseUrl}${before.image}`)).status).toBe(404);
    });

    it('deactivates it', async () => {
        const { page } = h;
        const row = page.getByRole('row', { name: /Fruits & Berries/ });
        await row.getByRole('button', { name: 'Deactivate' }).click();
        await expectNotification(page, 'Category status toggled successfully');
        await undoWindowClosed(page);
        await row.getByText('Inactive').waitFor();
        await row.getByRole('button', { name: 'Activate' }).waitFor();
        const stored = await h.app.db.selectFrom('categories').select(['name', 'status']).executeTakeFirstOrThrow();
        expect(stored).toEqual({ name: 'Fruits & Berries', status: 0 });
        await shot(page, '07-category-deactivated');
    });

    it('shows the dashboard with the countdown, and signs out', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/dashboard`);
        await page.getByText('Coming Soon').waitFor();
        await shot(page, '08-dashboard');

        // The user menu is named by what it reads: the signed-in user's name.
        await page.getByRole('button', { name: 'Shop Administrator' }).click();
        await page.getByRole('menuitem', { name: 'Sign Out' }).click();
        await page.getByLabel('E-mail').waitFor();
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        const sessions = await h.app.db.selectFrom('sessions').select('revokedAt').execute();
        expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    });
});
