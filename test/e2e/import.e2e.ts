import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, shot, startHarness, type Harness } from './harness';
import { TOKEN_KEY } from '../../src/http/token';
import { signInThroughUi } from './support';

/** True when the page is no wider than the window: nothing to scroll sideways to. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A CSV on disk, as staff would pick it from their computer. */
function csvFile(name: string, text: string): string {
    const file = path.join(os.tmpdir(), name);
    fs.writeFileSync(file, text);
    return file;
}

describe('importing pincodes from a CSV file, in Chromium', () => {
    let h: Harness;
    beforeAll(async () => {
        h = await startHarness();
    });
    afterAll(async () => h?.close());

    const pincodes = async () => (await h.app.db.selectFrom('pincodes').select('pincode').orderBy('id').execute()).map((row) => row.pincode);

    it('previews a file with one bad row at 1366 px, imports the good rows and shows them in the list', async () => {
        const { page } = h;
        await page.goto(`${h.baseUrl}/login`);
        await signInThroughUi(h, page, ADMIN);
        await page.getByText('Welcome').first().waitFor();

        await page.goto(`${h.baseUrl}/pincode`);
        await page.getByRole('button', { name: 'Import' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('At most 2 MB and 5,000 rows', { exact: false }).waitFor();
        const file = csvFile(
            'pincodes-import.csv',
            '\ufeffPincode,Delivery charge (₹),Status\r\n560034,₹25.50,Active\r\n56003,10,Active\r\n110001,"₹1,000.00",Inactive\r\n400001,49,Active\r\n',
        );
        await page.locator('input[type=file]').setInputFiles(file);

        await dialog.getByText('3 rows ready').waitFor();
        await dialog.getByText('1 row refused').waitFor();
        const bad = dialog.locator('tr[data-status=refused]');
        expect(await bad.count()).toBe(1);
        expect(await bad.innerText()).toContain('Please enter a valid 6-digit pincode');
        expect(await bad.innerText()).toContain('56003');
        // The refused row is marked in colour, not only in words.
        const background = await bad.evaluate((row) => getComputedStyle(row).backgroundColor);
        expect(background).not.toBe('rgba(0, 0, 0, 0)');
        expect(await pincodes()).toEqual([]);
        await shot(page, 'import-1366-preview');

        await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
        await dialog.getByText('Import finished').waitFor();
        await dialog.getByText('3 rows added').waitFor();
        await shot(page, 'import-1366-done');
        expect(await pincodes()).toEqual(['560034', '110001', '400001']);

        await dialog.getByRole('button', { name: 'Close' }).click();
        await page.getByText('400001').waitFor();
        await page.getByText('₹1,000.00').waitFor();
    });

    it('fits a phone (390 px): the dialog fills the screen, the preview scrolls within itself, the page never sideways', async () => {
        const { page } = h;
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`${h.baseUrl}/pincode`);
        await page.getByText('400001').waitFor();
        expect(await fitsWidth(page)).toBe(true);
        await shot(page, 'import-390-list');
        await page.getByRole('button', { name: 'Import' }).click();
        const file = csvFile('pincodes-phone.csv', 'ID,Pincode,Delivery charge (₹),Status\n1,700001,₹35.00,Active\n2,560034,₹25.50,Active\n3,0,x,Maybe\n');
        await page.locator('input[type=file]').setInputFiles(file);
        const dialog = page.getByRole('dialog');
        await dialog.getByText('1 row ready').waitFor();
        await dialog.getByText('2 rows refused').waitFor();
        await dialog.getByText('Left out: ID').waitFor();
        await dialog.getByText('Pincode: This pincode already exists').waitFor();
        expect(await fitsWidth(page)).toBe(true);
        const box = await dialog.boundingBox(); // MUI puts the dialog role on the paper itself
        expect(box!.width).toBeLessThanOrEqual(390);
        await expect(dialog.getByRole('button', { name: 'Import 1 row' }).isVisible()).resolves.toBe(true);
        await shot(page, 'import-390-preview');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        expect(await pincodes()).toEqual(['560034', '110001', '400001']);
        await page.setViewportSize({ width: 1366, height: 860 });
    });

    it('exports the products list to a file in Chromium and imports that file back: refused while the products exist, every field back once they are gone', async () => {
        const { page } = h;
        await page.setViewportSize({ width: 1366, height: 860 });
        // The catalogue is added through the API as the signed-in administrator (the page's own session).
        const api = (url: string, body: object) =>
            page.evaluate(
                async ([url, body, key]) => {
                    const res = await fetch(`/api${url}`, {
                        method: 'POST',
                        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(key)}` },
                        body: JSON.stringify(body),
                    });
                    return res.status;
                },
                [url, body, TOKEN_KEY] as const,
            );
        for (const [url, body] of [
            ['/categories', { name: 'Staples', description: 'Atta, rice and dal' }],
            ['/subcategories', { categoryId: 1, name: 'Rice' }],
            ['/attribute', { name: 'Weight', value: '5 kg' }],
            ['/gst', { type: 'IGST', description: '5% slab', percent: 5 }],
            ['/products', { name: 'Sona Masoori 5 kg', description: 'Rice for every day,\nfrom "Andhra"', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 450.5 }],
            ['/products', { name: 'Basmati 1 kg', description: '<p>Long grain</p>', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 150 }],
        ] as const) {
            expect(await api(url, body), url).toBe(201);
        }
        const products = () =>
            h.app.db.selectFrom('products').select(['name', 'description', 'categoryId', 'subcategoryId', 'attributeId', 'gstId', 'price', 'status']).orderBy('name').execute();
        const before = await products();

        await page.goto(`${h.baseUrl}/products`);
        await page.getByText('Basmati 1 kg').waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
        const file = path.join(os.tmpdir(), 'products-export.csv');
        await download.saveAs(file);
        expect(fs.readFileSync(file, 'utf8').split('\r\n')[0]).toBe('\ufeffID,Image,Name,Category,Subcategory,Attributes,Price (₹),Stock,GST,Status,Description,Main attribute,MRP (₹),Sold by,Step,Minimum,SKU,Barcode,HSN code,Image description (alt text),Gallery,Variant of,Option (pack size),Weight (g)');

        await page.getByRole('button', { name: 'Import' }).click();
        const dialog = page.getByRole('dialog');
        await page.locator('input[type=file]').setInputFiles(file);
        await dialog.getByText('0 rows ready').waitFor();
        await dialog.getByText('2 rows refused').waitFor();
        expect(await dialog.getByText('Name: This subcategory already has a product with this name').count()).toBe(2);
        // The export's pictures are read back (by their /uploads/ paths): only the ID column is left out.
        await dialog.getByText('Left out: ID.').waitFor();
        await shot(page, 'import-1366-products-refused');

        await h.app.db.deleteFrom('products').execute();
        await page.locator('input[type=file]').setInputFiles(file);
        await dialog.getByText('2 rows ready').waitFor();
        await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
        await dialog.getByText('2 rows added').waitFor();
        expect(await products()).toEqual(before);
        await dialog.getByRole('button', { name: 'Close' }).click();
        await page.getByText('Sona Masoori 5 kg').waitFor();
    });
});
