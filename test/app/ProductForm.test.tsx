import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Product } from '../../src/types';
import { attributes, categories, gstRates, inMemoryDataProvider, subcategories } from './catalogueFixtures';
import { renderAdmin } from './renderAdmin';

const tables = { categories, subcategories, attribute: attributes, gst: gstRates };

const select = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
/** The select once its choices have loaded (a loading one is a plain, disabled text field). */
const loadedSelect = (label: string) => screen.findByRole('combobox', { name: new RegExp(`^${label}`) });

/** The options of a select, closing it again. */
const optionsOf = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
    await user.click(await loadedSelect(label));
    const listbox = await screen.findByRole('listbox');
    const names = within(listbox)
        .getAllByRole('option')
        .map(option => option.textContent?.trim())
        .filter(Boolean);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    return names;
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
    await user.click(await loadedSelect(label));
    await user.click(await screen.findByRole('option', { name: option }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
};

/** A saved citrus product (category 1, subcategory 11) with a gallery of two, as the API answers it. */
const citrus = (fields: Pick<Product, 'id' | 'name' | 'description' | 'price' | 'image' | 'imageAlt' | 'imagesAlt'>): Product => ({
    categoryId: 1,
    categoryName: 'Fruits',
    subcategoryId: 11,
    subcategoryName: 'Citrus',
    attributeId: 5,
    gstId: 7,
    images: ['/uploads/a.png', '/uploads/b.png'],
    createdBy: 1,
    parentId: null,
    option: '',
    position: 1,
    status: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
});

describe('ProductForm', () => {
    it('offers only the chosen category’s subcategories, and empties the subcategory when the category changes', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider(tables);
        renderAdmin('/products/create', dataProvider);

        await screen.findByText('Choose a category first');
        expect(select('Subcategory')).toHaveAttribute('aria-disabled', 'true');
        expect(dataProvider.getList).not.toHaveBeenCalledWith('subcategories', expect.anything());

        await choose(user, 'Category', 'Fruits');
        // Berries is deactivated: a form offers active rows only.
        expect(await optionsOf(user, 'Subcategory')).toEqual(['Citrus']);
        expect(dataProvider.getList).toHaveBeenCalledWith('subcategories', expect.objectContaining({ filter: { categoryId: 1, status: 1 } }));
        await choose(user, 'Subcategory', 'Citrus');
        expect(select('Subcategory')).toHaveTextContent('Citrus');

        await choose(user, 'Category', 'Vegetables');
        await waitFor(() => expect(select('Subcategory')).not.toHaveTextContent('Citrus'));
        expect(await optionsOf(user, 'Subcategory')).toEqual(['Leafy greens']);
    });

    it('creates the product with the pair chosen last, its attribute, GST rate and price', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider(tables);
        renderAdmin('/products/create', dataProvider);

        await user.type(await screen.findByLabelText(/^Name/), 'Baby spinach');
        await user.type(screen.getByLabelText(/^Description/), 'Washed and ready');
        await choose(user, 'Category', 'Fruits');
        await choose(user, 'Subcategory', 'Citrus');
        await choose(user, 'Category', 'Vegetables');
        await choose(user, 'Subcategory', 'Leafy greens');
        await choose(user, 'Main attribute', 'Weight: 500 g');
        await choose(user, 'GST', 'IGST 18%');
        await user.type(screen.getByLabelText(/^Price/), '-5');
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('Price cannot be negative')).toBeInTheDocument();
        expect(dataProvider.create).not.toHaveBeenCalled();

        await user.clear(screen.getByLabelText(/^Price/));
        await user.type(screen.getByLabelText(/^Price/), '120.50');
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
        expect(dataProvider.create).toHaveBeenCalledWith(
            'products',
            expect.objectContaining({
                data: expect.objectContaining({
                    name: 'Baby spinach',
                    categoryId: 2,
                    subcategoryId: 21,
                    attributeId: 5,
                    gstId: 7,
                    price: 120.5,
                }),
            })
        );
    });

    it('sells loose goods by the kilogram: the step and minimum appear, in kg, and go with the price a kilogram', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider(tables);
        renderAdmin('/products/create', dataProvider);

        await user.type(await screen.findByLabelText(/^Name/), 'Tomatoes');
        await user.type(screen.getByLabelText(/^Description/), 'Desi, ripe');
        await choose(user, 'Category', 'Vegetables');
        await choose(user, 'Subcategory', 'Leafy greens');
        await choose(user, 'GST', 'IGST 18%');
        // A new product is sold by the piece, with no step or minimum to fill in.
        expect(select('Sold by')).toHaveTextContent('The piece (NOS)');
        expect(screen.queryByLabelText(/^Step/)).not.toBeInTheDocument();

        await choose(user, 'Sold by', 'The kilogram (KGS)');
        expect(await screen.findByText(/the price is a kilogram’s or a litre’s/)).toBeInTheDocument();
        const step = screen.getByLabelText(/^Step/);
        expect(step.closest('.MuiInputBase-root')).toHaveTextContent('kg');
        await user.type(step, '0.25');
        await user.type(screen.getByLabelText(/^Minimum/), '0.5');
        await user.type(screen.getByLabelText(/^Price/), '40');
        await user.type(screen.getByLabelText(/^Stock/), '10.5');
        expect(screen.getByLabelText(/^Stock/).closest('.MuiInputBase-root')).toHaveTextContent('kg');
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
        expect(dataProvider.create).toHaveBeenCalledWith('products', expect.objectContaining({ data: expect.objectContaining({ name: 'Tomatoes', unit: 'KGS', step: 0.25, minimum: 0.5, price: 40, stock: 10.5 }) }));
    });

    it('carries several attributes, chosen from a list grouped by attribute name, and sends them as ids', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ ...tables, attribute: [...attributes, { ...attributes[0], id: 8, name: 'Diet', value: 'Veg' }] });
        renderAdmin('/products/create', dataProvider);

        await user.type(await screen.findByLabelText(/^Name/), 'Atta');
        await user.type(screen.getByLabelText(/^Description/), 'Whole wheat');
        await choose(user, 'Category', 'Vegetables');
        await choose(user, 'Subcategory', 'Leafy greens');
        await choose(user, 'GST', 'IGST 18%');
        await user.type(screen.getByLabelText(/^Price/), '50');
        const set = await screen.findByRole('combobox', { name: /^Attributes/ });
        await user.click(set);
        const listbox = await screen.findByRole('listbox');
        // Under a heading per attribute name (the API answers them sorted by it, which the grouping needs).
        for (const heading of ['Colour', 'Diet', 'Weight']) expect(within(listbox).getByText(heading)).toBeInTheDocument();
        expect(within(listbox).getAllByRole('option').map(option => option.textContent).sort()).toEqual(['Colour: Green', 'Diet: Veg', 'Weight: 500 g']);
        await user.click(within(listbox).getByRole('option', { name: 'Diet: Veg' }));
        await user.click(set);
        await user.click(await screen.findByRole('option', { name: 'Weight: 500 g' }));
        await user.keyboard('{Escape}');
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
        expect(dataProvider.create).toHaveBeenCalledWith('products', expect.objectContaining({ data: expect.objectContaining({ name: 'Atta', attributeIds: [8, 5] }) }));
    }, 60_000);

    it('edits a product prefilled, drops a gallery image, and goes back to the product list', async () => {
        const user = userEvent.setup();
        const product = citrus({ id: 3, name: 'Oranges', description: 'Juicy', price: 80, image: '/uploads/orange.png', imageAlt: 'Oranges in a bowl', imagesAlt: ['Orange, cut', ''] });
        const dataProvider = inMemoryDataProvider({ ...tables, products: [product] });
        renderAdmin('/products/3', dataProvider);

        await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Oranges'));
        await waitFor(() => expect(select('Subcategory')).toHaveTextContent('Citrus'));
        const gallery = document.querySelector('.ra-input-images') as HTMLElement;
        expect(within(gallery).getAllByRole('img')).toHaveLength(2);

        await user.click(within(gallery).getByRole('button', { name: 'Remove picture 1' }));
        expect(within(gallery).getAllByRole('img')).toHaveLength(1);
        await user.click(screen.getByRole('button', { name: 'Save' }));

        expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
        const [, params] = vi.mocked(dataProvider.update).mock.lastCall!;
        // The data provider sends the path missing from `images` as removeImages.
        expect(params.data.images).toEqual(['/uploads/b.png']);
        expect(params.data.imagesAlt).toEqual(['']);
        // Loading the record did not count as a category change.
        expect(params.data).toMatchObject({ categoryId: 1, subcategoryId: 11 });
        expect(params.previousData.images).toEqual(['/uploads/a.png', '/uploads/b.png']);
        // Back on the product list.
        expect(await screen.findByRole('columnheader', { name: /Subcategory/ })).toBeInTheDocument();
    });

    it('arranges the gallery by its buttons, describes a picture and makes it the main one, all in the one save', async () => {
        const user = userEvent.setup();
        const product = citrus({ id: 4, name: 'Limes', description: 'Sour', price: 40, image: '/uploads/main.png', imageAlt: 'Limes in a net', imagesAlt: ['Lime, cut', ''] });
        const dataProvider = inMemoryDataProvider({ ...tables, products: [product] });
        renderAdmin('/products/4', dataProvider);
        await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Limes'));
        const gallery = document.querySelector('.ra-input-images') as HTMLElement;

        expect(within(gallery).getByRole('button', { name: 'Move picture 1 earlier' })).toBeDisabled();
        await user.click(within(gallery).getByRole('button', { name: 'Move picture 1 later' }));
        expect(within(gallery).getAllByRole('img').map(img => img.getAttribute('alt'))).toEqual(['Picture 1 of 2', 'Lime, cut']);
        expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Picture moved to place 2');
        await user.type(within(gallery).getByLabelText('Description of picture 1 (alt text)'), 'Lime leaves');
        await user.click(within(gallery).getByRole('button', { name: 'Make main: picture 1' }));
        expect(screen.getByLabelText(/^Image description/)).toHaveValue('Lime leaves');
        expect(within(gallery).getAllByRole('img').map(img => img.getAttribute('alt'))).toEqual(['Limes in a net', 'Lime, cut']);

        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
        const [, params] = vi.mocked(dataProvider.update).mock.lastCall!;
        expect(params.data).toMatchObject({
            image: '/uploads/b.png',
            imageAlt: 'Lime leaves',
            images: ['/uploads/main.png', '/uploads/a.png'],
            imagesAlt: ['Limes in a net', 'Lime, cut'],
            makeMain: '/uploads/b.png',
        });
    });

    it('asks for the main picture\'s alt text before saving', async () => {
        const user = userEvent.setup();
        const product = { id: 5, name: 'Figs', description: 'Dried', categoryId: 1, subcategoryId: 11, attributeId: 5, gstId: 7, price: 90, image: '/uploads/fig.png', images: [], parentId: null, option: '', position: 1, status: 1 };
        const dataProvider = inMemoryDataProvider({ ...tables, products: [product] });
        renderAdmin('/products/5', dataProvider);
        await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Figs'));
        await user.type(screen.getByLabelText(/^Name/), ' (dried)');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Please describe the main picture in a few words (its alt text), for people who cannot see it')).toBeInTheDocument();
        expect(dataProvider.update).not.toHaveBeenCalled();
    });
});
