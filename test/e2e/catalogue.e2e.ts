import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, pngFile, shot as fullPageShot, startHarness, type Harness } from './harness';
import { expectNotification, overflow, prefer, quiet, signInThroughUi, undoWindowClosed } from './support';

/** The MUI select labelled `label`: its accessible name starts with the label (then come the asterisk and the value). */
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });

/** Picks `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
    await select(page, label).click();
    await page.getByRole('option', { name: option }).click();
    // By CSS, not by role: a menu fading out is already hidden from the accessibility tree.
    await page.locator('[role=listbox]').waitFor({ state: 'detached' });
}

/** The options a select offers, closing it again. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
    await select(page, label).click();
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    const options = (await listbox.getByRole('option').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
    await page.keyboard.press('Escape');
    await page.locator('[role=listbox]').waitFor({ state: 'detached' });
    return options;
}

const pathname = (page: Page) => new URL(page.url()).pathname;

/** Waits until the form has taken the edit in (Save is enabled once it is dirty). */
const saveEnabled = (page: Page) => expect.poll(() => page.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);

/**
 * A full-page screenshot from the top (scrolled down, the fixed app bar would be drawn mid-page), once
 * Material UI's transitions (a button turning enabled, a menu fading out: 300 ms at most) have ended.
 */
async function shot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await quiet(page);
    await fullPageShot(page, name);
}

/** Opens the list's create form and waits for it, so that labels are the form's and not the table's. */
async function openCreate(page: Page) {
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.waitForURL(/\/create$/);
    await page.getByRole('button', { name: 'Save' }).waitFor();
}

/** Clicks a row's Edit and waits for the form. */
async function openEdit(page: Page, row: ReturnType<Page['getByRole']>) {
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/\d+$/);
    await page.getByRole('button', { name: 'Save' }).waitFor();
}

