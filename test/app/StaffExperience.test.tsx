import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, AdminUI, HttpError, memoryStore, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import { schemaExporter } from '../../src/crud/schemaExporter';
import { products } from '../../schema/products';
import type { BulkMethods } from '../../src/dataProvider/bulkMethods';
import { i18nProvider } from '../../src/i18n';
import { Layout } from '../../src/layout/Layout';
import { resources } from '../../src/resources';
import { darkTheme } from '../../src/themes/darkTheme';
import { lightTheme } from '../../src/themes/lightTheme';
import { asPhone } from './asPhone';
import { attributes, gstRates, inMemoryDataProvider } from './catalogueFixtures';
import { afterUndoWindow } from './undoWindow';

// Views are fetched on first show (code splitting), which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

/** The app's resources in its own layout (app bar with language and theme switches), without retries. */
const renderApp = (path: string, dataProvider: DataProvider) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={i18nProvider}
                queryClient={queryClient}
                store={memoryStore()}
                theme={lightTheme}
                darkTheme={darkTheme}
            >
                <AdminUI layout={Layout}>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );
};

describe('a list that cannot be loaded', () => {
    it('shows the reason and Retry instead of the empty state or a pager, then the rows once Retry works', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        let serverUp = false;
        const base = inMemoryDataProvider({ gst: gstRates });
        const getList = vi.fn((resource: string, params: Parameters<DataProvider['getList']>[1]) =>
            serverUp ? base.getList(resource, params) : Promise.reject(new HttpError('Internal Server Error', 500, {}))
        );
        renderApp('/gst', { ...base, getList } as DataProvider);

        expect(await screen.findByText('The server failed (error 500). Try again in a moment.')).toBeInTheDocument();
        expect(screen.getAllByText('Failed to fetch GST list. Please try again.').length).toBeGreaterThan(0);
        expect(screen.queryByText('No GST entries found')).not.toBeInTheDocument();
        expect(screen.queryByText('No GST rates found')).not.toBeInTheDocument();
        expect(screen.queryByText(/\d+-\d+ of \d+/)).not.toBeInTheDocument();

        serverUp = true;
        await user.click(screen.getByRole('button', { name: 'Retry' }));

        expect(await screen.findByText('18%')).toBeInTheDocument();
        expect(screen.queryByText('The server failed (error 500). Try again in a moment.')).not.toBeInTheDocument();
    });

    it('says the server cannot be reached when the request itself fails', async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const getList = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
        renderApp('/attribute', inMemoryDataProvider({ attribute: attributes }, { getList }));

        expect(await screen.findByText('The server cannot be reached. Check the connection and try again.')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    });
});

describe('on a phone', () => {
    it('lists rows in one column with their status and toggle, and no table', async () => {
        asPhone();
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ attribute: attributes });
        renderApp('/attribute', dataProvider);

        const colour = (await screen.findByText('Colour: Green')).closest('li')!;
        expect(screen.queryByRole('table')).not.toBeInTheDocument();
        expect(within(colour).getByText('Inactive')).toBeInTheDocument();
        expect(within(colour).getByRole('link')).toHaveAttribute('href', '/attribute/6');

        await user.click(within(colour).getByRole('button', { name: 'Activate' }));
        await waitFor(() => expect(dataProvider.toggleStatus).toHaveBeenCalledWith('attribute', { id: 6, status: 1 }), afterUndoWindow);
    });
});

