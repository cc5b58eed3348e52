import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Product } from '../../src/types';
import { attributes, categories, gstRates, inMemoryDataProvider, subcategories } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';

const product = {
    id: 3,
    name: 'Oranges',
    description: 'Juicy',
    categoryId: 1,
    categoryName: 'Fruits',
    subcategoryId: 11,
    subcategoryName: 'Citrus',
    attributeId: 5,
    gstId: 7,
    price: 80,
    stock: 12,
    image: null,
    images: [],
    createdBy: 1,
    status: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
} as unknown as Product;

describe('Change stock on a product page', () => {
    it('sends the reason, the quantity and the note, shows the server’s sentence and the new stock', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ categories, subcategories, attribute: attributes, gst: gstRates, products: [product] });
        const changeStock = vi.fn(async () => ({ data: { id: 3, stock: 8 }, message: 'Stock of Oranges is now 8' }));
        renderAdmin('/products/3', { ...dataProvider, changeStock });

        expect(await screen.findByText('In stock: 12', {}, { timeout: 10_000 })).toBeInTheDocument();
        await user.click(screen.getAllByRole('button', { name: 'Change stock' })[0]);
        const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
        await user.click(within(dialog).getByRole('combobox', { name: 'Why' }));
        await user.click(await screen.findByRole('option', { name: 'Damaged (take away)' }));
        const save = within(dialog).getByRole('button', { name: 'Change stock' });
        expect(save).toBeDisabled();
        await user.type(within(dialog).getByLabelText('Quantity'), '4x');
        expect(within(dialog).getByText('A whole number from 0')).toBeInTheDocument();
        await user.type(within(dialog).getByLabelText('Quantity'), '{Backspace}');
        await user.type(within(dialog).getByLabelText('Note (optional)'), 'Bruised');
        await user.click(save);

        expect(changeStock).toHaveBeenCalledWith(3, { reason: 'damaged', quantity: 4, note: 'Bruised' });
        expect(await screen.findByText('Stock of Oranges is now 8')).toBeInTheDocument();
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('counts loose goods in kilograms, to the gram', async () => {
        const user = userEvent.setup();
        const tomatoes = { ...product, name: 'Tomatoes', unit: 'KGS', step: 0.25, minimum: 0.5, stock: 10.5 } as Product;
        const dataProvider = inMemoryDataProvider({ categories, subcategories, attribute: attributes, gst: gstRates, products: [tomatoes] });
        const changeStock = vi.fn(async () => ({ data: { id: 3, stock: 13.25 }, message: 'Stock of Tomatoes is now 13.25 kg' }));
        renderAdmin('/products/3', { ...dataProvider, changeStock });

        expect(await screen.findByText('In stock: 10.5 kg', {}, { timeout: 10_000 })).toBeInTheDocument();
        await user.click(screen.getAllByRole('button', { name: 'Change stock' })[0]);
        const dialog = await screen.findByRole('dialog', { name: 'Change stock' });
        const quantity = within(dialog).getByLabelText('Quantity');
        expect(quantity.closest('.MuiInputBase-root')).toHaveTextContent('kg');
        await user.type(quantity, '2.7505');
        expect(within(dialog).getByText('A number from 0, with up to 3 decimals (0.25)')).toBeInTheDocument();
        expect(within(dialog).getByRole('button', { name: 'Change stock' })).toBeDisabled();
        await user.clear(quantity);
        await user.type(quantity, '2.75');
        await user.click(within(dialog).getByRole('button', { name: 'Change stock' }));

        expect(changeStock).toHaveBeenCalledWith(3, { reason: 'received', quantity: 2.75, note: '' });
        expect(await screen.findByText('Stock of Tomatoes is now 13.25 kg')).toBeInTheDocument();
    });

    it('says when a product’s stock is not tracked', async () => {
        const dataProvider = inMemoryDataProvider({ categories, subcategories, attribute: attributes, gst: gstRates, products: [{ ...product, stock: null } as Product] });
        renderAdmin('/products/3', dataProvider);
        expect(await screen.findByText('Stock is not tracked for this product', {}, { timeout: 10_000 })).toBeInTheDocument();
    });
});