/** Waits until every thumbnail in the table has loaded its picture. */
async function expectThumbnailsLoaded(page: Page, count: number) {
    const images = page.locator('table img');
    await expect.poll(() => images.count()).toBe(count);
    await expect
        .poll(() => images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
        .toBe(true);
}

describe('the catalogue, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    /** Calls the API as the signed-in admin, for the rows the journey needs but does not show being made. */
    async function api(method: 'POST', url: string, payload: Record<string, unknown>) {
        const token = await h.page.evaluate(() => localStorage.getItem('token'));
        const response = await h.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
        expect(response.statusCode, response.body).toBeLessThan(300);
        // The legacy calls wrap the record in `data`; /api/v1 answers it bare.
        const json = response.json();
        return (json.data ?? json) as { id: number };
    }

    it('signs in at a legacy URL and builds a category', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/AddCategoryForm`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('No categories available.').waitFor();

        await openCreate(page);
        await page.getByLabel('Name').fill('Vegetables');
        await page.getByLabel('Description').fill('Fresh from the farm every morning');
        await page.locator('input[type=file]').setInputFiles(pngFile('vegetables', 110, 'circle'));
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Category added successfully');
        await page.getByRole('row', { name: /Vegetables/ }).waitFor();

        // A second category with a subcategory of its own, so that the product form has something to leave out.
        const fruits = await api('POST', '/api/categories', { name: 'Fruits', description: 'Seasonal fruit' });
        await api('POST', '/api/subcategories', { categoryId: fruits.id, name: 'Citrus' });
    });

    it('adds, edits and toggles a subcategory, asking first', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/AddSubCategoryForm`);
        await page.getByRole('row', { name: /Citrus/ }).waitFor();
        expect(pathname(page)).toBe('/subcategories');

        await openCreate(page);
        await page.getByLabel('Name').fill('Leafy greens');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Please choose a category').waitFor();
        await choose(page, 'Category', 'Vegetables');
        await page.locator('input[type=file]').setInputFiles(pngFile('leafy', 140, 'pill'));
        await shot(page, 'catalogue-01-subcategory-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'SubCategory added successfully');

        const row = page.getByRole('row', { name: /Leafy greens/ });
        await row.getByText('Vegetables').waitFor();
        // Citrus, made without a picture, shows a placeholder instead.
        await expectThumbnailsLoaded(page, 1);

        await openEdit(page, row);
        await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Leafy greens');
        await expect.poll(() => select(page, 'Category').innerText()).toContain('Vegetables');
        await page.getByLabel('Name').fill('Leafy Greens');
        await saveEnabled(page);
        await shot(page, 'catalogue-02-subcategory-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'SubCategory updated successfully');

        const edited = page.getByRole('row', { name: /Leafy Greens/ });
        await edited.getByRole('button', { name: 'Deactivate' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Are you sure you want to deactivate this subcategory?').waitFor();
        await shot(page, 'catalogue-03-subcategory-confirm-toggle');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expectNotification(page, 'SubCategory status toggled successfully');
        await undoWindowClosed(page);
        await edited.getByText('Inactive').waitFor();

        await edited.getByRole('button', { name: 'Activate' }).click();
        await page.getByRole('dialog').getByText('Are you sure you want to activate this subcategory?').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await undoWindowClosed(page);
        await edited.getByText('Active', { exact: true }).waitFor();

        await page.getByRole('button', { name: 'Add filter' }).click();
        await page.getByRole('menuitemcheckbox', { name: 'Category' }).click();
        await choose(page, 'Category', 'Fruits');
        await page.getByRole('row', { name: /Leafy Greens/ }).waitFor({ state: 'detached' });
        await page.getByRole('row', { name: /Citrus/ }).waitFor();
        await shot(page, 'catalogue-04-subcategories-filtered');
        await page.getByRole('button', { name: 'Remove this filter' }).first().click();
        await page.getByRole('row', { name: /Leafy Greens/ }).waitFor();
        await shot(page, 'catalogue-05-subcategories-list');
    });

    it('adds an attribute, which the server saves inactive, activates it and deletes another', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/Attribute`);
        await page.getByText('No attributes available.').waitFor();
        await shot(page, 'catalogue-06-attributes-empty');

        for (const [name, value] of [
            ['Weight', '250 g'],
            ['Colour', 'Green'],
        ]) {
            await openCreate(page);
            await page.getByLabel('Name').fill(name);
            await page.getByLabel('Value').fill(value);
            await page.getByLabel('Description').fill(`${name} of one pack`);
            await page.getByText('Attributes are saved as inactive; activate them from the list.').waitFor();
            if (name === 'Weight') await shot(page, 'catalogue-07-attribute-create');
            await page.getByRole('button', { name: 'Save' }).click();
            await expectNotification(page, 'Attribute added successfully!');
            await page.getByRole('row', { name: new RegExp(name) }).getByText('Inactive').waitFor();
        }

        const weight = page.getByRole('row', { name: /Weight/ });
        await weight.getByRole('button', { name: 'Activate' }).click();
        await expectNotification(page, 'Attribute status toggled successfully!');
        await undoWindowClosed(page);
        await weight.getByText('Active', { exact: true }).waitFor();

        await openEdit(page, weight);
        await expect.poll(() => page.getByLabel('Value').inputValue()).toBe('250 g');
        await page.getByLabel('Value').fill('500 g');
        await saveEnabled(page);
        await shot(page, 'catalogue-08-attribute-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Attribute updated successfully!');
        // Every save of an attribute makes it inactive again, as the legacy API did.
        await page.getByRole('row', { name: /500 g/ }).getByText('Inactive').waitFor();

        await page.getByRole('row', { name: /Colour/ }).getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByText('Are you sure you want to delete this attribute?').waitFor();
        await shot(page, 'catalogue-09-attribute-confirm-delete');
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await expectNotification(page, 'Attribute deleted successfully!');
        await undoWindowClosed(page);
        await page.getByRole('row', { name: /Colour/ }).waitFor({ state: 'detached' });
        await shot(page, 'catalogue-10-attributes-list');
    });

    it('adds GST rates, shows their percent, edits one from the legacy URL and deletes another', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/AddGst`);
        await page.getByText('No GST rates found').waitFor();
        expect(pathname(page)).toBe('/gst');
        await shot(page, 'catalogue-11-gst-empty');

        for (const [type, description, percent] of [
            ['IGST', 'Integrated GST on packed food', '18'],
            ['CGST', 'Central GST on staples', '2.5'],
        ]) {
            await openCreate(page);
            await choose(page, 'Type', type);
            await page.getByLabel('Description').fill(description);
            await page.getByLabel('Percent').fill(percent);
            if (type === 'IGST') await shot(page, 'catalogue-12-gst-create');
            await page.getByRole('button', { name: 'Save' }).click();
            await expectNotification(page, 'GST added successfully');
            await page.getByRole('row', { name: new RegExp(type) }).getByText(`${percent}%`).waitFor();
        }

        const igst = await h.app.db.selectFrom('gstRates').select('id').where('type', '=', 'IGST').executeTakeFirstOrThrow();
        await page.goto(`${h.baseUrl}/EditGst?id=${igst.id}`);
        await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('Integrated GST on packed food');
        expect(pathname(page)).toBe(`/gst/${igst.id}`);
        await page.getByLabel('Description').fill('Integrated GST on packed food, across states');
        await saveEnabled(page);
        await shot(page, 'catalogue-13-gst-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'GST updated successfully');

        await page.getByRole('row', { name: /CGST/ }).getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await expectNotification(page, 'GST deleted successfully');
        await undoWindowClosed(page);
        await page.getByRole('row', { name: /CGST/ }).waitFor({ state: 'detached' });
        await shot(page, 'catalogue-14-gst-list');

        await page.getByPlaceholder('Search', { exact: true }).fill('VAT');
        await page.getByText('No GST entries found').waitFor();
        await shot(page, 'catalogue-15-gst-no-results');
        await page.getByPlaceholder('Search', { exact: true }).fill('');
        await page.getByRole('row', { name: /IGST/ }).waitFor();
    });

    it('adds a product with a gallery of three, in the chosen category only', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/AddProduct`);
        await page.getByText('No products available.').waitFor();
        expect(pathname(page)).toBe('/products');
        await shot(page, 'catalogue-16-products-empty');

        await openCreate(page);
        await page.getByLabel('Name').fill('Baby Spinach');
        await page.getByLabel(/^Description\s*\*?$/).fill('Tender baby spinach leaves, washed and ready to cook');
        await page.getByText('Choose a category first').waitFor();
        await choose(page, 'Category', 'Fruits');
        expect(await optionsOf(page, 'Subcategory')).toEqual(['Citrus']);
        await choose(page, 'Subcategory', 'Citrus');
        await choose(page, 'Category', 'Vegetables');
        // Changing the category empties the subcategory and offers that category's only.
        await expect.poll(() => select(page, 'Subcategory').innerText()).not.toContain('Citrus');
        expect(await optionsOf(page, 'Subcategory')).toEqual(['Leafy Greens']);
        await choose(page, 'Subcategory', 'Leafy Greens');
        await choose(page, 'Attribute', 'Weight: 500 g');
        await choose(page, 'GST', 'IGST 18%');

        await page.getByLabel('Price').fill('1234.5');
        await page.locator('.ra-input-image input[type=file]').setInputFiles(pngFile('spinach', 120, 'diamond'));
        await page.getByLabel(/^Image description/).fill('A bunch of spinach leaves');
        await page
            .locator('.ra-input-images input[type=file]')
            .setInputFiles([pngFile('gallery-1', 20, 'circle'), pngFile('gallery-2', 200, 'square'), pngFile('gallery-3', 280, 'ring')]);
        await expect.poll(() => page.locator('.ra-input-images img').count()).toBe(3);
        await shot(page, 'catalogue-17-product-create');

        // Refused before it reaches the server, in the server's spirit: no negative price, paise at most.
        await page.getByLabel('Price').fill('-5');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Price cannot be negative').waitFor();
        await page.getByLabel('Price').fill('12.345');
        await page.getByText('Price can have at most 2 decimal places').waitFor();
        await page.getByLabel('Price').fill('1234.5');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product added successfully');

        const row = page.getByRole('row', { name: /Baby Spinach/ });
        await row.getByText('₹1,234.50').waitFor();
        await row.getByText('IGST 18%').waitFor();
        await row.getByText('Leafy Greens').waitFor();
        await expectThumbnailsLoaded(page, 1);
        const stored = await h.app.db.selectFrom('productImages').select('image').orderBy('position').execute();
        expect(stored).toHaveLength(3);
    });

    it('finds it by search, edits its gallery from the legacy URL, and deactivates it', async () => {
        const { page } = h;
        await api('POST', '/api/products', {
            name: 'Orange Juice',
            description: 'Cold pressed',
            categoryId: (await h.app.db.selectFrom('categories').select('id').where('name', '=', 'Fruits').executeTakeFirstOrThrow()).id,
            subcategoryId: (await h.app.db.selectFrom('subcategories').select('id').where('name', '=', 'Citrus').executeTakeFirstOrThrow()).id,
            attributeId: (await h.app.db.selectFrom('attributes').select('id').executeTakeFirstOrThrow()).id,
            gstId: (await h.app.db.selectFrom('gstRates').select('id').executeTakeFirstOrThrow()).id,
            price: '120000',
        });
        await page.goto(`${h.baseUrl}/products`);
        await page.getByRole('row', { name: /Orange Juice/ }).getByText('₹1,20,000.00').waitFor();
        await shot(page, 'catalogue-18-products-list');

        await page.getByPlaceholder('Search', { exact: true }).fill('spinach');
        await page.getByRole('row', { name: /Orange Juice/ }).waitFor({ state: 'detached' });
        await page.getByRole('row', { name: /Baby Spinach/ }).waitFor();
        expect(new URL(page.url()).searchParams.get('filter')).toContain('spinach');
        await shot(page, 'catalogue-19-products-search');

        const product = await h.app.db.selectFrom('products').select('id').where('name', '=', 'Baby Spinach').executeTakeFirstOrThrow();
        const before = await h.app.db.selectFrom('productImages').select('image').orderBy('position').execute();
        await page.goto(`${h.baseUrl}/editproduct?id=${product.id}`);
        await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Baby Spinach');
        expect(pathname(page)).toBe(`/products/${product.id}`);
        await expect.poll(() => select(page, 'Subcategory').innerText()).toContain('Leafy Greens');
        const gallery = page.locator('.ra-input-images');
        await expect.poll(() => gallery.locator('img').count()).toBe(3);
        await shot(page, 'catalogue-20-product-edit');

        await gallery.getByRole('button', { name: 'Remove picture 1' }).click();
        await gallery.locator('input[type=file]').setInputFiles(pngFile('gallery-4', 60, 'pill'));
        await page.getByLabel('Price').fill('99.99');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product updated successfully');
        // Spec: a product update goes back to the product screen.
        await expect.poll(() => pathname(page)).toBe('/products');
        await page.getByRole('row', { name: /Baby Spinach/ }).getByText('₹99.99').waitFor();

        const after = await h.app.db.selectFrom('productImages').select('image').orderBy('position').execute();
        expect(after.map((r) => r.image).slice(0, 2)).toEqual(before.map((r) => r.image).slice(1));
        expect(after).toHaveLength(3);
        expect(before.map((r) => r.image)).not.toContain(after[2].image);

        const row = page.getByRole('row', { name: /Baby Spinach/ });
        await row.getByRole('button', { name: 'Deactivate' }).click();
        await expectNotification(page, 'Product status toggled successfully');
        await undoWindowClosed(page);
        await row.getByText('Inactive').waitFor();
        const saved = await h.app.db.selectFrom('products').select(['status', 'price']).where('id', '=', product.id).executeTakeFirstOrThrow();
        expect(saved).toEqual({ status: 0, price: 9999 });
        await shot(page, 'catalogue-21-product-deactivated');
    });

    it("edits the morning's prices and stock in the grid on a 390 px phone, by keyboard, all rows or none", async () => {
        const { page } = h;
        const stockOf = async () =>
            Object.fromEntries((await h.app.db.selectFrom('products').select(['name', 'stock', 'mrp']).execute()).map((row) => [row.name, [row.stock, row.mrp]]));
        const before = await stockOf();
        await page.setViewportSize({ width: 390, height: 844 });
        try {
            await page.goto(`${h.baseUrl}/products/bulk-edit`);
            const cell = (column: string, name: string) => page.getByRole('textbox', { name: `${column}: ${name}`, exact: true });
            await cell('Stock', 'Baby Spinach').click();
            await page.keyboard.type('40');
            // Enter goes down the column, as in a spreadsheet, with the next cell's text selected to be typed over.
            await page.keyboard.press('Enter');
            await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Stock: Orange Juice');
            await page.keyboard.type('12');
            await cell('MRP (₹)', 'Orange Juice').fill('100');
            await page.getByRole('button', { name: 'Save all (2)' }).click();
            await expectNotification(page, 'Nothing was saved: fix the rows marked in red and save again');
            await page.getByRole('row').filter({ hasText: 'Orange Juice' }).locator('.Mui-error').first().waitFor();
            expect(await stockOf()).toEqual(before);
            expect(await overflow(page)).toBeLessThanOrEqual(0);
            await shot(page, 'catalogue-22-bulk-edit-refused-390');

            await cell('MRP (₹)', 'Orange Juice').fill('150000');
            await page.getByRole('button', { name: 'Save all (2)' }).click();
            await expectNotification(page, '2 products changed');
            const after = await stockOf();
            // Stock is kept in thousandths of a piece.
            expect(after['Baby Spinach'][0]).toBe(40_000);
            expect(after['Orange Juice']).toEqual([12_000, 15_000_000]);
        } finally {
            await page.setViewportSize({ width: 1366, height: 860 });
            // The menu opens beside the page again once the window is wide, and is stored so for the next screen's load.
            await expect.poll(() => page.evaluate(() => localStorage.getItem('RaStore.sidebar.open'))).toBe('true');
        }
    });

    it('refuses to delete an attribute a product uses, and says why', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/attribute`);
        await page.getByRole('row', { name: /Weight/ }).getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await undoWindowClosed(page);
        await expectNotification(page, 'This attribute is used by 2 products; change them first.');
        await page.getByRole('row', { name: /Weight/ }).waitFor();
    });

    it('adds, edits, deactivates and deletes a pincode', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/PincodeManagement`);
        await page.getByText('No pincodes found').first().waitFor();
        expect(pathname(page)).toBe('/pincode');
        await shot(page, 'catalogue-22-pincodes-empty');

        await openCreate(page);
        await page.getByLabel('Pincode').fill('560001');
        await page.getByLabel('Delivery charge (₹)').fill('40');
        await shot(page, 'catalogue-23-pincode-create');
        await page.getByLabel('Pincode').fill('05600');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Please enter a valid 6-digit pincode').waitFor();
        await page.getByLabel('Pincode').fill('560001');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Pincode added successfully');
        const row = page.getByRole('row', { name: /560001/ });
        await row.getByText('₹40.00').waitFor();

        // The server refuses a second 560001 and says so on the input.
        await openCreate(page);
        await page.getByLabel('Pincode').fill('560001');
        await page.getByLabel('Delivery charge (₹)').fill('10');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.locator('.ra-input-pincode').getByText('This pincode already exists').waitFor();
        // Leaving a form with unsaved changes asks first: the journey says yes.
        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('link', { name: 'Cancel' }).click();
        await page.waitForURL(/\/pincode$/);

        await openEdit(page, row);
        await expect.poll(() => page.getByLabel('Pincode').inputValue()).toBe('560001');
        await page.getByLabel('Delivery charge (₹)').fill('49.5');
        await saveEnabled(page);
        await shot(page, 'catalogue-24-pincode-edit');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Pincode updated successfully');
        await row.getByText('₹49.50').waitFor();

        await row.getByRole('button', { name: 'Deactivate' }).click();
        await expectNotification(page, 'Pincode status toggled successfully');
        await undoWindowClosed(page);
        await row.getByText('Inactive').waitFor();
        await shot(page, 'catalogue-25-pincodes-list');

        await row.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await expectNotification(page, 'Pincode deleted successfully');
        await undoWindowClosed(page);
        await page.getByText('No pincodes found').first().waitFor();
        expect(await h.app.db.selectFrom('pincodes').selectAll().execute()).toEqual([]);
    });

    it('sells tomatoes loose by the kilogram: a step and minimum in the form, kg in the list, in Hindi and dark on a phone too', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/products`);
        await openCreate(page);
        await page.getByLabel('Name').fill('Desi Tomatoes');
        await page.getByLabel(/^Description\s*\*?$/).fill('Ripe country tomatoes, sold loose');
        await choose(page, 'Category', 'Vegetables');
        await choose(page, 'Subcategory', 'Leafy Greens');
        await choose(page, 'GST', 'IGST 18%');
        await choose(page, 'Sold by', 'The kilogram (KGS)');
        await page.getByLabel(/^Step/).fill('0.25');
        await page.getByLabel(/^Minimum/).fill('0.5');
        await page.getByLabel('Price').fill('40');
        await page.getByLabel(/^Stock/).fill('10.5');
        await shot(page, 'catalogue-26-product-loose-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product added successfully');
        const row = page.getByRole('row', { name: /Desi Tomatoes/ });
        await row.getByText('₹40.00').waitFor();
        await row.getByText('per kg').waitFor();
        await row.getByText('10.5 kg').waitFor();
        const stored = await h.app.db.selectFrom('products').select(['unit', 'step', 'minimum', 'stock', 'price']).where('name', '=', 'Desi Tomatoes').executeTakeFirstOrThrow();
        expect(stored).toEqual({ unit: 'KGS', step: 250, minimum: 500, stock: 10_500, price: 4000 });

        await prefer(page, 'hi', 'dark');
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await page.getByText('10.5 किग्रा').first().waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await shot(page, 'catalogue-27-products-loose-hi-dark-390');
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
        await page.reload();
        await page.getByRole('row', { name: /Desi Tomatoes/ }).waitFor();
    });

    it('sells an atta in two pack sizes: a variant added from the product, one row in the list that opens to both', async () => {
        const { page } = h;
        const home = await h.app.db.selectFrom('products').select(['categoryId', 'subcategoryId', 'gstId']).where('name', '=', 'Desi Tomatoes').executeTakeFirstOrThrow();
        const atta = await api('POST', '/api/products', { ...home, name: 'Aashirvaad Atta', description: 'Whole wheat flour', option: '1 kg', price: '62', mrp: '68', stock: '40' });
        // The atta gets its picture from its form; saving goes back to the list, and its row opens it again.
        await page.goto(`${h.baseUrl}/products/${atta.id}`);
        await page.locator('.ra-input-image input[type=file]').setInputFiles(pngFile('atta', 40, 'square'));
        await page.getByLabel(/^Image description/).fill('A 1 kg bag of Aashirvaad atta');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product updated successfully');
        await page.getByRole('row', { name: /Aashirvaad Atta/ }).getByText('₹62.00').click();
        await page.waitForURL(new RegExp(`/products/${atta.id}$`));
        const variants = page.getByRole('region', { name: 'Variants' });
        await variants.getByText('Sold one way only').waitFor();
        await variants.getByRole('link', { name: 'Add a variant' }).click();
        await page.waitForURL(/\/products\/create$/);
        // A variant's form says whose it is and leaves out what it shares.
        await page.getByText('A variant of Aashirvaad Atta (1 kg)').waitFor();
        expect(await page.getByLabel('Name', { exact: true }).count()).toBe(0);
        await page.getByLabel(/^Option/).fill('5 kg');
        await page.getByLabel('Price').fill('285');
        await page.getByLabel(/^MRP/).fill('310');
        await page.getByLabel(/^Stock/).fill('12');
        await page.getByLabel(/^Weight/).fill('5050');
        await shot(page, 'catalogue-28-variant-create');
        await page.getByRole('button', { name: 'Save' }).click();
        await expectNotification(page, 'Product added successfully');
        const five = await h.app.db.selectFrom('products').selectAll().where('option', '=', '5 kg').executeTakeFirstOrThrow();
        expect(five).toMatchObject({ parentId: atta.id, name: 'Aashirvaad Atta', categoryId: home.categoryId, gstId: home.gstId, price: 28_500, mrp: 31_000, stock: 12_000, weight: 5050, position: 2 });

        // The list shows the product once; its row opens to both packs, each with its own price and stock.
        await page.goto(`${h.baseUrl}/products`);
        const row = page.getByRole('row', { name: /Aashirvaad Atta/ });
        await expect.poll(() => row.count()).toBe(1);
        // react-admin's chevron is hidden from a keyboard and a screen reader; the row's own button opens it for them.
        const toggle = row.getByRole('button', { name: 'Show variants: Aashirvaad Atta (1 kg)' });
        await toggle.focus();
        await shot(page, 'catalogue-29a-variants-toggle-focused');
        await page.keyboard.press('Enter');
        await row.getByRole('button', { name: 'Hide variants: Aashirvaad Atta (1 kg)', expanded: true }).waitFor();
        const panel = page.getByRole('region', { name: 'Variants' });
        await panel.getByRole('row', { name: /5 kg/ }).getByText('₹285.00').waitFor();
        await panel.getByRole('row', { name: /1 kg/ }).getByText('₹62.00').waitFor();
        // The 5 kg pack has no picture of its own: its row shows the atta's, as a storefront would.
        const { image } = await h.app.db.selectFrom('products').select('image').where('id', '=', atta.id).executeTakeFirstOrThrow();
        expect(five.image).toBeNull();
        await expect.poll(() => panel.getByRole('row', { name: /5 kg/ }).locator('img').getAttribute('src')).toContain(String(image));
        await shot(page, 'catalogue-29-products-variants-expanded');
        // A search shows each pack that matches as a row of its own, named with its option.
        await page.getByRole('textbox', { name: 'Search', exact: true }).fill('aashirvaad');
        await page.getByRole('row', { name: /Aashirvaad Atta \(5 kg\)/ }).waitFor();
        await page.getByRole('row', { name: /Aashirvaad Atta \(1 kg\)/ }).waitFor();
        // A 500 g pack added later goes last; the owner moves it up, before the 5 kg, with its row's button.
        const half = await api('POST', `/api/v1/products/${atta.id}/variants`, { option: '500 g', price: '34' });
        // Back on the list, the row left open is open still: react-admin keeps it in the store.
        await page.goto(`${h.baseUrl}/products?filter=%7B%7D`);
        const packs = () => panel.getByRole('row').filter({ hasText: /\d+ k?g/ }).allInnerTexts();
        await expect.poll(async () => (await packs()).map((text) => text.match(/\d+ k?g/)?.[0])).toEqual(['1 kg', '5 kg', '500 g']);
        await panel.getByRole('button', { name: 'Move 500 g up' }).click();
        await expect.poll(async () => (await packs()).map((text) => text.match(/\d+ k?g/)?.[0])).toEqual(['1 kg', '500 g', '5 kg']);
        const places = await h.app.db.selectFrom('products').select(['id', 'position']).where('parentId', '=', atta.id).orderBy('position').execute();
        expect(places).toEqual([{ id: half.id, position: 2 }, { id: five.id, position: 3 }]);
        await shot(page, 'catalogue-29b-variant-moved');
        await panel.getByRole('row', { name: /5 kg/ }).getByText('₹285.00').click();
        await page.waitForURL(new RegExp(`/products/${five.id}$`));
        await page.getByText('A variant of Aashirvaad Atta (1 kg)').waitFor();

        await prefer(page, 'hi', 'dark');
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await page.getByText('Aashirvaad Atta (1 kg) का वेरिएंट', { exact: false }).waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await shot(page, 'catalogue-30-variant-edit-hi-dark-390');
        await page.goto(`${h.baseUrl}/products/${atta.id}`);
        await page.getByRole('region', { name: 'वेरिएंट' }).getByText('5 kg').waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await shot(page, 'catalogue-31-product-variants-hi-dark-390');
        await prefer(page, 'en', 'light');
        await page.setViewportSize({ width: 1366, height: 860 });
        await page.goto(`${h.baseUrl}/products`);
        await page.getByRole('row', { name: /Aashirvaad Atta/ }).waitFor();
    });

    it('offers every catalogue screen in the sidebar', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/products`);
        const menu = page.locator('.RaSidebar-fixed');
        // Each entry says what it opens: the list, with Create above it.
        for (const label of ['Categories', 'Subcategories', 'Attributes', 'GST', 'Pincode', 'Products']) {
            await menu.getByRole('menuitem', { name: label, exact: true }).waitFor();
        }
        await menu.getByRole('menuitem', { name: 'Pincode', exact: true }).click();
        await expect.poll(() => pathname(page)).toBe('/pincode');
    });
});
