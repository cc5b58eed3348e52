import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, shot as fullPageShot, startHarness, type Harness } from './harness';
import { expectNotification, quiet, signInThroughUi } from './support';
import { nowIso } from '../../server/infra/time';
import { SHOP_TIME_ZONE } from '../../schema/timeZones';

const CUSTOMER = { name: 'Ravi Kumar', email: 'ravi.kumar@example.in', contact: '9876543210', address: '12 MG Road, Bengaluru', pincode: '560001' };

const pathname = (page: Page) => new URL(page.url()).pathname;

/** A full-page screenshot from the top, once transitions are over, at the desktop width and at a phone's. */
async function shots(page: Page, name: string) {
    for (const [width, height] of [
        [1366, 860],
        [390, 844],
    ] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate(() => window.scrollTo(0, 0));
        await quiet(page);
        await fullPageShot(page, `people-${name}-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 860 });
}

/** The reset link in the newest mail to this address. */
async function resetLinkFromOutbox(h: Harness, email: string): Promise<string> {
    const outbox = path.join(h.config.dataDir, 'outbox');
    for (let i = 0; i < 50; i++) {
        await (h.app.mailer as { flush?: () => Promise<void> }).flush?.();
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort() : [];
        for (const file of files.reverse()) {
            const match = (JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { text: string }).text.match(/\/ResetPassword\?token=[\w-]+/);
            if (match) return match[0];
        }
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No reset mail to ${email}`);
}

/** The subjects of every mail to this address in the outbox, oldest first. */
async function mailSubjects(h: Harness, email: string): Promise<string[]> {
    await (h.app.mailer as { flush?: () => Promise<void> }).flush?.();
    const outbox = path.join(h.config.dataDir, 'outbox');
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)).sort() : [];
    return files.map((file) => (JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { subject: string }).subject);
}

