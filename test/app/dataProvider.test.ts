import { describe, expect, it, vi } from 'vitest';

import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import type { Endpoint } from '../../src/dataProvider/endpoints';
import type { HttpClient } from '../../src/http/httpClient';

const category = {
    id: 3,
    name: 'Vegetables',
    description: 'Fresh every morning',
    image: '/uploads/veg.png',
    status: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-02T00:00:00.000Z',
};

const answer = (json: unknown, headers: Record<string, string> = {}) => ({
    status: 200,
    headers: new Headers(headers),
    body: JSON.stringify(json),
    json,
});

const setup = (json: unknown, headers?: Record<string, string>, endpoints?: Record<string, Endpoint>) => {
    const httpClient = vi.fn<HttpClient>(async () => answer(json, headers));
    return { httpClient, dataProvider: createDataProvider('/api', httpClient, endpoints) };
};

const lastCall = (httpClient: ReturnType<typeof setup>['httpClient']) => {
    const [url, options = {}] = httpClient.mock.lastCall!;
    return { url, method: options.method ?? 'GET', headers: options.headers, body: options.body };
};

const formEntries = (body: unknown) => [...(body as FormData).entries()];

/** A stock-dialect URL read back: its path and its JSON parameters. */
const stockQuery = (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    return { path: pathname, ...Object.fromEntries([...searchParams].map(([key, value]) => [key, JSON.parse(value)])) };
};

describe('dataProvider, categories', () => {
    it('getList asks /api/v1 in the stock ra-data-simple-rest dialect and reads the total from Content-Range', async () => {
        const { httpClient, dataProvider } = setup([category], { 'Content-Range': 'items 10-10/41' });

        const result = await dataProvider.getList('categories', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'name', order: 'DESC' },
            filter: { q: 'veg', status: 0 },
        });

        const { url, method } = lastCall(httpClient);
        expect(method).toBe('GET');
        expect(stockQuery(url)).toEqual({
            path: '/api/v1/categories',
            filter: { q: 'veg', status: 0 },
            range: [10, 19],
            sort: ['name', 'DESC'],
        });
        expect(result).toEqual({ data: [category], total: 41 });
    });

    it('getList fails loudly when the total header is missing', async () => {
        const { dataProvider } = setup([category]);
        await expect(
            dataProvider.getList('categories', {
                pagination: { page: 1, perPage: 10 },
                sort: { field: 'id', order: 'ASC' },
                filter: {},
            })
        ).rejects.toThrow('Content-Range');
    });

    it('getOne reads GET /api/v1/categories/{id}', async () => {
        const { httpClient, dataProvider } = setup(category);

        const result = await dataProvider.getOne('categories', { id: 3 });

        expect(lastCall(httpClient)).toEqual({
            url: '/api/v1/categories/3',
            method: 'GET',
            headers: undefined,
            body: undefined,
        });
        expect(result).toEqual({ data: category });
    });

    it('getMany asks for several ids at once', async () => {
        const { httpClient, dataProvider } = setup([category]);

        const result = await dataProvider.getMany('categories', { ids: [1, 2] });

        expect(stockQuery(lastCall(httpClient).url)).toEqual({ path: '/api/v1/categories', filter: { id: [1, 2] } });
        expect(result).toEqual({ data: [category] });
    });

    it('getManyReference filters on the target', async () => {
        const { httpClient, dataProvider } = setup([category], { 'Content-Range': 'items 0-0/1' });

        await dataProvider.getManyReference('categories', {
            target: 'status',
            id: 1,
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });

        expect(stockQuery(lastCall(httpClient).url)).toEqual({
            path: '/api/v1/categories',
            filter: { status: 1 },
            range: [0, 24],
            sort: ['id', 'ASC'],
        });
    });

    it('reads legacy lists with page, perPage and X-Total-Count for resources without the stock dialect', async () => {
        const endpoints = { users: { path: '/users' } };
        const { httpClient, dataProvider } = setup([{ id: 1 }], { 'X-Total-Count': '41' }, endpoints);

        const result = await dataProvider.getList('users', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'name', order: 'DESC' },
            filter: { q: 'veg', status: 0 },
        });

        expect(lastCall(httpClient).url).toBe('/api/users?page=2&perPage=10&sort=name&order=DESC&q=veg&status=0');
        expect(result).toEqual({ data: [{ id: 1 }], total: 41 });
        await dataProvider.getMany('users', { ids: [1, 2] });
        expect(lastCall(httpClient).url).toBe('/api/users?id=1,2');
    });

    it('create posts multipart name, description and the picked image file to the legacy path', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Category added successfully', data: category });
        const file = new File(['png'], 'veg.png', { type: 'image/png' });

        const result = await dataProvider.create('categories', {
            data: { name: 'Vegetables', description: 'Fresh every morning', image: { rawFile: file, src: 'blob:x', title: 'veg.png' } },
        });

        const call = lastCall(httpClient);
        expect(call.url).toBe('/api/categories');
        expect(call.method).toBe('POST');
        // No Content-Type: the browser writes the multipart boundary itself.
        expect(call.headers).toBeUndefined();
        expect(call.body).toBeInstanceOf(FormData);
        expect(formEntries(call.body)).toEqual([
            ['name', 'Vegetables'],
            ['description', 'Fresh every morning'],
            ['image', expect.any(File)],
        ]);
        expect((call.body as FormData).get('image')).toMatchObject({ name: 'veg.png', type: 'image/png' });
        expect(result).toEqual({ data: category });
    });

    it('create leaves an empty image out', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: category });

        await dataProvider.create('categories', { data: { name: 'Vegetables', description: 'Fresh', image: null } });

        expect(formEntries(lastCall(httpClient).body)).toEqual([
            ['name', 'Vegetables'],
            ['description', 'Fresh'],
        ]);
    });

    it('update posts to /categories/{id}, without server-owned fields nor the unchanged image', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Category updated successfully', data: category });

        const result = await dataProvider.update('categories', {
            id: 3,
            data: { ...category, name: 'Greens', image: { src: '/uploads/veg.png' } },
            previousData: category,
        });

        const call = lastCall(httpClient);
        expect(call.url).toBe('/api/categories/3');
        expect(call.method).toBe('POST');
        expect(call.headers).toBeUndefined();
        expect(formEntries(call.body)).toEqual([
            ['name', 'Greens'],
            ['description', 'Fresh every morning'],
            ['status', '1'],
        ]);
        expect(result).toEqual({ data: category });
    });

    it('update sends an image the user removed as empty text, so the server removes it', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: { ...category, image: null } });

        await dataProvider.update('categories', { id: 3, data: { ...category, image: null }, previousData: category });

        expect(formEntries(lastCall(httpClient).body)).toEqual([
            ['name', category.name],
            ['description', category.description],
            ['image', ''],
            ['status', '1'],
        ]);
    });

    it('toggleStatus puts the new status to /api/v1 and returns the record with the schema’s sentence', async () => {
        const { httpClient, dataProvider } = setup({ ...category, status: 0 });

        const result = await dataProvider.toggleStatus('categories', { id: 3, status: 0 });

        expect(lastCall(httpClient)).toEqual({
            url: '/api/v1/categories/3',
            method: 'PUT',
            headers: undefined,
            body: '{"status":0}',
        });
        expect(result).toEqual({ data: { ...category, status: 0 }, message: 'Category status toggled successfully' });
    });

    it('refuses what the API does not offer', async () => {
        const { httpClient, dataProvider } = setup({});
        await expect(dataProvider.delete('settings', { id: 3 })).rejects.toThrow('cannot be deleted');
        await expect(dataProvider.getOne('nothing', { id: 1 })).rejects.toThrow('"nothing"');
        expect(httpClient).not.toHaveBeenCalled();
    });
});

