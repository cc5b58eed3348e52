import fs from 'node:fs';
import path from 'node:path';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, AdminUI, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { createAuthProvider, TOKEN_KEY } from '../../src/authProvider';
import { API_URL } from '../../src/config';
import { createDataProvider, httpClient } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { resources } from '../../src/resources';
import { ROLE } from '../../schema/access';
import { catalogueBasics, type Call } from '../server/catalogue';
import { makeApp, PNG, signIn, type TestApp } from '../server/helpers';
import { bytesOf, serveWith } from './realApi';

// Views are fetched on first show (code splitting), and the real server answers each call.
configure({ asyncUtilTimeout: 15_000 });

/** The whole app (resources, real data and auth providers) signed in as `roleId`, at `path`. */
async function renderSignedIn(path: string, roleId: number = ROLE.admin) {
    const t = await makeApp();
    const email = roleId === ROLE.admin ? 'admin@shop.test' : 'seller@shop.test';
    const { authorization } = await signIn(t, email, roleId);
    localStorage.setItem(TOKEN_KEY, authorization.replace('Bearer ', ''));
    const calls = serveWith(t);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const call: Call = (method, url, payload) => t.app.inject({ method, url, headers: { authorization }, payload });
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={createDataProvider(API_URL, httpClient)}
                authProvider={createAuthProvider(API_URL, httpClient)}
                i18nProvider={i18nProvider}
                queryClient={queryClient}
                store={memoryStore()}
            >
                <AdminUI>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );
    return { t, calls, call };
}

const csvFile = (text: string, name = 'pincodes.csv') => new File([text], name, { type: 'text/csv' });

const pick = (file: File) => fireEvent.change(screen.getByTestId('csv-import-file'), { target: { files: [file] } });

const pincodesIn = async (t: TestApp) => (await t.app.db.selectFrom('pincodes').select(['pincode', 'prize', 'status']).orderBy('id').execute()).map(row => row.pincode);

/** The text react-admin's downloadCSV hands the browser, caught where the browser would save it. */
function catchDownload() {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(blob => {
        saved = blob as Blob;
        return 'blob:csv';
    });
    // jsdom cannot follow the download link; the click is all react-admin does with it.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    return async () => {
        await waitFor(() => expect(saved).toBeDefined());
        return (await bytesOf(saved!)).toString('utf8');
    };
}

