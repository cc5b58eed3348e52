import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, codeFromOutbox, shot, startHarness, type Harness } from './harness';
import { expectNotification, quiet, signInThroughUi } from './support';
import { nowIso } from '../../server/infra/time';
import { ROLE } from '../../schema/access';

// The order desk in Chromium: a seller takes a phone order for a new customer (a scanned barcode and a searched
// name), changes it before packing with a substitution, and an administrator on a phone refunds part of it.

const SELLER = 'sunil.seller@example.com';

describe('the order desk, in Chromium at 1366 and 390 px', () => {
    let h: Harness;
    let orderId: number;
    let admin: string;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    const api = async (token: string | undefined, method: 'POST' | 'GET', url: string, payload?: Record<string, unknown>) => {
        const response = await h.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json();
    };
    /** Nothing wider than the phone's screen (the page does not scroll sideways), once the layout has settled. */
    const fitsPhone = async (page: Page) => {
        await quiet(page);
        return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    };

    it('sets up a shop with stock, barcodes and a seller', async () => {
        await api(undefined, 'POST', '/api/user_login', { email: ADMIN });
        admin = (await api(undefined, 'POST', '/api/userverify-otp', { email: ADMIN, otp: await codeFromOutbox(h.config, ADMIN) })).token;
        for (const [url, body] of [
            ['/api/categories', { name: 'Staples', description: 'Atta, rice and dal' }],
            ['/api/subcategories', { categoryId: 1, name: 'Dal' }],
            ['/api/attribute', { name: 'Weight', value: '1 kg' }],
            ['/api/gst', { type: 'IGST', description: '5% slab', percent: 5 }],
            ['/api/products', { name: 'India Gate Basmati Rice 5 kg', description: 'Aged', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '649.00', stock: 10, barcode: '8901234500017' }],
            ['/api/products', { name: 'Toor Dal 1 kg', description: 'Unpolished', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '172.50', stock: 1 }],
            ['/api/products', { name: 'Moong Dal 1 kg', description: 'Yellow', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '160.00', stock: 8, sku: 'MOONG-1KG' }],
            ['/api/pincode', { pincode: '560038', prize: '30', state: 'Karnataka' }],
            ['/api/settings', { website: 'https://grocer.test', legalName: 'Grocer Retail Pvt Ltd', gstin: '29AAACF1234A1ZB', state: 'Karnataka', address: '1 Market Road, Bengaluru' }],
        ] as const) {
            await api(admin, 'POST', url, body);
        }
        const now = nowIso();
        await h.app.db.insertInto('users').values({ name: 'Sunil Seller', email: SELLER, roleId: ROLE.seller, createdAt: now, updatedAt: now }).execute();
    });

    it('a seller takes a phone order for a new customer: barcode scanned, dal found by name, priced by the server', async () => {
        const page = h.page;
        await page.goto(`${h.baseUrl}/`);
        await signInThroughUi(h, page, SELLER);
        await page.waitForURL(`${h.baseUrl}/`);
        await page.goto(`${h.baseUrl}/orders`);
        await quiet(page);
        await shot(page, 'order-desk-list');
        await page.getByRole('link', { name: 'New order' }).click();
        await page.getByRole('heading', { name: 'New order for a customer' }).waitFor();

        await page.getByRole('button', { name: 'Add a new customer' }).click();
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lakshmi Rao');
        await page.getByRole('textbox', { name: 'Phone' }).fill('9876543210');
        await page.getByRole('textbox', { name: 'E-mail' }).fill('lakshmi.rao@example.com');
        await page.getByRole('textbox', { name: 'Address' }).first().fill('4 Temple Street, Indiranagar');

        const scan = page.getByTestId('product-scan');
        await scan.fill('8901234500017');
        await scan.press('Enter');
        await page.getByRole('listitem').filter({ hasText: 'India Gate Basmati Rice 5 kg' }).waitFor();
        await scan.fill('toor');
        await scan.press('Enter');
        await page.getByRole('listitem').filter({ hasText: 'Toor Dal 1 kg' }).waitFor();
        await page.getByRole('textbox', { name: 'Delivery pincode' }).fill('560038');
        // 649 + 172.50 + 30 delivery, as the server will charge it.
        await expect.poll(() => page.getByTestId('quote-total').textContent()).toContain('₹851.50');
        await shot(page, 'order-desk-new-1366');
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await fitsPhone(page)).toBe(true);
        await shot(page, 'order-desk-new-390');
        await page.setViewportSize({ width: 1366, height: 860 });

        await page.getByRole('button', { name: 'Place order' }).click();
        await page.waitForURL(/\/orders\/\d+\/show$/);
        orderId = Number(/orders\/(\d+)\/show/.exec(page.url())![1]);
        await expectNotification(page, `Order ${orderId} placed`);
        const order = await h.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
        expect(order).toMatchObject({ customerName: 'Lakshmi Rao', customerEmail: 'lakshmi.rao@example.com', paymentMethod: 'cod', totalPrice: 85150, status: 'placed' });
        const toor = await h.app.db.selectFrom('products').select('stock').where('id', '=', 2).executeTakeFirstOrThrow();
        expect(toor.stock).toBe(0);
    });

    it('changes the order before packing: Moong dal instead of the Toor dal, mailed and in the history', async () => {
        const page = h.page;
        await page.getByRole('button', { name: 'Edit lines' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Remove Toor Dal 1 kg' }).click();
        const scan = dialog.getByTestId('product-scan');
        await scan.fill('MOONG-1KG');
        await scan.press('Enter');
        await dialog.getByRole('listitem').filter({ hasText: 'Moong Dal 1 kg' }).waitFor();
        await dialog.getByRole('combobox', { name: /Moong Dal 1 kg: Instead of/ }).click();
        await page.getByRole('option', { name: '1 × Toor Dal 1 kg' }).click();
        await expect.poll(() => dialog.getByTestId('quote-total').textContent()).toContain('₹839.00');
        await shot(page, 'order-desk-edit-1366');
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await expectNotification(page, `Order ${orderId} changed: 1 × Moong Dal 1 kg instead of 1 × Toor Dal 1 kg`);
        await page.getByText(/Lines changed: 1 × Moong Dal 1 kg instead of 1 × Toor Dal 1 kg\. Total ₹851\.50 → ₹839\.00/).waitFor();
        const stock = await h.app.db.selectFrom('products').select(['id', 'stock']).where('id', 'in', [2, 3]).orderBy('id').execute();
        // Kept in thousandths of a piece (schema/measure.ts).
        expect(stock.map((row) => row.stock)).toEqual([1000, 7000]);
        const mail = await h.app.db.selectFrom('mailQueue').select('subject').where('orderId', '=', orderId).where('kind', 'like', 'edit-%').executeTakeFirstOrThrow();
        expect(mail.subject).toContain(`We changed your order #${orderId}`);
    });

    it('an administrator on a phone refunds part of the delivered order and gets its credit note', async () => {
        for (const status of ['packed', 'out_for_delivery', 'delivered']) await api(admin, 'POST', `/api/orderr/${orderId}/status`, { status });
        const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(`${h.baseUrl}/`);
        await signInThroughUi(h, page, ADMIN);
        await page.goto(`${h.baseUrl}/orders/${orderId}/show`);
        await page.getByRole('button', { name: 'Refund part' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('spinbutton', { name: 'Units of Moong Dal 1 kg to refund' }).fill('1');
        await dialog.getByRole('textbox', { name: 'Reason' }).fill('Packet torn on arrival');
        expect(await fitsPhone(page)).toBe(true);
        await shot(page, 'order-desk-refund-390');
        await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
        await expectNotification(page, 'Refunded in part: credit note CN/');
        const note = await h.app.db.selectFrom('creditNotes').selectAll().where('orderId', '=', orderId).executeTakeFirstOrThrow();
        expect(note).toMatchObject({ kind: 'partial', total: 16000, refundReference: 'manual', reason: 'Packet torn on arrival' });
        await page.getByRole('button', { name: note.number }).waitFor();
        await page.getByText(`Partial refund ₹160.00 by hand (cash), credit note ${note.number}: Packet torn on arrival`).waitFor();

        // An online order the customer paid by the mailed link, cancelled and refunded in one step.
        const customerId = (await h.app.db.selectFrom('orders').select('customerId').where('id', '=', orderId).executeTakeFirstOrThrow()).customerId;
        const online = await api(admin, 'POST', '/api/orders/for-customer', { customerId, items: [{ productId: 3, quantity: 2 }], pincode: '560038', paymentMethod: 'online' });
        const linkId = online.paymentLink.split('/').pop();
        const paid = await api(undefined, 'POST', `/api/test-checkout/${linkId}`, { outcome: 'pay' });
        await api(admin, 'POST', '/api/confirm-payment', { paymentId: linkId, transactionId: paid.razorpay_payment_id });
        await page.goto(`${h.baseUrl}/orders/${online.data.id}/show`);
        // Its invoice is issued: more items go on a new order for the same customer and address, paid on its own.
        await page.getByRole('button', { name: 'Edit lines' }).click();
        await page.getByRole('dialog').getByText('Anything more goes on a new order for the customer').waitFor();
        await page.getByRole('button', { name: 'Add items as a new order' }).click();
        await page.waitForURL(/\/orders\/create$/);
        await page.getByRole('heading', { name: 'New order for a customer', level: 1 }).waitFor();
        await page.getByText('Lakshmi Rao', { exact: true }).waitFor();
        await expect.poll(() => page.getByLabel('Delivery pincode').inputValue()).toBe('560038');
        await expect.poll(() => page.getByLabel('Note for the history (optional)').inputValue()).toBe(`Added to order #${online.data.id}`);
        expect(await fitsPhone(page)).toBe(true);
        await shot(page, 'order-desk-add-on-390');
        await page.goto(`${h.baseUrl}/orders/${online.data.id}/show`);
        await page.getByRole('button', { name: 'Mark Cancelled' }).click();
        const refundToo = page.getByRole('checkbox', { name: 'Refund the ₹350.00 paid in the same step' });
        expect(await refundToo.isChecked()).toBe(true);
        await page.getByRole('button', { name: 'Cancel the order' }).click();
        await expectNotification(page, `Order ${online.data.id} is now refunded`);
        const refunded = await h.app.db.selectFrom('orders').select(['status', 'refundReference']).where('id', '=', online.data.id).executeTakeFirstOrThrow();
        expect(refunded.status).toBe('refunded');
        expect(refunded.refundReference).toMatch(/^rfnd_/);
        await context.close();
    });

    it('a seller on a phone takes an order for a customer with only a phone, and finds them by it on the Customers screen', async () => {
        const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(`${h.baseUrl}/`);
        await signInThroughUi(h, page, SELLER);
        await page.goto(`${h.baseUrl}/orders/create`);
        await page.getByRole('heading', { name: 'New order for a customer' }).waitFor();
        await page.getByRole('button', { name: 'Add a new customer' }).click();
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Gowramma');
        await page.getByRole('textbox', { name: 'Phone' }).fill('98450 12345');
        await page.getByRole('textbox', { name: 'Address' }).first().fill('2nd Cross, Jayanagar');
        await page.getByText('Without an e-mail the customer cannot sign in and gets no mails').waitFor();
        const scan = page.getByTestId('product-scan');
        await scan.fill('8901234500017');
        await scan.press('Enter');
        await page.getByRole('listitem').filter({ hasText: 'India Gate Basmati Rice 5 kg' }).waitFor();
        await page.getByRole('textbox', { name: 'Delivery pincode' }).fill('560038');
        await expect.poll(() => page.getByTestId('quote-total').textContent()).toContain('₹679.00');
        expect(await fitsPhone(page)).toBe(true);
        await shot(page, 'order-desk-phone-only-390');
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.waitForURL(/\/orders\/\d+\/show$/);
        const id = Number(/orders\/(\d+)\/show/.exec(page.url())![1]);
        await page.getByRole('link', { name: '9845012345' }).waitFor();
        const order = await h.app.db.selectFrom('orders').select(['customerId', 'customerEmail', 'customerPhone']).where('id', '=', id).executeTakeFirstOrThrow();
        expect(order).toMatchObject({ customerEmail: null, customerPhone: '9845012345' });
        expect(await h.app.db.selectFrom('mailQueue').select('id').where('orderId', '=', id).execute()).toEqual([]);

        await page.goto(`${h.baseUrl}/customers?filter=${encodeURIComponent(JSON.stringify({ q: '98450' }))}`);
        await page.getByText('Gowramma').first().waitFor();
        await shot(page, 'order-desk-customers-390');
        expect(await fitsPhone(page)).toBe(true);
        await context.close();
    });

    it('a seller weighs out loose tomatoes: kilograms from the minimum, a step more at each scan, priced by the kilogram', async () => {
        const tomatoes = { name: 'Desi Tomatoes', description: 'Ripe', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: '40', unit: 'KGS', step: '0.25', minimum: '0.5', stock: '20' };
        const { data: product } = await api(admin, 'POST', '/api/products', tomatoes);
        const page = h.page;
        await page.goto(`${h.baseUrl}/orders/create`);
        await page.getByRole('heading', { name: 'New order for a customer' }).waitFor();
        await page.getByRole('button', { name: 'Add a new customer' }).click();
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mary D’Souza');
        await page.getByRole('textbox', { name: 'Phone' }).fill('9845098450');
        await page.getByRole('textbox', { name: 'Address' }).first().fill('7 Church Street');
        const scan = page.getByTestId('product-scan');
        await scan.fill('tomat');
        await scan.press('Enter');
        const quantity = page.getByRole('spinbutton', { name: 'Quantity of Desi Tomatoes' });
        // The first scan weighs the minimum, the next one a step more.
        await expect.poll(() => quantity.inputValue()).toBe('0.5');
        await scan.fill('tomat');
        await scan.press('Enter');
        await expect.poll(() => quantity.inputValue()).toBe('0.75');
        await quantity.fill('1.25');
        await page.getByRole('textbox', { name: 'Delivery pincode' }).fill('560038');
        // 1.25 kg at ₹40 a kg, and ₹30 delivery.
        await expect.poll(() => page.getByTestId('quote-total').textContent()).toContain('₹80.00');
        await page.getByRole('listitem').filter({ hasText: 'Desi Tomatoes' }).getByText('Stock 20 kg · ₹40.00 / kg').waitFor();
        await shot(page, 'order-desk-loose-1366');
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.waitForURL(/\/orders\/\d+\/show$/);
        const id = Number(/orders\/(\d+)\/show/.exec(page.url())![1]);
        await page.getByRole('cell', { name: '1.25 kg' }).waitFor();
        const line = await h.app.db.selectFrom('orderLines').select(['quantity', 'unit', 'lineTotal']).where('orderId', '=', id).executeTakeFirstOrThrow();
        expect(line).toEqual({ quantity: 1250, unit: 'KGS', lineTotal: 5000 });
        const left = await h.app.db.selectFrom('products').select('stock').where('id', '=', product.id).executeTakeFirstOrThrow();
        expect(left.stock).toBe(18_750);
    });
});