describe('dataProvider, legacy variants declared in the endpoint map (no v1)', () => {
    const endpoints: Record<string, Endpoint> = {
        settings: { path: '/settings', listKey: 'data' },
        coupons: { path: '/coupons', multipart: ['image'], createPath: '/createCoupon', delete: 'path' },
        pagecontent: {
            path: '/get-pagecontent',
            updatePath: id => `/update-pagecontent/${id}`,
        },
        pagecategories: {
            path: '/get-Pagecategory',
            delete: id => ({ path: '/delete-Pagecategory', body: { id } }),
        },
        products: {
            path: '/products',
            multipart: ['image', 'images'],
            toggle: { path: id => `/products/toggleProductStatus/${id}`, body: status => ({ newStatus: status }) },
        },
    };

    it('reads rows under the list key', async () => {
        const { dataProvider } = setup({ success: true, data: [{ id: 1 }] }, { 'X-Total-Count': '1' }, endpoints);
        const result = await dataProvider.getList('settings', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(result).toEqual({ data: [{ id: 1 }], total: 1 });
    });

    it('uses createPath and DELETE path/{id}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: { id: 4 } }, {}, endpoints);

        await dataProvider.create('coupons', { data: { heading: 'Diwali' } });
        expect(lastCall(httpClient).url).toBe('/api/createCoupon');

        await dataProvider.delete('coupons', { id: 4 });
        expect(lastCall(httpClient)).toEqual({ url: '/api/coupons/4', method: 'DELETE', headers: undefined, body: undefined });
    });

    it('uses updatePath with a JSON body when there are no files', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: { id: 5 } }, {}, endpoints);

        await dataProvider.update('pagecontent', { id: 5, data: { id: 5, title: 'About' }, previousData: { id: 5 } });

        expect(lastCall(httpClient)).toEqual({
            url: '/api/update-pagecontent/5',
            method: 'POST',
            headers: undefined,
            body: '{"title":"About"}',
        });
    });

    it('deletes with a body when the endpoint says so', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: { id: 6 } }, {}, endpoints);

        const result = await dataProvider.delete('pagecategories', { id: 6 });

        expect(lastCall(httpClient)).toEqual({
            url: '/api/delete-Pagecategory',
            method: 'DELETE',
            headers: undefined,
            body: '{"id":6}',
        });
        expect(result).toEqual({ data: { id: 6 } });
    });

    it('repeats array file fields and uses the endpoint toggle body', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: { id: 7 } }, {}, endpoints);
        const [a, b] = ['a.png', 'b.png'].map(name => new File(['x'], name, { type: 'image/png' }));

        await dataProvider.create('products', {
            data: { name: 'Apple', price: 120.5, images: [{ rawFile: a }, { src: '/uploads/old.png' }, { rawFile: b }] },
        });
        expect(formEntries(lastCall(httpClient).body).map(([key, value]) => [key, value instanceof File ? value.name : value])).toEqual([
            ['name', 'Apple'],
            ['price', '120.5'],
            ['images', 'a.png'],
            ['images', 'b.png'],
        ]);

        await dataProvider.toggleStatus('products', { id: 7, status: 1 });
        expect(lastCall(httpClient)).toMatchObject({ url: '/api/products/toggleProductStatus/7', body: '{"newStatus":1}' });
    });
});
