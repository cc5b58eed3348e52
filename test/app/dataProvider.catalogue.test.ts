import { describe, expect, it, vi } from 'vitest';

import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import type { HttpClient } from '../../src/http/httpClient';

// The exact legacy calls (spec §7, docs/api.md) the catalogue screens make, entity by entity.

const stamps = { createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-02T00:00:00.000Z' };

const subcategory = { id: 4, categoryId: 3, categoryName: 'Vegetables', name: 'Leafy greens', image: '/uploads/leafy.png', status: 1, ...stamps };
const attribute = { id: 5, name: 'Weight', value: '1 kg', description: 'Net weight', status: 0, ...stamps };
const gst = { id: 6, type: 'CGST', description: 'Central GST on groceries', percent: 2.5, status: 1, ...stamps };
const product = {
    id: 7,
    name: 'Spinach',
    description: 'A bunch of fresh spinach',
    categoryId: 3,
    categoryName: 'Vegetables',
    subcategoryId: 4,
    subcategoryName: 'Leafy greens',
    attributeId: 5,
    gstId: 6,
    price: 120.5,
    image: '/uploads/spinach.png',
    images: ['/uploads/g1.png', '/uploads/g2.png', '/uploads/g3.png'],
    createdBy: 1,
    status: 1,
    ...stamps,
};
const pincode = { id: 8, pincode: '560001', prize: 40.5, status: 1, ...stamps };

const setup = (json: unknown, headers: Record<string, string> = {}) => {
    const httpClient = vi.fn<HttpClient>(async () => ({
        status: 200,
        headers: new Headers(headers),
        body: JSON.stringify(json),
        json,
    }));
    return { httpClient, dataProvider: createDataProvider('/api', httpClient) };
};

const lastCall = (httpClient: ReturnType<typeof setup>['httpClient']) => {
    const [url, options = {}] = httpClient.mock.lastCall!;
    return { url, method: options.method ?? 'GET', headers: options.headers, body: options.body };
};

/** FormData entries, files as `File(name)` so that the assertion reads like the wire. */
const formEntries = (body: unknown) => {
    expect(body).toBeInstanceOf(FormData);
    return [...(body as FormData).entries()].map(([key, value]) => [key, value instanceof File ? `File(${value.name})` : value]);
};

const png = (name: string) => ({ rawFile: new File(['png'], name, { type: 'image/png' }), src: `blob:${name}`, title: name });

const listParams = (filter: Record<string, unknown> = {}) => ({
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'ASC' as const },
    filter,
});

const GET = (url: string) => ({ url, method: 'GET', headers: undefined, body: undefined });
const JSON_POST = (url: string, body: unknown) => ({ url, method: 'POST', headers: undefined, body: JSON.stringify(body) });
const DELETE = (url: string) => ({ url, method: 'DELETE', headers: undefined, body: undefined });

/** getList, getOne and toggleStatus are alike for every entity: only the paths and the toggle body differ. */
describe.each([
    { resource: 'subcategories', record: subcategory, path: '/subcategories', toggle: ['/subcategories/4/toggle-status', { status: 0 }] },
    { resource: 'attribute', record: attribute, path: '/attribute', toggle: ['/attribute/5/toggle-status', { status: 0 }] },
    { resource: 'gst', record: gst, path: '/gst', toggle: ['/gst/6/toggle', { status: 0 }] },
    { resource: 'products', record: product, path: '/products', toggle: ['/products/toggleProductStatus/7', { newStatus: 0 }] },
    { resource: 'pincode', record: pincode, path: '/pincode', toggle: ['/pincode/8/toggle', { status: 0 }] },
] as const)('dataProvider, $resource', ({ resource, record, path, toggle: [togglePath, toggleBody] }) => {
    it(`getList is GET ${path} in the stock dialect, with the total from Content-Range`, async () => {
        const { httpClient, dataProvider } = setup([record], { 'Content-Range': 'items 0-0/1' });

        const result = await dataProvider.getList(resource, listParams({ q: 'a b', status: 1 }));

        const { pathname, searchParams } = new URL(lastCall(httpClient).url, 'http://localhost');
        expect(pathname).toBe(`/api${path}`);
        expect(JSON.parse(searchParams.get('filter')!)).toEqual({ q: 'a b', status: 1 });
        expect(JSON.parse(searchParams.get('range')!)).toEqual([0, 24]);
        expect(JSON.parse(searchParams.get('sort')!)).toEqual(['id', 'ASC']);
        expect(result).toEqual({ data: [record], total: 1 });
    });

    it(`getOne is GET ${path}/{id} and reads the bare record`, async () => {
        const { httpClient, dataProvider } = setup(record);

        const result = await dataProvider.getOne(resource, { id: record.id });

        expect(lastCall(httpClient)).toEqual(GET(`/api${path}/${record.id}`));
        expect(result).toEqual({ data: record });
    });

    it(`toggleStatus is POST ${togglePath} ${JSON.stringify(toggleBody)} and keeps the server's message`, async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Toggled', data: { ...record, status: 0 } });

        const result = await dataProvider.toggleStatus(resource, { id: record.id, status: 0 });

        expect(lastCall(httpClient)).toEqual(JSON_POST(`/api${togglePath}`, toggleBody));
        expect(result).toEqual({ data: { ...record, status: 0 }, message: 'Toggled' });
    });
});

