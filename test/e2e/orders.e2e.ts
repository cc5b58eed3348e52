import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, codeFromOutbox, SHOTS, shot as fullPageShot, startHarness, type Harness } from './harness';
import { expectNotification, quiet, signInThroughUi } from './support';

const CUSTOMER = { name: 'Meera Iyer', email: 'meera.iyer@example.com', contact_no: '9845012345', address: '7 Indiranagar 100 Feet Road, Bengaluru', pincode: '560038', password: 'meera-secret' };

/** A full-page screenshot from the top, once Material UI's transitions have ended. */
async function shot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await quiet(page);
    await fullPageShot(page, name);
}

/** The same screen on a phone, 390 px wide. */
async function phoneShot(page: Page, name: string) {
    await page.setViewportSize({ width: 390, height: 844 });
    await quiet(page);
    await shot(page, name);
    await page.setViewportSize({ width: 1366, height: 860 });
}

/**
 * Clicks what downloads a PDF, keeps it in test-results beside a picture of its first page (poppler's pdftoppm, to
 * look at) and answers its name and text (pdftotext).
 */
async function downloaded(page: Page, click: () => Promise<void>, name: string) {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    const file = path.join(SHOTS, `${name}.pdf`);
    await download.saveAs(file);
    execFileSync('pdftoppm', ['-r', '80', '-png', '-singlefile', file, path.join(SHOTS, name)]);
    return { name: download.suggestedFilename(), text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
}

describe('an order, from checkout to delivery, in Chromium', () => {
    let h: Harness;
    let orderId: number;
    let total: number;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    const api = async (token: string | undefined, method: 'POST' | 'GET', url: string, payload?: Record<string, unknown>) => {
        const response = await h.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json();
    };

    it('sets up a small shop and a customer who places an order', async () => {
        await api(undefined, 'POST', '/api/user_login', { email: ADMIN });
        const { token: admin } = await api(undefined, 'POST', '/api/userverify-otp', { email: ADMIN, otp: await codeFromOutbox(h.config, ADMIN) });
        for (const [url, body] of [
            ['/api/categories', { name: 'Staples', description: 'Atta, rice and dal' }],
            ['/api/subcategories', { categoryId: 1, name: 'Rice' }],
            ['/api/attribute', { name: 'Weight', value: '5 kg' }],
            ['/api/gst', { type: 'IGST', description: '5% slab', percent: 5 }],
            ['/api/products', { name: 'India Gate Basmati Rice 5 kg', description: 'Aged basmati', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '649.00' }],
            ['/api/products', { name: 'Toor Dal 1 kg', description: 'Unpolished', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '172.50' }],
            ['/api/pincode', { pincode: '560038', prize: '30', state: 'Karnataka' }],
            // A registered shop, so the order's document is a tax invoice (rule 46) and not a bill of supply.
            ['/api/settings', { website: 'https://grocer.test', legalName: 'Grocer Retail Pvt Ltd', gstin: '29AAACF1234A1ZB', state: 'Karnataka', address: '1 Market Road, Bengaluru' }],
        ] as const) {
            await api(admin, 'POST', url, body);
        }
        // Registration gives no session: the customer signs in with a mailed code.
        await api(undefined, 'POST', '/api/user_register', CUSTOMER);
        await api(undefined, 'POST', '/api/user_login', { email: CUSTOMER.email });
        const { token } = await api(undefined, 'POST', '/api/userverify-otp', { email: CUSTOMER.email, otp: await codeFromOutbox(h.config, CUSTOMER.email) });
        const order = (await api(token, 'POST', '/api/orders', { items: [{ productId: 1, quantity: 1 }, { productId: 2, quantity: 2 }], pincode: '560038' })).data;
        orderId = order.id;
        total = order.totalPrice;
        expect(total).toBe(1024); // 649 + 2 × 172.50 + 30 delivery

        // The payment screens send the token kept under 'authToken', the legacy key; the customer signs in for the guarded screens.
        await h.page.goto(`${h.baseUrl}/`);
        await signInThroughUi(h, h.page, CUSTOMER.email);
        await h.page.waitForURL(`${h.baseUrl}/`);
        await h.page.evaluate((t) => localStorage.setItem('authToken', t), token);
    });

    it("pays it through the test provider's checkout page", async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/CheckoutForm?orderId=${orderId}`);
        const pay = page.getByRole('button', { name: 'Pay ₹1,024.00' });
        await pay.waitFor();
        await shot(page, 'orders-01-checkout');
        await pay.click();

        await page.waitForURL(/\/test-checkout\/order_test/);
        await page.getByRole('heading', { name: 'Test payment' }).waitFor();
        await page.getByText('Test payments: no money moves').waitFor();
        await shot(page, 'orders-02-test-provider');
        await page.getByRole('button', { name: 'Pay ₹1,024.00' }).click();

        await page.waitForURL(/\/CheckoutForm\?orderId=\d+$/);
        await page.getByText('Payment successful').waitFor();
        await page.getByText('This order is paid. Thank you!').waitFor();
        await shot(page, 'orders-03-paid');
    });

    it('lets staff find it by customer name, open it and move it to packed and on to delivered', async () => {
        const { page } = h;
        await page.evaluate(() => localStorage.clear());
        await page.goto(`${h.baseUrl}/ListOrder`);
        await signInThroughUi(h, page, ADMIN);
        await page.waitForURL(/\/orders/);
        await page.getByText('Page 1 of 1').waitFor();
        await page.getByLabel('Search customer name').fill('meera');
        const row = page.getByRole('row', { name: /Meera Iyer/ });
        await row.waitFor();
        await expect.poll(() => row.getByText('Paid').count()).toBe(1);
        await row.getByText('₹1,024.00').waitFor();
        await shot(page, 'orders-04-list-search');
        await phoneShot(page, 'orders-05-list-phone');

        await row.click();
        await page.waitForURL(new RegExp(`/orders/${orderId}/show$`));
        await page.getByRole('heading', { name: `Order #${orderId}`, level: 1 }).waitFor();
        await page.getByText(/Payment reference: pay_test/).waitFor();
        // What the rider needs: the phone to call, and a note staff leave for them.
        await page.getByRole('link', { name: CUSTOMER.contact_no }).waitFor();
        await page.getByLabel('Delivery note').fill('Gate 2, call first');
        await page.getByRole('button', { name: 'Save note' }).click();
        await expectNotification(page, 'Delivery note saved');
        await page.getByRole('button', { name: 'Mark Packed' }).click();
        await expectNotification(page, `Order ${orderId} is now packed`);
        await page.getByRole('button', { name: 'Mark Out for delivery' }).click();
        await expectNotification(page, `Order ${orderId} is now out for delivery`);
        await page.getByLabel('Note (optional)').fill('Handed over at the door');
        await page.getByRole('button', { name: 'Mark Delivered' }).click();
        // Delivered cannot be taken back, so it asks first.
        await page.getByRole('dialog').getByText('This cannot be undone: a delivered order can afterwards only be refunded.').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Mark delivered' }).click();
        await expectNotification(page, `Order ${orderId} is now delivered`);
        await page.getByText('Handed over at the door').waitFor();
        await page.getByRole('button', { name: 'Mark Refunded' }).waitFor();
        await shot(page, 'orders-06-delivered');
        await phoneShot(page, 'orders-07-delivered-phone');

        const order = await h.app.db.selectFrom('orders').select(['status', 'paidAt']).where('id', '=', orderId).executeTakeFirstOrThrow();
        expect(order.status).toBe('delivered');
        const history = await h.app.db.selectFrom('orderStatusHistory').select('toStatus').where('orderId', '=', orderId).orderBy('id').execute();
        // The delivery note's change is a line of its own, at the status the order had.
        expect(history.map((r) => r.toStatus)).toEqual(['placed', 'paid', 'paid', 'packed', 'out_for_delivery', 'delivered']);
    });

    it('prints its tax invoice and packing slip, and a bulk packing slip from the list, as PDFs of real text', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/orders/${orderId}/show`);
        const invoiceButton = page.getByRole('button', { name: /^Tax invoice INV\/\d\d-\d\d\/000001$/ });
        await invoiceButton.waitFor();
        const invoice = await downloaded(page, () => invoiceButton.click(), 'orders-10-invoice');
        expect(invoice.name).toMatch(/^INV-\d\d-\d\d-000001\.pdf$/);
        expect(invoice.text).toContain('TAX INVOICE');
        expect(invoice.text).toContain('Meera Iyer');
        expect(invoice.text).toMatch(/India Gate Basmati Rice 5 kg\s+—\s+1 NOS\s+649\.00\s+618\.10\s+5%\s+15\.45\s+15\.45\s+649\.00/);
        expect(invoice.text).toMatch(/Total \(₹\)\s+1,024\.00/);
        const slip = await downloaded(page, () => page.getByRole('button', { name: 'Packing slip' }).click(), 'orders-11-packing-slip');
        expect(slip.text).toContain('PACKING SLIP');
        expect(slip.text).toMatch(/Toor Dal 1 kg\s+—\s+2/);
        expect(slip.text).not.toContain('649');
        expect(slip.text).toContain(`Phone ${CUSTOMER.contact_no}`);
        expect(slip.text).toContain('Note: Gate 2, call first');
        expect(slip.text).toContain('Paid online: nothing to collect');
        const label = await downloaded(page, () => page.getByRole('button', { name: 'Label (A6)' }).click(), 'orders-11b-packing-label');
        for (const words of [`Order #${orderId}`, `Phone ${CUSTOMER.contact_no}`, 'Toor Dal 1 kg', 'Gate 2, call first']) expect(label.text).toContain(words);

        await page.goto(`${h.baseUrl}/orders`);
        const row = page.getByRole('row', { name: /Meera Iyer/ });
        await row.getByRole('checkbox').check();
        const bulk = await downloaded(page, () => page.getByRole('button', { name: 'Packing slips' }).click(), 'orders-12-packing-slips');
        expect(bulk.text).toContain(`Order #${orderId}`);
    });

    it("leads from the order to its customer: their phone, orders and spend, at 1366 and 390 px", async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/orders/${orderId}/show`);
        await page.getByRole('link', { name: CUSTOMER.name }).click();
        await page.getByRole('heading', { name: CUSTOMER.name, level: 1 }).waitFor();
        await page.getByRole('link', { name: CUSTOMER.contact_no }).waitFor();
        await page.getByText('₹1,024.00').first().waitFor();
        await page.getByRole('row', { name: new RegExp(`^${orderId}\\b`) }).waitFor();
        await shot(page, 'orders-13-customer');
        await phoneShot(page, 'orders-14-customer-phone');
        await page.goto(`${h.baseUrl}/customers`);
        await page.getByLabel('Search by name, phone or e-mail').fill(CUSTOMER.contact_no.slice(0, 6));
        // The search is applied after a pause in typing: until then the row shows unfiltered, and the search, applied
        // late, would take the next screen back to this list.
        await page.waitForURL(/filter=/);
        await page.getByRole('row', { name: new RegExp(CUSTOMER.name) }).waitFor();
    });

    it('shows it on the dashboard', async () => {
        const { page } = h;
        await page.getByRole('menuitem', { name: 'Dashboard' }).click();
        await page.getByRole('link', { name: /^Today's orders\s*1\b/ }).waitFor();
        await page.getByRole('link', { name: /^Today's revenue\s*₹1,024\.00/ }).waitFor();
        await page.getByRole('link', { name: /^Waiting to be packed\s*0\b/ }).waitFor();
        await page.getByText('Last 30 days').waitFor();
        await page.getByText('Coming Soon').waitFor();
        await shot(page, 'orders-08-dashboard');
        await phoneShot(page, 'orders-09-dashboard-phone');

        await page.getByRole('link', { name: /^Today's orders\s*1\b/ }).click();
        await page.getByRole('row', { name: /Meera Iyer/ }).waitFor();
    });
});
