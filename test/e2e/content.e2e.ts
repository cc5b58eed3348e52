import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, pngFile, shot as fullPageShot, startHarness, type Harness } from './harness';
import { expectNotification, signInThroughUi } from './support';

const long = 'Fresh mangoes, litchis and jamuns from the orchards of Ratnagiri and Muzaffarpur, delivered the same day to your door. Order before ten in the morning for delivery by evening, with free delivery on orders above five hundred rupees across Bengaluru.';

async function shot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await fullPageShot(page, name);
}

/** The same screen at a phone's width, then back. */
async function shotBoth(page: Page, name: string) {
    await shot(page, `${name}-1366`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} fits 1366 px`).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot(page, `${name}-390`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} fits a phone`).toBe(true);
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.waitForTimeout(300);
}

async function openCreate(page: Page) {
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.waitForURL(/\/create$/);
    await page.getByRole('button', { name: 'Save' }).waitFor();
}

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('storefront content, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    it('adds a banner, cuts its description with Read More, and toggles it through the confirmation', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/banner`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('No banners yet.').waitFor();
        expect(pathname(page)).toBe('/banners');

        await openCreate(page);
        await page.getByLabel('Name').fill('Monsoon fruit festival');
        await page.getByLabel('Description').fill(long);
        await page.locator('input[type=file]').setInputFiles(pngFile('banner', 40, 'circle'));
        await shot(page, 'content-01-banner-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Banner added successfully');

        const row = page.getByRole('row', { name: /Monsoon fruit festival/ });
        await row.getByRole('button', { name: 'Read More' }).click();
        await page.getByRole('dialog').getByText(/across Bengaluru/).waitFor();
        await shot(page, 'content-02-banner-read-more');
        await page.keyboard.press('Escape');
        await page.locator('[role=dialog]').waitFor({ state: 'detached' });

        await row.getByRole('button', { name: 'Deactivate' }).click();
        await page.getByRole('dialog').getByText('Are you sure you want to deactivate this banner?').waitFor();
        await shot(page, 'content-03-banner-confirm-toggle');
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await row.getByText('Inactive').waitFor();
        await shotBoth(page, 'content-04-banners');
    });

    it('adds a page category and a page with rich text and a picture', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/AddPageCategory`);
        await page.waitForURL(/\/pagecategories$/);
        await openCreate(page);
        await page.getByLabel('Name').fill('Policies');
        await page.getByLabel('Description').fill('The rules of the shop');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Page category added successfully');
        await page.getByRole('row', { name: /Policies/ }).waitFor();
        await shotBoth(page, 'content-05-page-categories');

        await page.goto(`${h.baseUrl}/PageContent`);
        await openCreate(page);
        await page.getByRole('combobox', { name: /^Page category/ }).click();
        await page.getByRole('option', { name: 'Policies' }).click();
        await page.locator('[role=listbox]').waitFor({ state: 'detached' });
        await page.getByLabel('Title').fill('Shipping');
        const editor = page.locator('.ProseMirror');
        await editor.click();
        await page.keyboard.type('Orders placed before ');
        await page.getByRole('button', { name: 'Bold' }).click();
        await page.keyboard.type('10 am');
        await page.getByRole('button', { name: 'Bold' }).click();
        await page.keyboard.type(' arrive the same day.');
        await page.locator('input[type=file]').setInputFiles(pngFile('shipping', 20, 'ring'));
        await shot(page, 'content-06-page-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Page created successfully');
        const row = page.getByRole('row', { name: /Shipping/ });
        await row.getByText(/arrive the same day/).waitFor();
        await shotBoth(page, 'content-07-pages');

        const stored = await h.app.db.selectFrom('pageContents' as never).select('description' as never).executeTakeFirstOrThrow();
        expect(String((stored as { description: string }).description)).toContain('<strong>10 am</strong>');
    });

    it('adds a coupon, refuses the same code again, shows its state and copies its code', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/Coupon`);
        await page.waitForURL(/\/coupons$/);
        const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
        const create = async (code: string) => {
            await openCreate(page);
            await page.getByLabel('Heading').fill('₹50 off your first order');
            await page.getByLabel('Code').fill(code);
            await page.getByRole('combobox', { name: /^Discount type/ }).click();
            await page.getByRole('option', { name: 'fixed' }).click();
            await page.locator('[role=listbox]').waitFor({ state: 'detached' });
            await page.getByRole('spinbutton', { name: /^Discount/ }).fill('50');
            await page.getByLabel('Starts').fill(today);
            await page.getByLabel('Expires').fill('2099-12-31');
            await page.getByRole('button', { name: 'Save' }).click();
        };
        await create('welcome50');
        await expectNotification(page, 'Coupon added successfully');
        const row = page.getByRole('row', { name: /WELCOME50/ });
        await row.getByText('₹50.00').waitFor();
        await shotBoth(page, 'content-08-coupons');

        await create('Welcome50');
        await page.getByText('This coupon code already exists').first().waitFor();
        await shot(page, 'content-09-coupon-duplicate');
        // Leaving the refused form asks first (unsaved changes); the journey leaves by the address bar.
        page.once('dialog', (dialog) => void dialog.accept());
        await page.goto(`${h.baseUrl}/coupons`);

        await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.getByRole('row', { name: /WELCOME50/ }).getByRole('button', { name: 'Copy WELCOME50' }).click();
        await expectNotification(page, 'Copied WELCOME50');
    });

    it('edits the site settings, refusing a javascript: link, with one active row', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/Setting`);
        await page.waitForURL(/\/settings$/);
        await openCreate(page);
        await page.getByLabel('Website').fill('https://freshcart.example.in');
        await page.getByLabel('E-mail').fill('hello@freshcart.example.in');
        await page.getByLabel('Instagram').fill('javascript:alert(1)');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Please enter the Instagram page as an http(s) link').waitFor();
        await page.getByLabel('Instagram').fill('https://instagram.com/freshcart');
        await shot(page, 'content-10-settings-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Settings added successfully');
        await page.getByRole('row', { name: /freshcart\.example\.in/ }).waitFor();
        await shotBoth(page, 'content-11-settings');
    });

    it('files a page with the older page manager at /ManagePage', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/ManagePage`);
        await page.getByText('No pages yet.').waitFor();
        await openCreate(page);
        await page.getByRole('combobox', { name: /^Page category/ }).click();
        await page.getByRole('option', { name: 'Policies' }).click();
        await page.locator('[role=listbox]').waitFor({ state: 'detached' });
        await page.getByLabel('Page name').fill('Privacy');
        await page.locator('input[type=file]').setInputFiles(pngFile('privacy', 260, 'square'));
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Page created successfully');
        await page.getByRole('row', { name: /Privacy/ }).waitFor();
        await shotBoth(page, 'content-12-managed-pages');
    });
});
