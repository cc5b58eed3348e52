import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, AdminUI, memoryStore, Resource, TestMemoryRouter, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';

import type { EntitySchema } from '../../schema/types';
import en from '../../src/i18n/en';
import { i18nProvider } from '../../src/i18n';
import { Layout } from '../../src/layout/Layout';
import { isMenuGroup, menuEntries, withSchemaEntities } from '../../src/layout/menuEntries';
import { resources } from '../../src/resources';
import { categories, inMemoryDataProvider } from './catalogueFixtures';

// Views are fetched on first show (code splitting), which under a busy test run takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

// A developer adds an entity by writing its schema and its line in schema/index.ts: no label file, no menu line.
const { stockists } = vi.hoisted(() => {
    const stockists: EntitySchema = {
        name: 'stockists',
        table: 'stockists',
        noun: ['stockist', 'stockists'],
        tag: 'Stockists',
        paths: {
            list: '/stockists',
            item: '/stockists/:id',
            create: '/stockists',
            update: '/stockists/:id',
            toggle: '/stockists/:id/toggle',
            remove: '/stockists/:id',
        },
        fields: {
            name: { type: 'text', required: true, max: 120 },
            logo: { type: 'image' },
            description: { type: 'longText' },
            contactNo: { type: 'phone' },
            categoryId: { type: 'reference', reference: 'categories', display: { as: 'categoryName', field: 'name' } },
        },
        unique: [{ fields: ['name'], message: 'A stockist with this name already exists' }],
        list: {
            search: ['name'],
            sort: ['id', 'name', 'status'],
            filters: ['status'],
            columns: ['id', 'logo', 'name', 'categoryName', 'contactNo', 'status'],
        },
        messages: {
            created: 'Stockist added successfully',
            updated: 'Stockist updated',
            toggled: 'Stockist toggled',
            deleted: 'Stockist deleted',
            notFound: 'No stockist',
        },
        representation: 'name',
        icon: 'Storefront',
    };
    return { stockists };
});

vi.mock('../../schema', async importOriginal => {
    const schema = await importOriginal<typeof import('../../schema')>();
    return { ...schema, entities: [...schema.entities, stockists] };
});

const amul = { id: 3, name: 'Amul', logo: null, description: 'Dairy', contactNo: '+91 98765 43210', categoryId: 1, categoryName: 'Fruits', status: 1 };

const renderApp = (path: string, dataProvider: DataProvider) =>
    render(
        <TestMemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={i18nProvider}
                queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
                store={memoryStore()}
            >
                <AdminUI layout={Layout}>
                    {Object.entries(resources).map(([name, resource]) => (
                        <Resource key={name} name={name} {...resource} />
                    ))}
                </AdminUI>
            </AdminContext>
        </TestMemoryRouter>
    );

describe('an entity added by its schema alone, in the app', () => {
    it('has a sidebar link under its plural noun, with its icon', async () => {
        renderApp('/stockists', inMemoryDataProvider({ stockists: [amul], categories }));
        const link = await screen.findByRole('menuitem', { name: 'Stockists' });
        expect(link).toHaveAttribute('href', '/stockists');
        expect(within(link).getByTestId('StorefrontIcon')).toBeInTheDocument();
    });

    it('lists its rows under readable column titles', async () => {
        renderApp('/stockists', inMemoryDataProvider({ stockists: [amul], categories }));
        const row = (await screen.findByText('Amul')).closest('tr')!;
        expect(within(row).getByText('Fruits')).toBeInTheDocument();
        const titles = screen.getAllByRole('columnheader').map(header => header.textContent);
        expect(titles).toEqual(expect.arrayContaining(['ID', 'Logo', 'Name', 'Category', 'Contact no', 'Status']));
    });

    it('has a form with readable labels, the schema’s messages, and its notification after a save', async () => {
        const user = userEvent.setup();
        const dataProvider = inMemoryDataProvider({ stockists: [], categories });
        renderApp('/stockists/create', dataProvider);

        for (const label of [/^Name/, /^Description/, /^Contact no/, /^Category/]) expect(await screen.findByLabelText(label)).toBeInTheDocument();
        expect(screen.getByText('Logo')).toBeInTheDocument();
        await user.type(screen.getByLabelText(/^Description/), 'Biscuits');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Please enter the name')).toBeInTheDocument();

        await user.type(screen.getByLabelText(/^Name/), 'Britannia');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Stockist added successfully')).toBeInTheDocument();
        expect(dataProvider.create).toHaveBeenCalledWith('stockists', expect.objectContaining({ data: expect.objectContaining({ name: 'Britannia' }) }));
    });

    it('gets its English words from the schema, under any label file', () => {
        const words = (en.resources as Record<string, Record<string, unknown>>).stockists;
        expect(words).toMatchObject({
            name: 'Stockist |||| Stockists',
            fields: { id: 'ID', name: 'Name', logo: 'Logo', contactNo: 'Contact no', categoryId: 'Category', categoryName: 'Category', q: 'Search' },
            notifications: { created: 'Stockist added successfully', toggled: 'Stockist toggled', deleted: 'Stockist deleted' },
        });
    });
});

describe('the sidebar', () => {
    it('puts a schema entity in the group its `menu` names, else on the top level; `menu: false` leaves it out', () => {
        const schemas = [
            { ...stockists, menu: 'masters' as const },
            { ...stockists, name: 'suppliers' },
            { ...stockists, name: 'hidden', menu: false as const },
        ];
        const spec = [
            { name: 'masters' as const, label: 'app.menu.masters', icon: () => null, links: [{ resource: 'categories', label: 'app.menu.add_category' }] },
            { resource: 'products', label: 'app.menu.add_product' },
        ];
        const entries = withSchemaEntities(spec, schemas);
        expect(entries[0]).toMatchObject({ name: 'masters', links: [{ resource: 'categories' }, { resource: 'stockists' }] });
        expect(entries.at(-1)).toEqual({ resource: 'suppliers' });
        expect(JSON.stringify(entries)).not.toContain('hidden');
    });

    it('keeps the spec’s links in their order, each once (managepage is reached by its old address only)', () => {
        const spec = [
            ...['categories', 'subcategories', 'attribute', 'pagecategories', 'gst', 'pincode', 'products', 'banners', 'coupons'],
            ...['settings', 'pagecontent', 'videos', 'users', 'activity', 'orders'],
        ];
        const links = menuEntries.flatMap(entry => (isMenuGroup(entry) ? entry.links : [entry])).map(link => link.resource);
        expect(links.filter(name => spec.includes(name))).toEqual(spec);
        expect(new Set(links).size).toBe(links.length);
        expect(links).not.toContain('managepage');
    });
});