describe('dataProvider, subcategories writes', () => {
    it('create posts multipart categoryId, name and image', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'SubCategory added successfully', data: subcategory });

        const result = await dataProvider.create('subcategories', { data: { categoryId: 3, name: 'Leafy greens', image: png('leafy.png') } });

        const call = lastCall(httpClient);
        expect(call).toMatchObject({ url: '/api/subcategories', method: 'POST', headers: undefined });
        expect(formEntries(call.body)).toEqual([
            ['categoryId', '3'],
            ['name', 'Leafy greens'],
            ['image', 'File(leafy.png)'],
        ]);
        expect(result).toEqual({ data: subcategory });
    });

    it('update posts multipart to /subcategories/{id}, without the joined category name nor the kept image', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'SubCategory updated successfully', data: subcategory });

        await dataProvider.update('subcategories', { id: 4, data: { ...subcategory, name: 'Greens' }, previousData: subcategory });

        const call = lastCall(httpClient);
        expect(call).toMatchObject({ url: '/api/subcategories/4', method: 'POST', headers: undefined });
        expect(formEntries(call.body)).toEqual([
            ['categoryId', '3'],
            ['name', 'Greens'],
            ['status', '1'],
        ]);
    });

    it('delete is DELETE /subcategories/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'SubCategory deleted successfully', data: { id: 4 } });
        await dataProvider.delete('subcategories', { id: 4, previousData: subcategory });
        expect(lastCall(httpClient)).toEqual(DELETE('/api/subcategories/4'));
    });
});

describe('dataProvider, attribute writes', () => {
    it('create posts JSON {name, value, description}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Attribute added successfully!', data: attribute });

        const result = await dataProvider.create('attribute', { data: { name: 'Weight', value: '1 kg', description: 'Net weight' } });

        expect(lastCall(httpClient)).toEqual(JSON_POST('/api/attribute', { name: 'Weight', value: '1 kg', description: 'Net weight' }));
        expect(result).toEqual({ data: attribute });
    });

    it('update posts JSON to /attribute/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: attribute });

        await dataProvider.update('attribute', { id: 5, data: { ...attribute, value: '2 kg' }, previousData: attribute });

        expect(lastCall(httpClient)).toEqual(
            JSON_POST('/api/attribute/5', { name: 'Weight', value: '2 kg', description: 'Net weight', status: 0 })
        );
    });

    it('delete is DELETE /attribute/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Attribute deleted successfully!', data: { id: 5 } });

        const result = await dataProvider.delete('attribute', { id: 5, previousData: attribute });

        expect(lastCall(httpClient)).toEqual(DELETE('/api/attribute/5'));
        expect(result).toEqual({ data: { id: 5 } });
    });
});

describe('dataProvider, gst writes', () => {
    it('create posts JSON {type, description, percent}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'GST added successfully', data: gst });

        await dataProvider.create('gst', { data: { type: 'CGST', description: 'Central GST on groceries', percent: 2.5 } });

        expect(lastCall(httpClient)).toEqual(JSON_POST('/api/gst', { type: 'CGST', description: 'Central GST on groceries', percent: 2.5 }));
    });

    it('update posts JSON to /gst/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: gst });

        await dataProvider.update('gst', { id: 6, data: { ...gst, percent: 18 }, previousData: gst });

        expect(lastCall(httpClient)).toEqual(
            JSON_POST('/api/gst/6', { type: 'CGST', description: 'Central GST on groceries', percent: 18, status: 1 })
        );
    });

    it('delete is DELETE /gst/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'GST deleted successfully', data: { id: 6 } });

        await dataProvider.delete('gst', { id: 6, previousData: gst });

        expect(lastCall(httpClient)).toEqual(DELETE('/api/gst/6'));
    });
});

