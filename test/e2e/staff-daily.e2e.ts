import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed/demo';
import { ROLE } from '../../schema/access';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { LOOKS, openInApp, overflow, prefer, settled, signInThroughUi } from './support';

const WORDS = {
    en: { palette: /^Search the shop/, dateFormat: 'dd/mm/yyyy', dateColumn: 'Date and time (%s)', placed: 'Placed on', menu: 'Main menu' },
    hi: { palette: /^दुकान में खोजें/, dateFormat: 'दिन/माह/वर्ष', dateColumn: 'तारीख़ और समय (%s)', placed: 'को दिया गया', menu: 'मुख्य मेनू' },
} as const;

/**
 * The staff's daily screens in one journey, at 1366 and 390 px, in English and Hindi, light and dark: the command palette, landmarks,
 * dates typed as dd/mm/yyyy, the shop's zone named on the order screens (and following its setting), and the
 * confirmations before what cannot be undone (a delete, a role change, disabling an account, cancelling and
 * delivering an order). Screenshots in test-results/daily-*.
 */
describe("the staff's daily screens in one journey", () => {
    let h: Harness;
    let customerId: number;
    let openOrder: number;
    beforeAll(async () => {
        h = await startHarness();
        await seedDemo(h.app);
        customerId = (await h.app.db.selectFrom('users').select('id').where('roleId', '=', ROLE.customer).orderBy('id').executeTakeFirstOrThrow()).id;
        openOrder = (await h.app.db.selectFrom('orders').select('id').where('status', 'in', ['paid', 'packed']).orderBy('id').executeTakeFirstOrThrow()).id;
        // Leaving the coupon form with dates typed in it asks first (the browser's own question): yes, leave.
        h.page.on('dialog', dialog => void dialog.accept());
        await h.page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, h.page, ADMIN);
        await h.page.getByText('Welcome').first().waitFor();
    }, 180_000);
    afterAll(async () => h?.close());

    it('shows each item at both widths, in both languages and themes', async () => {
        const { page } = h;
        for (const [width, locale, theme] of LOOKS) {
            const words = WORDS[locale];
            const where = `${width} px ${locale} ${theme}`;
            await prefer(page, locale, theme);
            await page.setViewportSize({ width, height: 860 });

            // The command palette, over the dashboard; the page's landmarks around it.
            await page.goto(`${h.baseUrl}/`);
            await settled(page);
            expect(await page.getByRole('main').count(), where).toBe(1);
            expect(await page.getByRole('banner').count(), where).toBe(1);
            if (width > 600) expect(await page.getByRole('navigation', { name: words.menu }).count(), where).toBe(1);
            if (width > 600) await page.keyboard.press('Control+k');
            else await page.getByRole('button', { name: words.palette }).click();
            await page.getByRole('combobox').pressSequentially('paneer', { delay: 30 });
            await page.getByRole('listbox').getByRole('option').first().waitFor();
            await shot(page, `daily-palette-${width}-${locale}-${theme}`);
            await page.keyboard.press('Escape');
            await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

            // A coupon's dates, typed as the app shows them.
            await openInApp(page, '/coupons/create');
            await settled(page);
            const dates = page.getByPlaceholder(words.dateFormat, { exact: true });
            expect(await dates.count(), where).toBe(2);
            await dates.first().pressSequentially('27112026');
            expect(await dates.first().inputValue(), where).toBe('27/11/2026');
            expect(await overflow(page), where).toBeLessThanOrEqual(0);
            await shot(page, `daily-coupon-dates-${width}-${locale}-${theme}`);

            // The order list's dates and an order's moments say whose clock they read. Loaded afresh: the coupon's
            // form has unsaved dates, and leaving it asks (the browser's own question).
            await page.goto(`${h.baseUrl}/orders?filter=${encodeURIComponent(JSON.stringify({ createdFrom: '2020-01-01' }))}`);
            await settled(page);
            expect(await page.getByPlaceholder(words.dateFormat, { exact: true }).first().inputValue(), where).toBe('01/01/2020');
            if (width > 600) await page.getByRole('columnheader', { name: words.dateColumn.replace('%s', 'IST') }).waitFor();
            expect(await overflow(page), where).toBeLessThanOrEqual(0);
            await shot(page, `daily-orders-${width}-${locale}-${theme}`);
            await openInApp(page, `/orders/${openOrder}/show`);
            await settled(page);
            await page.getByText(new RegExp(`${words.placed}|IST`)).first().waitFor();
            expect(await page.getByText(/\bIST\b/).count(), where).toBeGreaterThan(0);
            expect(await overflow(page), where).toBeLessThanOrEqual(0);
            await shot(page, `daily-order-${width}-${locale}-${theme}`);
        }
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
    }, 900_000);

    it('asks before what cannot be undone: a delete, a role change, disabling an account, cancelling or delivering an order', async () => {
        const { page } = h;
        for (const width of [1366, 390]) {
            await page.setViewportSize({ width, height: 860 });
            const asks = async (what: string) => {
                const dialog = page.getByRole('dialog');
                // Its answers drawn (the dialog is in the page a moment before them, as it fades in), then the shot.
                await dialog.getByRole('button', { name: /^(Go back|Cancel)$/ }).first().waitFor();
                // The window as it is: a full-page shot resizes the viewport, and the product list's row (its Delete's
                // dialog with it) may be drawn anew then.
                await shot(page, `daily-confirm-${what}-${width}`, { viewport: true });
                // Said no: "Cancel", or "Go back" where the action itself is a cancellation ("Cancel the order").
                const goBack = dialog.getByRole('button', { name: 'Go back' });
                await ((await goBack.count()) ? goBack : dialog.getByRole('button', { name: 'Cancel' }).first()).click();
                await dialog.waitFor({ state: 'detached' });
            };

            // A row's Delete (a phone's lists are simple lists, without row actions).
            if (width > 600) {
                await page.goto(`${h.baseUrl}/products`);
                await settled(page);
                await page.getByRole('row').nth(1).getByRole('button', { name: 'Delete', exact: true }).click();
                await asks('delete');
            }

            await openInApp(page, `/users/${customerId}/show`);
            await settled(page);
            await page.getByRole('combobox', { name: 'New role' }).click();
            await page.getByRole('option', { name: 'Seller' }).click();
            await page.getByRole('button', { name: 'Change role' }).click();
            await asks('role');
            await page.getByRole('button', { name: 'Disable account' }).click();
            await asks('disable');

            await openInApp(page, `/orders/${openOrder}/show`);
            await settled(page);
            for (const move of ['Mark Cancelled', 'Mark Delivered']) {
                const button = page.getByRole('button', { name: move });
                if (!(await button.count())) continue;
                await button.click();
                await asks(move.split(' ')[1].toLowerCase());
            }
        }
        // Nothing was changed by asking: the customer, the order and the products are as they were.
        const customer = await h.app.db.selectFrom('users').select(['roleId', 'status']).where('id', '=', customerId).executeTakeFirstOrThrow();
        expect(customer).toEqual({ roleId: ROLE.customer, status: 1 });
        const order = await h.app.db.selectFrom('orders').select('status').where('id', '=', openOrder).executeTakeFirstOrThrow();
        expect(['paid', 'packed']).toContain(order.status);
    }, 600_000);
});