describe('people, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
        // Enough shoppers for two pages of 30, older than the one who registers in the journey.
        const long = '2024-01-01T00:00:00.000Z';
        for (let i = 1; i <= 34; i++) {
            const n = String(i).padStart(2, '0');
            await h.app.db.insertInto('users').values({ name: `Shopper ${n}`, email: `shopper${n}@mail.test`, roleId: 3, createdAt: long, updatedAt: nowIso() }).execute();
        }
    });
    afterAll(async () => h?.close());

    it('registers a customer at /registration and lands on / two seconds later', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/registration`);
        await page.getByRole('button', { name: 'Register' }).click();
        await page.getByText('Please enter your name!').waitFor();
        await page.getByLabel('Contact number').fill('12345');
        await page.getByLabel('Pincode').fill('5600');
        await page.getByLabel('Name').click();
        await page.getByText('Please enter a valid 10-digit contact number!').waitFor();
        await page.getByText('Please enter a valid 6-digit pincode!').waitFor();
        await shots(page, '01-registration-errors');

        await page.getByLabel('Name').fill(CUSTOMER.name);
        await page.getByLabel('E-mail').fill(CUSTOMER.email);
        await page.getByLabel('Contact number').fill(CUSTOMER.contact);
        await page.getByLabel('Address').fill(CUSTOMER.address);
        await page.getByLabel('Pincode').fill(CUSTOMER.pincode);
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-pass');
        await page.getByRole('button', { name: 'Register' }).click();
        await page.getByText('Registration successful!').waitFor();
        // No session from registration (a taken address is answered alike): the customer signs in with a mailed code.
        expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        await shots(page, '02-registration-done');
        // The home page is the sign-in page for a visitor without a staff session.
        await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login', { timeout: 5000 });
        await page.getByLabel('E-mail').waitFor();

        // The same address again: answered as a new one, and its owner is mailed a warning.
        await page.goto(`${h.baseUrl}/userreg`);
        await page.getByLabel('Name').fill(CUSTOMER.name);
        await page.getByLabel('E-mail').fill(CUSTOMER.email);
        await page.getByLabel('Contact number').fill(CUSTOMER.contact);
        await page.getByLabel('Address').fill(CUSTOMER.address);
        await page.getByLabel('Pincode').fill(CUSTOMER.pincode);
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-pass');
        await page.getByRole('textbox', { name: 'Confirm password' }).fill('other-pass');
        await page.getByRole('button', { name: 'Register' }).click();
        await page.getByText('Passwords do not match!').waitFor();
        await page.getByRole('textbox', { name: 'Confirm password' }).fill('first-pass');
        await page.getByRole('button', { name: 'Register' }).click();
        await page.getByText('Registration successful! You can now sign in.').waitFor();
        await expect.poll(() => mailSubjects(h, CUSTOMER.email), { timeout: 10_000 }).toContain('Someone tried to register with your address');
        await shots(page, '03-userreg-taken');
    });

    it('resets the password through the mailed link and goes to sign in three seconds later', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/ForgotPassword`);
        await page.getByLabel('E-mail').fill(CUSTOMER.email);
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.getByText('Password reset link has been sent to your email!').waitFor();
        await shots(page, '04-forgot-password');

        const link = await resetLinkFromOutbox(h, CUSTOMER.email);
        await page.goto(`${h.baseUrl}${link}`);
        await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass');
        await page.getByRole('textbox', { name: 'Confirm new password' }).fill('brand-new-typo');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.getByText('Passwords do not match!').waitFor();
        await page.getByRole('textbox', { name: 'Confirm new password' }).fill('brand-new-pass');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.getByText('Password has been reset successfully!').waitFor();
        await shots(page, '05-reset-password-done');
        await page.waitForURL(/\/login$/, { timeout: 6000 });

        // The link works once.
        await page.goto(`${h.baseUrl}${link}`);
        await page.getByRole('textbox', { name: 'New password', exact: true }).fill('third-pass');
        await page.getByRole('textbox', { name: 'Confirm new password' }).fill('third-pass');
        await page.getByRole('button', { name: 'Reset password' }).click();
        await page.getByText(/^Error resetting the password\. Please try again\. This password reset link is invalid/).waitFor();
        await shots(page, '06-reset-password-used');
    });

    it('lets the administrator find the customer in User List, make them a seller and page through users', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/UserList`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('Page 1 of 2').waitFor();
        expect(pathname(page)).toBe('/users');
        const first = page.getByRole('row', { name: new RegExp(CUSTOMER.name) });
        await first.getByText('Customer').waitFor();
        // Newest first, joined today on the shop's clock (India's: past midnight there, it is still yesterday in UTC), in Indian short format.
        const today = new Date().toLocaleDateString('en-IN', { timeZone: SHOP_TIME_ZONE });
        await first.getByText(today).waitFor();
        await shots(page, '07-user-list');

        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Page 2 of 2').waitFor();
        expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
        await page.getByRole('button', { name: 'Prev' }).click();
        await page.getByText('Page 1 of 2').waitFor();

        await page.getByPlaceholder('Search').fill('nobody-like-this');
        await page.getByText('No users found').waitFor();
        await page.getByPlaceholder('Search').fill('ravi');
        await page.getByText('Page 1 of 1').waitFor();
        await page.getByRole('row', { name: new RegExp(CUSTOMER.name) }).click();
        await page.waitForURL(/\/users\/\d+\/show$/);

        await page.getByLabel('New role').click();
        await page.getByRole('option', { name: 'Seller' }).click();
        await page.getByRole('button', { name: 'Change role' }).click();
        // A role change asks first, naming both roles.
        await page.getByRole('dialog').getByText(/goes from Customer to Seller/).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
        await expectNotification(page, 'Role changed to Seller');
        await page.locator('main').getByText('Seller', { exact: true }).first().waitFor();
        await shots(page, '08-user-made-seller');
        const row = await h.app.db.selectFrom('users').select('roleId').where('email', '=', CUSTOMER.email).executeTakeFirstOrThrow();
        expect(row.roleId).toBe(2);
    });

    it('sends a contact message and reads it in the staff inbox', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/ContactUs`);
        await page.getByText('Monday-Friday 9:30AM-06:30PM').waitFor();
        await page.getByText(ADMIN).first().waitFor();
        await page.getByLabel('Your Email').fill('meera@example');
        await page.getByLabel('Contact Number').fill('98765');
        await page.getByLabel('Your Name').click();
        await page.getByText('Please enter a valid email address.').waitFor();
        await page.getByText('Please enter a valid contact number (10-15 digits).').waitFor();
        await page.getByLabel('Your Name').fill('Meera Iyer');
        await page.getByLabel('Your Email').fill('meera@example.in');
        await page.getByLabel('Contact Number').fill('09876543210');
        await page.getByLabel('Subject').fill('Late delivery');
        await page.getByLabel('Message').fill('My order from Tuesday has not arrived yet.\nCould you check?');
        await page.getByRole('button', { name: 'Send Message' }).click();
        await page.getByText('Your message has been sent successfully!').waitFor();
        await shots(page, '09-contact-us');

        // The user menu is named as it reads: the signed-in user's name.
        await page.getByRole('button', { name: 'Shop Administrator' }).click();
        await page.getByRole('menuitem', { name: 'Contact messages' }).click();
        await page.waitForURL(/\/contacts/);
        const message = page.getByRole('row', { name: /Meera Iyer/ });
        await message.getByText('Could you check?', { exact: false }).waitFor();
        await message.getByText('Unread').waitFor();
        await shots(page, '10-inbox-unread');
        await message.getByRole('button', { name: 'Mark as read' }).click();
        await message.getByText('Read', { exact: true }).waitFor();
        await message.getByRole('button', { name: 'Mark as unread' }).waitFor();
        await shots(page, '11-inbox-read');
    });

    it('edits the profile and finds it saved after a reload', async () => {
        const { page } = h;
        await page.getByRole('button', { name: 'Shop Administrator' }).click();
        await page.getByRole('menuitem', { name: 'Profile' }).click();
        await page.waitForURL(/\/Profile$/);
        await page.getByRole('tab', { name: 'Overview' }).waitFor();
        await shots(page, '12-profile-overview-empty');

        await page.getByRole('tab', { name: 'Edit Profile' }).click();
        await page.getByLabel('Job').fill('Store manager');
        await page.getByLabel('Company').fill('Freshcart');
        await page.getByLabel('Country').fill('India');
        await page.getByLabel('Phone').fill('12345');
        await page.getByLabel('Twitter Profile').fill('twitter.com/shop');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await page.getByText('Please enter a valid phone number (10-15 digits).').waitFor();
        await page.getByText('Please enter a full address starting with https://').waitFor();
        await page.getByLabel('Phone').fill('+919876543210');
        await page.getByLabel('Twitter Profile').fill('https://twitter.com/freshcart');
        await page.getByLabel('About').fill('Keeps the shelves full.');
        await shots(page, '13-profile-edit');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await expectNotification(page, 'Profile updated successfully');

        await page.reload();
        await page.getByRole('tab', { name: 'Overview' }).waitFor();
        await page.getByText('Keeps the shelves full.').waitFor();
        await page.getByText('+919876543210').waitFor();
        await page.getByText('Store manager').first().waitFor();
        await shots(page, '14-profile-saved');

        await page.getByRole('tab', { name: 'Change Password' }).click();
        await page.getByText('has no password yet').waitFor();
        await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('admin-pass');
        await page.getByRole('textbox', { name: 'Re-enter New Password' }).fill('admin-pass');
        await page.getByRole('button', { name: 'Change Password' }).last().click();
        await expectNotification(page, 'Password changed successfully');
        await page.getByRole('textbox', { name: 'Current Password' }).waitFor();
        await shots(page, '15-profile-password');
    });
});