describe('dataProvider, products writes', () => {
    it('create posts multipart fields, the main image and the gallery as repeated images parts', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Product added successfully', data: product });

        await dataProvider.create('products', {
            data: {
                name: 'Spinach',
                description: 'A bunch of fresh spinach',
                categoryId: 3,
                subcategoryId: 4,
                attributeId: 5,
                gstId: 6,
                price: 120.5,
                image: png('spinach.png'),
                images: [png('g1.png'), png('g2.png'), png('g3.png')],
            },
        });

        const call = lastCall(httpClient);
        expect(call).toMatchObject({ url: '/api/products', method: 'POST', headers: undefined });
        expect(formEntries(call.body)).toEqual([
            ['name', 'Spinach'],
            ['description', 'A bunch of fresh spinach'],
            ['categoryId', '3'],
            ['subcategoryId', '4'],
            ['attributeId', '5'],
            ['gstId', '6'],
            ['price', '120.5'],
            ['image', 'File(spinach.png)'],
            ['images', 'File(g1.png)'],
            ['images', 'File(g2.png)'],
            ['images', 'File(g3.png)'],
        ]);
    });

    it('update sends new gallery files as images and the stored ones taken out as removeImages, without joined names', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Product updated successfully', data: product });

        await dataProvider.update('products', {
            id: 7,
            // ImageInput keeps the stored images it shows as `{ src }` previews once the user touched the gallery.
            data: { ...product, price: 99, images: [{ src: '/uploads/g1.png' }, png('g4.png'), '/uploads/g3.png'] },
            previousData: product,
        });

        const call = lastCall(httpClient);
        expect(call).toMatchObject({ url: '/api/products/7', method: 'POST', headers: undefined });
        expect(formEntries(call.body)).toEqual([
            ['name', 'Spinach'],
            ['description', 'A bunch of fresh spinach'],
            ['categoryId', '3'],
            ['subcategoryId', '4'],
            ['attributeId', '5'],
            ['gstId', '6'],
            ['price', '99'],
            ['images', 'File(g4.png)'],
            ['status', '1'],
            ['removeImages', '/uploads/g2.png'],
        ]);
    });

    it('update with an untouched gallery sends no images and removes none', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: product });

        await dataProvider.update('products', { id: 7, data: { ...product, name: 'Baby spinach' }, previousData: product });

        const keys = formEntries(lastCall(httpClient).body).map(([key]) => key);
        expect(keys).toEqual(['name', 'description', 'categoryId', 'subcategoryId', 'attributeId', 'gstId', 'price', 'status']);
    });

    it('update sends a number the user emptied (stock no longer tracked) as an empty value, and leaves untouched nulls out', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: product });
        const tracked = { ...product, stock: 12, sku: null };

        await dataProvider.update('products', { id: 7, data: { ...tracked, stock: null }, previousData: tracked });

        const entries = formEntries(lastCall(httpClient).body);
        expect(entries.filter(([key]) => key === 'stock')).toEqual([['stock', '']]);
        expect(entries.some(([key]) => key === 'sku')).toBe(false);
    });

    it('update leaves out a stock the user did not change (orders change it meanwhile), and sends one they did', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: product });
        const tracked = { ...product, stock: 12 };

        await dataProvider.update('products', { id: 7, data: { ...tracked, name: 'Baby spinach' }, previousData: tracked });
        expect(formEntries(lastCall(httpClient).body).some(([key]) => key === 'stock')).toBe(false);

        await dataProvider.update('products', { id: 7, data: { ...tracked, stock: 15 }, previousData: tracked });
        expect(formEntries(lastCall(httpClient).body).filter(([key]) => key === 'stock')).toEqual([['stock', '15']]);
    });

    it('update names every stored image taken out, once each', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: product });

        await dataProvider.update('products', { id: 7, data: { ...product, images: [] }, previousData: product });

        expect(formEntries(lastCall(httpClient).body).filter(([key]) => key === 'removeImages')).toEqual([
            ['removeImages', '/uploads/g1.png'],
            ['removeImages', '/uploads/g2.png'],
            ['removeImages', '/uploads/g3.png'],
        ]);
    });

    it('delete is DELETE /products/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Product deleted successfully', data: { id: 7 } });
        await dataProvider.delete('products', { id: 7, previousData: product });
        expect(lastCall(httpClient)).toEqual(DELETE('/api/products/7'));
    });
});

describe('dataProvider, pincode writes', () => {
    it('create posts JSON {pincode, prize}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Pincode added successfully', data: pincode });

        await dataProvider.create('pincode', { data: { pincode: '560001', prize: 40.5 } });

        expect(lastCall(httpClient)).toEqual(JSON_POST('/api/pincode', { pincode: '560001', prize: 40.5 }));
    });

    it('update posts JSON to /pincode/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: pincode });

        await dataProvider.update('pincode', { id: 8, data: { ...pincode, prize: 0 }, previousData: pincode });

        expect(lastCall(httpClient)).toEqual(JSON_POST('/api/pincode/8', { pincode: '560001', prize: 0, status: 1 }));
    });

    it('delete is DELETE /pincode/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Pincode deleted successfully', data: { id: 8 } });

        const result = await dataProvider.delete('pincode', { id: 8, previousData: pincode });

        expect(lastCall(httpClient)).toEqual(DELETE('/api/pincode/8'));
        expect(result).toEqual({ data: { id: 8 } });
    });
});
