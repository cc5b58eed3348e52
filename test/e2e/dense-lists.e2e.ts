import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed/demo';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { LOOKS, openInApp, overflow, prefer, settled, signInThroughUi } from './support';

/** Denser, configurable lists and wide forms, in Chromium against the real built app. */
describe('lists with icon actions and a column chooser, and forms that use the screen', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
        await seedDemo(h.app);
        await h.page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, h.page, ADMIN);
        await h.page.getByText('Welcome').first().waitFor();
    }, 180_000);
    afterAll(async () => h?.close());

    it('gives each row icon actions named for what they do, with a tooltip', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/products`);
        const row = page.getByRole('row').nth(1);
        await row.getByRole('link', { name: 'Edit' }).waitFor();
        const toggle = row.getByRole('button', { name: /^(Activate|Deactivate)$/ });
        const remove = row.getByRole('button', { name: 'Delete' });
        // Icons only: no word is drawn in the row, so each is about an icon's width.
        for (const action of [row.getByRole('link', { name: 'Edit' }), toggle, remove]) {
            expect((await action.boundingBox())!.width).toBeLessThanOrEqual(40);
        }
        await remove.hover();
        await page.getByRole('tooltip', { name: 'Delete' }).waitFor();
        // Delete still asks first.
        await remove.click();
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await row.getByRole('link', { name: 'Edit' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/products\/\d+$/);
    });

    it('remembers the columns chosen, across a reload', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/products`);
        const header = page.getByRole('columnheader', { name: 'Stock' });
        await header.waitFor();
        await page.getByRole('button', { name: 'Columns' }).click();
        await page.locator('.MuiPopover-paper').getByLabel('Stock', { exact: true }).click();
        await page.keyboard.press('Escape');
        await header.waitFor({ state: 'detached' });
        await page.reload();
        await page.getByRole('columnheader', { name: 'Name' }).waitFor();
        expect(await header.count()).toBe(0);
        // And back, for the screens below.
        await page.getByRole('button', { name: 'Columns' }).click();
        await page.locator('.MuiPopover-paper').getByLabel('Stock', { exact: true }).click();
        await page.keyboard.press('Escape');
        await header.waitFor();
    });

    it('shows the product list, a product and an order without overflow, in both languages and themes', async () => {
        const { page } = h;
        for (const [width, locale, theme] of LOOKS) {
            await prefer(page, locale, theme);
            await page.setViewportSize({ width, height: 860 });
            // The first screen loaded afresh, in the look just chosen; the others reached in the app.
            for (const [i, [name, path]] of [['products', '/products'], ['product-edit', '/products/1'], ['order', '/orders/1/show']].entries()) {
                if (i === 0) await page.goto(`${h.baseUrl}${path}`);
                else await openInApp(page, path);
                await settled(page);
                expect(await overflow(page), `${path} at ${width} px, ${locale}`).toBeLessThanOrEqual(0);
                await shot(page, `dense-${name}-${width}-${locale}-${theme}`);
            }
        }
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
    }, 300_000);
});
