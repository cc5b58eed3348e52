import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, codeFromOutbox, shot as pageShot, startHarness, type Harness } from './harness';
import { signInThroughUi } from './support';

/** Shows the app in this language and theme from the next load on (react-admin's stored preferences). */
const prefer = (page: Page, locale: 'en' | 'hi', theme: 'light' | 'dark') =>
    page.evaluate(([l, t]) => {
        localStorage.setItem('RaStore.locale', JSON.stringify(l));
        localStorage.setItem('RaStore.theme', JSON.stringify(t));
    }, [locale, theme]);

/** The viewport as the person sees it, the palette over the page (a full-page shot would show the page below it). */
const shot = (page: Page, name: string) => pageShot(page, name, { viewport: true });

const LOOKS = [
    [1366, 'en', 'light'],
    [390, 'en', 'dark'],
    [1366, 'hi', 'dark'],
    [390, 'hi', 'light'],
] as const;

const WORDS = {
    en: { open: 'Search the shop (Ctrl+K)', combobox: 'Search the shop', products: 'Products', orders: 'Orders', screens: 'Screens' },
    hi: { open: 'दुकान में खोजें (कंट्रोल+K)', combobox: 'दुकान में खोजें', products: 'उत्पाद', orders: 'ऑर्डर', screens: 'स्क्रीन' },
};

/** The command palette, in Chromium against the real built app and API. */
describe('the command palette, in Chromium', () => {
    let h: Harness;
    let orderId: number;
    let productId: number;

    async function api(token: string | undefined, method: 'POST' | 'GET', url: string, payload?: Record<string, unknown>) {
        const response = await h.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json();
    }

    beforeAll(async () => {
        h = await startHarness();
        await h.page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, h.page, ADMIN);
        await h.page.getByText('Welcome').first().waitFor();
        const admin = (await h.page.evaluate(() => localStorage.getItem('token')))!;
        for (const [url, body] of [
            ['/api/categories', { name: 'Dairy & Eggs', description: 'Milk, curd and paneer' }],
            ['/api/subcategories', { categoryId: 1, name: 'Milk' }],
            ['/api/attribute', { name: 'Volume', value: '1 L' }],
            ['/api/gst', { type: 'IGST', description: '5% slab', percent: 5 }],
            ['/api/products', { name: 'Amul Gold Milk 1 L', description: 'Full cream', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '68.00' }],
            ['/api/products', { name: 'Malai Paneer 200 g', description: 'Fresh paneer', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '90.00' }],
            ['/api/pincode', { pincode: '560038', prize: '30', state: 'Karnataka' }],
        ] as const) {
            await api(admin, 'POST', url, body);
        }
        productId = 2;
        await api(undefined, 'POST', '/api/user_register', {
            name: 'Meera Iyer',
            email: 'meera@example.in',
            contact_no: '9812345678',
            address: '4 Residency Road, Bengaluru',
            pincode: '560038',
            password: 'secret1',
        });
        // Registration gives no session: the customer signs in with a mailed code.
        await api(undefined, 'POST', '/api/user_login', { email: 'meera@example.in' });
        const { token } = await api(undefined, 'POST', '/api/userverify-otp', { email: 'meera@example.in', otp: await codeFromOutbox(h.config, 'meera@example.in') });
        orderId = (await api(token, 'POST', '/api/orders', { items: [{ productId: 1, quantity: 2 }], pincode: '560038' })).data.id;
    });
    afterAll(async () => h?.close());

    it('opens with Ctrl+K or the app bar button, finds as one types, moves with the arrows and opens the record with Enter', async () => {
        const { page } = h;
        for (const [width, locale, theme] of LOOKS) {
            const words = WORDS[locale];
            await prefer(page, locale, theme);
            await page.setViewportSize({ width, height: 860 });
            await page.goto(`${h.baseUrl}/`);
            await page.getByRole('button', { name: words.open }).waitFor();
            await shot(page, `palette-${width}-${locale}-${theme}-app-bar`);
            const where = `${width} px ${locale} ${theme}`;

            // A product by its name: Ctrl+K, type, the first hit is active, Enter opens its form.
            if (width > 600) await page.keyboard.press('Control+k');
            else await page.getByRole('button', { name: words.open }).click(); // a phone has no keyboard shortcut
            const box = page.getByRole('combobox', { name: words.combobox });
            await expect.poll(() => box.evaluate(el => el === document.activeElement), { message: where }).toBe(true);
            await box.pressSequentially('paneer', { delay: 30 });
            const listbox = page.getByRole('listbox');
            await listbox.getByRole('group', { name: words.products }).getByRole('option', { name: /Malai Paneer 200 g/ }).waitFor();
            const active = async () => page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`).textContent();
            expect(await active(), where).toContain('Malai Paneer');
            await shot(page, `palette-${width}-${locale}-${theme}-product`);
            await page.keyboard.press('Enter');
            await page.waitForURL(new RegExp(`/products/${productId}$`));
            await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

            // An order by its customer's name: the arrows move past the screens' and users' groups to it.
            await page.keyboard.press('Control+k');
            await box.pressSequentially('meera', { delay: 30 });
            const order = listbox.getByRole('group', { name: words.orders }).getByRole('option', { name: new RegExp(`#${orderId} Meera Iyer`) });
            await order.waitFor();
            const optionIds = await listbox.getByRole('option').evaluateAll(options => options.map(o => o.id));
            const orderAt = optionIds.indexOf((await order.getAttribute('id'))!);
            for (let i = 0; i < orderAt; i++) await page.keyboard.press('ArrowDown');
            expect(await box.getAttribute('aria-activedescendant'), where).toBe(await order.getAttribute('id'));
            expect(await order.getAttribute('aria-selected')).toBe('true');
            await shot(page, `palette-${width}-${locale}-${theme}-order`);
            await page.keyboard.press('Enter');
            await page.waitForURL(new RegExp(`/orders/${orderId}/show$`));

            // Escape closes; a query of one letter asks nothing.
            await page.keyboard.press('Control+k');
            await box.pressSequentially('m');
            await page.waitForTimeout(400);
            expect(await listbox.getByRole('group', { name: words.products }).count()).toBe(0);
            await page.keyboard.press('Escape');
            await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        }
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
    });

    it('finds screens by the menu’s names, and "/" focuses the list’s own search box', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/`);
        await page.getByRole('button', { name: WORDS.en.open }).waitFor();
        await page.keyboard.press('Control+k');
        const box = page.getByRole('combobox', { name: 'Search the shop' });
        await box.pressSequentially('pinc');
        await page.getByRole('group', { name: 'Screens' }).getByRole('option', { name: 'Pincode' }).waitFor();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/pincode$/);

        await page.goto(`${h.baseUrl}/products`);
        const search = page.locator('input[name="q"]');
        await search.waitFor();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('/');
        await expect.poll(() => search.evaluate(el => el === document.activeElement)).toBe(true);
        await page.keyboard.type('amul');
        await page.getByText('Amul Gold Milk 1 L').first().waitFor();
        await expect.poll(() => page.getByText('Malai Paneer 200 g').count()).toBe(0);
        await shot(page, 'palette-1366-slash-list-search');
    });
});