// A real server per test, the whole app over it, and a dialog of several steps: more than the default 20 s on a busy machine.
describe('the Import button of a list', { timeout: 60_000 }, () => {
    it('previews a file without writing, shows the refused row with its reason, imports the rest and reloads the list', async () => {
        const user = userEvent.setup();
        const { t } = await renderSignedIn('/pincode');
        await user.click(await screen.findByRole('button', { name: 'Import' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText(/At most 2 MB and 5,000 rows/)).toBeInTheDocument();

        pick(csvFile('Pincode,Delivery charge (₹),Status\n560034,₹25.50,Active\n012345,10,Active\n110001,"₹1,000.00",Inactive\n'));

        expect(await within(dialog).findByText('2 rows ready')).toBeInTheDocument();
        expect(within(dialog).getByText('1 row refused')).toBeInTheDocument();
        const refused = within(dialog).getByText('Pincode: Please enter a valid 6-digit pincode').closest('tr')!;
        expect(refused).toHaveAttribute('data-status', 'refused');
        expect(within(refused).getByText('012345')).toBeInTheDocument();
        expect(within(refused).getByText('3')).toBeInTheDocument(); // the file's line
        expect(await pincodesIn(t)).toEqual([]); // a preview writes nothing

        await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
        expect(await within(dialog).findByText('Import finished')).toBeInTheDocument();
        expect(within(dialog).getByText('2 rows added')).toBeInTheDocument();
        expect(await pincodesIn(t)).toEqual(['560034', '110001']);

        await user.click(within(dialog).getByRole('button', { name: 'Close' }));
        // The list reloaded: the new rows are on screen.
        expect(await screen.findByText('560034')).toBeInTheDocument();
        expect(screen.getByText('110001')).toBeInTheDocument();
    });

    it("names a file it cannot take at once (too big, not .csv) and a file the server refuses in the server's words", async () => {
        const user = userEvent.setup();
        const { t, calls } = await renderSignedIn('/pincode');
        await user.click(await screen.findByRole('button', { name: 'Import' }));
        const dialog = await screen.findByRole('dialog');

        const before = calls.length;
        pick(csvFile('x'.repeat(2 * 1024 * 1024 + 1)));
        expect(await within(dialog).findByText('The file is larger than 2 MB; split it into smaller files.')).toBeInTheDocument();
        pick(new File(['%PDF-1.4'], 'prices.pdf', { type: 'application/pdf' }));
        expect(await within(dialog).findByText('Choose a CSV file (.csv).')).toBeInTheDocument();
        expect(calls.length).toBe(before); // refused in the browser, nothing sent

        pick(csvFile('Pincode,Charge\n560034,25\n'));
        expect(await within(dialog).findByRole('alert')).toHaveTextContent(/The server said: The header has columns this import does not know: Charge/);
        expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
        expect(await pincodesIn(t)).toEqual([]);

        // Another file may be picked after a refusal; with no valid row there is nothing to import.
        pick(csvFile('Pincode,Delivery charge (₹)\n12,5\n'));
        expect(await within(dialog).findByText('0 rows ready')).toBeInTheDocument();
        expect(within(dialog).getByText('No row can be imported; correct the file and choose it again.')).toBeInTheDocument();
        expect(within(dialog).getByRole('button', { name: 'Import 0 rows' })).toBeDisabled();
    });

    it('is offered to administrators only, and only on lists whose schema takes an import', async () => {
        await renderSignedIn('/pincode', ROLE.seller);
        expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument());
    });

    it('is not on a list that takes no import (GST)', async () => {
        await renderSignedIn('/gst');
        expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    });

    it('takes back the products list\'s own export: every field of the form, its picture by name, a product the shop has refused', async () => {
        const user = userEvent.setup();
        const { t, call } = await renderSignedIn('/products');
        await catalogueBasics(call);
        const body = { name: 'Shimla Apples 1 kg', description: 'Crisp, "red" apples\nfrom Himachal', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 189.5, stock: 12, barcode: '8901234567890' };
        expect((await call('POST', '/api/products', body)).statusCode).toBe(201);
        // A picture the shop holds, as an upload leaves it.
        fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'apples.png'), PNG);
        await t.app.db.updateTable('products').set({ image: '/uploads/apples.png' }).execute();
        const downloaded = catchDownload();

        await user.click(await screen.findByRole('button', { name: 'Refresh' }));
        await screen.findByText('Shimla Apples 1 kg');
        await user.click(screen.getByRole('button', { name: 'Export' }));
        const csv = await downloaded();
        expect(csv.split('\r\n')[0]).toBe('\ufeffID,Image,Name,Category,Subcategory,Attributes,Price (₹),Stock,GST,Status,Description,Main attribute,MRP (₹),Sold by,Step,Minimum,SKU,Barcode,HSN code,Image description (alt text),Gallery,Variant of,Option (pack size),Weight (g)');

        // Into the same shop: the product is there already, so the row is refused and says why.
        await user.click(screen.getByRole('button', { name: 'Import' }));
        const dialog = await screen.findByRole('dialog');
        pick(csvFile(csv, 'products.csv'));
        expect(await within(dialog).findByText('0 rows ready')).toBeInTheDocument();
        expect(within(dialog).getByText(/Name: This subcategory already has a product with this name/)).toBeInTheDocument();
        // Products are matched by their SKU, not by the left-out ID.
        expect(within(dialog).getByText(/^Left out: ID\. A row whose SKU the shop already has updates that record/)).toBeInTheDocument();

        // Into a shop without it: every field comes back as it was exported.
        await t.app.db.deleteFrom('products').execute();
        pick(csvFile(csv, 'products.csv'));
        expect(await within(dialog).findByText('1 row ready')).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
        expect(await within(dialog).findByText('1 row added')).toBeInTheDocument();
        const [product] = await t.app.db.selectFrom('products').selectAll().execute();
        expect(product).toMatchObject({ name: body.name, description: body.description, categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 18950, stock: 12_000, unit: 'NOS', sku: null, barcode: '8901234567890', status: 1 });
        // The picture came by its name, as a copy of its own (deleting the original leaves it whole).
        expect(product.image).toMatch(/^\/uploads\/[\w-]+\.png$/);
        expect(product.image).not.toBe('/uploads/apples.png');
    });
    it('shows, for a row that is added without its picture, which picture and why', async () => {
        const user = userEvent.setup();
        const { call } = await renderSignedIn('/products');
        await catalogueBasics(call);
        await user.click(await screen.findByRole('button', { name: 'Import' }));
        const dialog = await screen.findByRole('dialog');
        pick(csvFile('Name,Description,Category,Subcategory,Attribute,GST,Price,Image\r\nPears,Sweet,Fruits & Vegetables,Fresh Fruits,Weight: 1 kg,IGST 5%,99,/uploads/gone.png', 'products.csv'));
        expect(await within(dialog).findByText('1 row ready')).toBeInTheDocument();
        expect(within(dialog).getByText('Image: Imported without this picture: /uploads/gone.png is not a picture uploaded to this shop')).toBeInTheDocument();
    });

    it('previews which rows of a products file update a product by its SKU and which add one', async () => {
        const user = userEvent.setup();
        const { t, call } = await renderSignedIn('/products');
        await catalogueBasics(call);
        const body = { name: 'Atta 5 kg', description: 'Whole wheat', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 250, mrp: 275, stock: 10, sku: 'ATTA-5' };
        expect((await call('POST', '/api/products', body)).statusCode).toBe(201);
        await user.click(await screen.findByRole('button', { name: 'Import' }));
        const dialog = await screen.findByRole('dialog');
        const header = 'Name,Description,Category,Subcategory,Attribute,GST,Price (₹),MRP (₹),Stock,SKU';
        pick(csvFile(`${header}\r\nAtta 5 kg,Whole wheat,Staples,Rice,Weight: 1 kg,IGST 5%,240,275,14,ATTA-5\r\nRice 1 kg,Sona masoori,Staples,Rice,Weight: 1 kg,IGST 5%,90,100,20,RICE-1`, 'products.csv'));
        expect(await within(dialog).findByText('2 rows ready')).toBeInTheDocument();
        expect(within(dialog).getByText('Update')).toBeInTheDocument();
        expect(within(dialog).getByText('Add')).toBeInTheDocument();
        // Before anything is written, the update says what it changes, old → new, and nothing it leaves alone.
        const changes = within(dialog).getByTestId('import-changes').textContent;
        expect(changes).toBe('Price (₹): ₹250.00 → ₹240.00Stock: 10 → 14');
        await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
        await within(dialog).findByText('Import finished');
        const rows = await t.app.db.selectFrom('products').select(['sku', 'price', 'stock']).orderBy('id').execute();
        expect(rows).toEqual([
            // Stock is kept in thousandths of a piece.
            { sku: 'ATTA-5', price: 24000, stock: 14_000 },
            { sku: 'RICE-1', price: 9000, stock: 20_000 },
        ]);
    });
});
