import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, AdminUI, CustomRoutes, HttpError, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { i18nProvider } from '../../src/i18n';
import { resources } from '../../src/resources';
import { BulkEdit } from '../../src/resources/products/BulkEdit';
import type { Product } from '../../src/types';
import { attributes, categories, gstRates, inMemoryDataProvider, subcategories } from './catalogueFixtures';

const product = (fields: Partial<Product> & { id: number; name: string }): Product =>
    ({
        description: 'd',
        categoryId: 1,
        categoryName: 'Fruits',
        subcategoryId: 11,
        subcategoryName: 'Citrus',
        attributeId: 5,
        gstId: 7,
        price: 80,
        mrp: null,
        stock: 12,
        sku: null,
        image: null,
        images: [],
        createdBy: 1,
        parentId: null,
        option: '',
        position: 1,
        status: 1,
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
        ...fields,
    }) as unknown as Product;

const products = [product({ id: 3, name: 'Oranges', price: 138, mrp: 150, sku: 'ORG-1' }), product({ id: 4, name: 'Lemons', price: 40, stock: 30 })];

/** The app's resources and the bulk editor's route, as App.tsx declares it. */
const renderApp = (path: string, dataProvider: DataProvider) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
                <AdminUI>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                    <CustomRoutes>
                        <Route path="/products/bulk-edit" element={<BulkEdit />} />
                    </CustomRoutes>
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );

const provider = (overrides: object = {}) => ({
    ...inMemoryDataProvider({ categories, subcategories, attribute: attributes, gst: gstRates, products }),
    ...overrides,
});

describe('the products’ MRP and the bulk editor', () => {
    it('shows the MRP and the saving in the product list, and links to the bulk editor', async () => {
        renderApp('/products', provider());
        expect(await screen.findByText('Save ₹12 (8%)', {}, { timeout: 15_000 })).toBeInTheDocument();
        // The MRP shows in the price's cell, under the price.
        expect(screen.getAllByText('MRP ₹150.00').length).toBeGreaterThan(0);
        expect(screen.getByRole('link', { name: 'Edit prices and stock' })).toHaveAttribute('href', '/products/bulk-edit');
    }, 30_000);

    it('sends only the changed cells with what the screen showed, moving down a column with Enter', async () => {
        const user = userEvent.setup();
        const bulkEditProducts = vi.fn(async () => ({ changed: 2, message: '2 products changed' }));
        renderApp('/products/bulk-edit', provider({ bulkEditProducts }));
        const orangePrice = await screen.findByLabelText('Price (₹): Oranges', {}, { timeout: 15_000 });
        expect(screen.getByText('Save ₹12 (8%)')).toBeInTheDocument();
        await user.clear(orangePrice);
        await user.type(orangePrice, '120{Enter}');
        expect(screen.getByText('Save ₹30 (20%)')).toBeInTheDocument();
        expect(screen.getByLabelText('Price (₹): Lemons')).toHaveFocus();
        const lemonStock = screen.getByLabelText('Stock: Lemons');
        await user.clear(lemonStock);
        await user.type(lemonStock, '2x');
        expect(screen.getByText('A whole number from 0')).toBeInTheDocument();
        expect(screen.getByRole('button', { name: /Save all/ })).toBeDisabled();
        await user.type(lemonStock, '{Backspace}5');
        await user.click(screen.getByRole('button', { name: 'Save all (2)' }));
        expect(bulkEditProducts).toHaveBeenCalledWith([
            { id: 3, price: '120', was: { price: 138 } },
            { id: 4, stock: 25, was: { stock: 30 } },
        ]);
        expect(await screen.findByText('2 products changed')).toBeInTheDocument();
    }, 40_000);

    it('shows a refused row’s reason under its cell, and keeps what was typed', async () => {
        const user = userEvent.setup();
        const refusal = new HttpError('1 of 1 rows refused; nothing was saved', 400, { errors: { '3.price': 'The price cannot be more than the MRP' } });
        renderApp('/products/bulk-edit', provider({ bulkEditProducts: vi.fn(async () => Promise.reject(refusal)) }));
        const orangePrice = await screen.findByLabelText('Price (₹): Oranges', {}, { timeout: 15_000 });
        await user.clear(orangePrice);
        await user.type(orangePrice, '160');
        await user.click(screen.getByRole('button', { name: 'Save all (1)' }));
        expect(await screen.findByText('The price cannot be more than the MRP')).toBeInTheDocument();
        expect(screen.getByText('Nothing was saved: fix the rows marked in red and save again')).toBeInTheDocument();
        expect(orangePrice).toHaveValue('160');
    }, 40_000);

    it('reads in Hindi', async () => {
        await i18nProvider.changeLocale('hi');
        try {
            renderApp('/products/bulk-edit', provider());
            expect(await screen.findByText('₹12 की बचत (8%)', {}, { timeout: 15_000 })).toBeInTheDocument();
            expect(within(screen.getByRole('table')).getAllByText('एमआरपी (₹)').length).toBeGreaterThan(0);
        } finally {
            await i18nProvider.changeLocale('en');
        }
    }, 30_000);
});

// The form's hint: what the customer saves at the price typed.
describe('the product form', () => {
    it('shows the saving as the price and MRP are typed, and refuses a price above the MRP', async () => {
        const user = userEvent.setup();
        renderApp('/products/3', provider());
        const mrp = await screen.findByRole('spinbutton', { name: 'MRP (₹)' }, { timeout: 15_000 });
        // The form's own saving, not the saved one its variants' table shows under it.
        const form = within(mrp.closest('form')!);
        expect(await form.findByText('Save ₹12 (8%)')).toBeInTheDocument();
        await user.clear(mrp);
        await user.type(mrp, '100');
        await waitFor(() => expect(form.queryByText(/^Save ₹/)).not.toBeInTheDocument());
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('The price cannot be more than the MRP')).toBeInTheDocument();
    }, 40_000);
});