describe('long text on a phone', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i + 1}`).join(' ');
    const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

    it('is cut at the same 30 words with a Read More that opens the whole text, not the record', async () => {
        asPhone();
        const user = userEvent.setup();
        renderApp('/banners', inMemoryDataProvider({ banners: [{ id: 1, name: 'Monsoon sale', description: long, image: null, status: 1, ...stamps }] }));

        const row = (await screen.findByText('Monsoon sale')).closest('li')!;
        expect(screen.queryByRole('table')).not.toBeInTheDocument();
        expect(within(row).getByText(/word30…/)).toBeInTheDocument();
        expect(within(row).queryByText(/word31/)).not.toBeInTheDocument();
        // The Read More is no part of the link that opens the record.
        const readMore = within(row).getByRole('button', { name: 'Read More' });
        expect(readMore.closest('a')).toBeNull();

        await user.click(readMore);
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText(/word1 .* word40/)).toBeInTheDocument();
        expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    });

    it('unfolds a long description in place with a tap, outside the link', async () => {
        asPhone();
        const user = userEvent.setup();
        renderApp('/attribute', inMemoryDataProvider({ attribute: attributes.map(row => ({ ...row, description: long })) }));

        const row = (await screen.findByText('Colour: Green')).closest('li')!;
        const text = within(row).getByText(long);
        expect(text.closest('a')).toBeNull();
        expect(text).toHaveAttribute('aria-expanded', 'false');
        await user.click(text);
        expect(text).toHaveAttribute('aria-expanded', 'true');
    });
});

describe('a form with unsaved changes', () => {
    it('asks before leaving it, and stays when the user says no', async () => {
        const user = userEvent.setup();
        const confirm = vi.fn(() => false);
        vi.stubGlobal('confirm', confirm);
        const errors = vi.spyOn(console, 'error');
        renderApp('/attribute/6', inMemoryDataProvider({ attribute: attributes }));

        const name = await screen.findByLabelText(/^Name/);
        await waitFor(() => expect(name).toHaveValue('Colour'));
        await user.type(name, 's');
        await user.click(screen.getByRole('link', { name: 'Cancel' }));

        expect(confirm).toHaveBeenCalledWith("Some of your changes weren't saved. Are you sure you want to ignore them?");
        expect(screen.getByLabelText(/^Name/)).toHaveValue('Colours');
        // What asks is a child of the form, not a prop react-admin's SimpleForm would hand on to the DOM.
        expect(errors.mock.calls.flat().join(' ')).not.toMatch(/WarnWhenUnsavedChangesComponent/);
        errors.mockRestore();

        confirm.mockReturnValue(true);
        await user.click(screen.getByRole('link', { name: 'Cancel' }));
        expect(await screen.findByText('Weight')).toBeInTheDocument();
    });

    it('does not ask after a save', async () => {
        const user = userEvent.setup();
        const confirm = vi.fn(() => false);
        vi.stubGlobal('confirm', confirm);
        const dataProvider = inMemoryDataProvider({ attribute: attributes });
        renderApp('/attribute/6', dataProvider);

        const name = await screen.findByLabelText(/^Name/);
        await waitFor(() => expect(name).toHaveValue('Colour'));
        await user.type(name, 's');
        await user.click(screen.getByRole('button', { name: 'Save' }));

        // Back on the list, with Undo offered (the attribute form sends no file).
        expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
        expect(await screen.findByRole('columnheader', { name: /Value/ })).toBeInTheDocument();
        expect(confirm).not.toHaveBeenCalled();
    });
});

describe('image inputs', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

    const renderCategoryForm = () => {
        const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 9, ...data } }));
        renderApp('/categories/create', inMemoryDataProvider({ categories: [] }, { create } as never));
        return create;
    };

    const fill = async (user: ReturnType<typeof userEvent.setup>, file: File) => {
        await user.type(await screen.findByLabelText(/^Name/), 'Fruits');
        await user.type(screen.getByLabelText(/^Description/), 'Seasonal');
        await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, file);
    };

    it('say the accepted types and the limit beside the input', async () => {
        renderCategoryForm();
        expect(await screen.findByText('JPEG, PNG, WebP or GIF, up to 5 MB.')).toBeInTheDocument();
    });

    it('refuse a text file named .png before anything is sent', async () => {
        const user = userEvent.setup();
        const create = renderCategoryForm();
        await fill(user, new File(['just some text'], 'notes.png', { type: 'image/png' }));
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('This file is not a readable image. Please choose another one.')).toBeInTheDocument();
        expect(create).not.toHaveBeenCalled();
    });

    it('refuse a file larger than 5 MB at once', async () => {
        const create = renderCategoryForm();
        const big = new File([png, new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
        await screen.findByLabelText(/^Name/);
        // Dropped, so that the browser's own `accept` filter of the file dialog does not come first.
        fireEvent.drop(document.querySelector('input[type=file]')!.parentElement!, { dataTransfer: { files: [big], types: ['Files'] } });

        expect(await screen.findByText('This image is larger than 5 MB. Please choose a smaller one.')).toBeInTheDocument();
        expect(create).not.toHaveBeenCalled();
    });

    it('accept a real PNG and send it', async () => {
        const user = userEvent.setup();
        const create = renderCategoryForm();
        await fill(user, new File([png], 'apple.png', { type: 'image/png' }));
        await user.click(screen.getByRole('button', { name: 'Save' }));

        await waitFor(() => expect(create).toHaveBeenCalled());
        expect(await screen.findByText('Category added successfully')).toBeInTheDocument();
    });

    it("turn the server's 413 into the same words", async () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        const user = userEvent.setup();
        const create = vi.fn().mockRejectedValue(new HttpError('request file too large', 413, {}));
        renderApp('/categories/create', inMemoryDataProvider({ categories: [] }, { create }));
        await fill(user, new File([png], 'apple.png', { type: 'image/png' }));
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('This image is larger than 5 MB. Please choose a smaller one.')).toBeInTheDocument();
    });
});

describe('bulk actions', () => {
    it('deactivate the selection in one request and say, row by row, what was refused', async () => {
        const user = userEvent.setup();
        const bulk = vi.fn<BulkMethods['bulk']>(async () => ({
            success: true,
            results: [
                { id: 5, ok: true },
                { id: 6, ok: false, message: 'Used by 2 products' },
            ],
        }));
        const dataProvider = { ...inMemoryDataProvider({ attribute: attributes }), bulk };
        renderApp('/attribute', dataProvider);

        await screen.findByText('Weight');
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(screen.getByRole('button', { name: 'Deactivate selected' }));
        expect(await screen.findByText('2 rows deactivated')).toBeInTheDocument();

        // After the undo window: one request, and the refusals row by row.
        const alert = await screen.findByText(/1 row deactivated/, {}, afterUndoWindow);
        expect(bulk).toHaveBeenCalledTimes(1);
        expect(bulk).toHaveBeenCalledWith('attribute', { ids: [5, 6], action: 'deactivate' });
        expect(alert).toHaveTextContent('1 refused:');
        expect(alert).toHaveTextContent('Colour: Green: Used by 2 products');
    });

    it('delete the selection only once the user confirms', async () => {
        const user = userEvent.setup();
        const bulk = vi.fn<BulkMethods['bulk']>(async (_resource, { ids }) => ({ success: true, results: ids.map(id => ({ id, ok: true })) }));
        renderApp('/attribute', { ...inMemoryDataProvider({ attribute: attributes }), bulk });

        await screen.findByText('Weight');
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(screen.getByRole('button', { name: 'Delete selected' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Are you sure you want to delete these 2 rows?')).toBeInTheDocument();
        expect(bulk).not.toHaveBeenCalled();
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

        expect(await screen.findByText('2 rows deleted')).toBeInTheDocument();
        await waitFor(() => expect(bulk).toHaveBeenCalledWith('attribute', { ids: [5, 6], action: 'delete' }), afterUndoWindow);
    });
});

describe('language and theme', () => {
    it('switches to Hindi, labels and react-admin’s own words alike', async () => {
        const user = userEvent.setup();
        renderApp('/attribute', inMemoryDataProvider({ attribute: attributes }));
        await screen.findByText('Weight');

        await user.click(screen.getByRole('button', { name: 'English' }));
        await user.click(await screen.findByRole('menuitem', { name: 'हिन्दी' }));

        expect(await screen.findAllByText('सक्रिय')).not.toHaveLength(0);
        expect(screen.getAllByText('निष्क्रिय').length).toBeGreaterThan(0);
        expect(screen.getByRole('button', { name: 'निर्यात करें' })).toBeInTheDocument();
        expect(screen.getByRole('columnheader', { name: /मान/ })).toBeInTheDocument();
    });

    it('switches to dark mode and remembers it', async () => {
        // The provider is shared by the tests; the one before chose Hindi.
        await i18nProvider.changeLocale('en');
        const user = userEvent.setup();
        const store = memoryStore();
        const queryClient = new QueryClient();
        render(
            <TestMemoryRouter initialEntries={['/attribute']}>
                <AdminContext
                    dataProvider={inMemoryDataProvider({ attribute: attributes })}
                    i18nProvider={i18nProvider}
                    queryClient={queryClient}
                    store={store}
                    theme={lightTheme}
                    darkTheme={darkTheme}
                >
                    <AdminUI layout={Layout}>
                        <Resource name="attribute" {...resources.attribute} />
                    </AdminUI>
                </AdminContext>
            </TestMemoryRouter>
        );
        await screen.findByText('Weight');
        const appBar = document.querySelector('header')!;
        const lightBackground = getComputedStyle(appBar).backgroundColor;

        await user.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));

        await waitFor(() => expect(getComputedStyle(document.querySelector('header')!).backgroundColor).not.toBe(lightBackground));
        expect(store.getItem('theme')).toBe('dark');
    });
});

describe('CSV export', () => {
    it('writes what staff read: names not ids, status words, amounts as numbers a spreadsheet adds up, full image addresses', async () => {
        let csv = '';
        const createObjectURL = URL.createObjectURL;
        URL.createObjectURL = (blob: Blob) => {
            const reader = new FileReader();
            reader.onload = () => (csv = String(reader.result));
            reader.readAsText(blob);
            return 'blob:csv';
        };
        const translate = (key: string, options?: { _?: string }) =>
            (({ 'app.status.active': 'Active', 'app.status.inactive': 'Inactive' }) as Record<string, string>)[key] ??
            (key.startsWith('resources.products.fields.') ? key.split('.').pop()! : (options?._ ?? key));
        const rows = [
            { id: 1, image: '/uploads/apple.png', name: 'Apples, red', categoryName: 'Fruits', subcategoryName: 'Pome', price: 120000.5, gstId: 7, status: 1, description: '<p>Crisp</p>', attributeId: 5 },
            { id: 2, image: null, name: 'Kale', categoryName: 'Vegetables', subcategoryName: 'Leafy', price: 40, gstId: 7, status: 0, description: 'Leafy, green', attributeId: 5, unit: 'KGS', step: 0.25, minimum: 0.5, stock: 10.5 },
        ];
        const fetchRelated = vi.fn(async (_rows: unknown, column: string) =>
            column === 'gstId' ? { 7: { id: 7, type: 'IGST', percent: 18 } } : { 5: { id: 5, name: 'Weight', value: '500 g' } }
        );

        await schemaExporter(products, translate as never)(rows, fetchRelated as never, {} as never, 'products');
        await waitFor(() => expect(csv).not.toBe(''));

        const lines = csv.replace(/^\ufeff/, '').split('\r\n');
        // The list's columns, then the rest of the form, the picture's alt text and gallery included (an import reads them back).
        expect(lines[0]).toBe('id,image,name,categoryName,subcategoryName,attributeIds,price,stock,gstId,status,description,attributeId,mrp,unit,step,minimum,sku,barcode,hsn,imageAlt,images,parentId,option,weight');
        expect(lines[1]).toBe(`1,${window.location.origin}/uploads/apple.png,"Apples, red",Fruits,Pome,,120000.5,,IGST 18%,Active,<p>Crisp</p>,Weight: 500 g,,,,,,,,,,,,`);
        // Loose goods: their unit in the screens' words, their step, minimum and stock as numbers in kilograms.
        expect(lines[2]).toBe('2,,Kale,Vegetables,Leafy,,40,10.5,IGST 18%,Inactive,"Leafy, green",Weight: 500 g,,KGS,0.25,0.5,,,,,,,,');
        expect(fetchRelated).toHaveBeenCalledWith(rows, 'gstId', 'gst');
        expect(fetchRelated).toHaveBeenCalledWith(rows, 'attributeId', 'attribute');
        URL.createObjectURL = createObjectURL;
    });
});
