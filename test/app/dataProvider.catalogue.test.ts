import { describe, expect, it, vi } from 'vitest';

import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import type { HttpClient } from '../../src/http/httpClient';

// The exact calls the catalogue screens make, entity by entity: /api/v1 in ra-data-simple-rest's shape, and the
// legacy multipart writes of entities with pictures (docs/api.md, "The app's legacy calls").

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

/** The last call as the wire reads: a JSON body parsed, headers as a plain object. */
const lastJsonCall = (httpClient: ReturnType<typeof setup>['httpClient']) => {
    const { url, method, headers, body } = lastCall(httpClient);
    return { url, method, headers: headers && Object.fromEntries(new Headers(headers).entries()), body: body && JSON.parse(String(body)) };
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
const POST = (url: string, body: unknown) => ({ url, method: 'POST', headers: undefined, body });
const PUT = (url: string, body: unknown) => ({ url, method: 'PUT', headers: undefined, body });
// ra-data-simple-rest marks its bodiless DELETE as text.
const DELETE = (url: string) => ({ url, method: 'DELETE', headers: { 'content-type': 'text/plain' }, body: undefined });

/** getList, getOne, toggleStatus and delete are alike for every entity: /api/v1/<resource>, the schema's sentence on a toggle. */
describe.each([
    { resource: 'subcategories', record: subcategory, toggled: 'SubCategory status toggled successfully' },
    { resource: 'attribute', record: attribute, toggled: 'Attribute status toggled successfully!' },
    { resource: 'gst', record: gst, toggled: 'GST status toggled successfully' },
    { resource: 'products', record: product, toggled: 'Product status toggled successfully' },
    { resource: 'pincode', record: pincode, toggled: 'Pincode status toggled successfully' },
] as const)('dataProvider, $resource', ({ resource, record, toggled }) => {
    it(`getList is GET /api/v1/${resource} in the stock dialect, with the total from Content-Range`, async () => {
        const { httpClient, dataProvider } = setup([record], { 'Content-Range': 'items 0-0/1' });

        const result = await dataProvider.getList(resource, listParams({ q: 'a b', status: 1 }));

        const { pathname, searchParams } = new URL(lastCall(httpClient).url, 'http://localhost');
        expect(pathname).toBe(`/api/v1/${resource}`);
        expect(JSON.parse(searchParams.get('filter')!)).toEqual({ q: 'a b', status: 1 });
        expect(JSON.parse(searchParams.get('range')!)).toEqual([0, 24]);
        expect(JSON.parse(searchParams.get('sort')!)).toEqual(['id', 'ASC']);
        expect(result).toEqual({ data: [record], total: 1 });
    });

    it(`getOne is GET /api/v1/${resource}/{id} and reads the bare record`, async () => {
        const { httpClient, dataProvider } = setup(record);

        const result = await dataProvider.getOne(resource, { id: record.id });

        expect(lastCall(httpClient)).toEqual(GET(`/api/v1/${resource}/${record.id}`));
        expect(result).toEqual({ data: record });
    });

    it(`toggleStatus is PUT /api/v1/${resource}/{id} {status} and says the schema's sentence`, async () => {
        const { httpClient, dataProvider } = setup({ ...record, status: 0 });

        const result = await dataProvider.toggleStatus(resource, { id: record.id, status: 0 });

        expect(lastJsonCall(httpClient)).toEqual(PUT(`/api/v1/${resource}/${record.id}`, { status: 0 }));
        expect(result).toEqual({ data: { ...record, status: 0 }, message: toggled });
    });

    it(`delete is DELETE /api/v1/${resource}/{id}, which answers the deleted record`, async () => {
        const { httpClient, dataProvider } = setup(record);

        const result = await dataProvider.delete(resource, { id: record.id, previousData: record });

        expect(lastJsonCall(httpClient)).toEqual(DELETE(`/api/v1/${resource}/${record.id}`));
        expect(result).toEqual({ data: record });
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
});

describe('dataProvider, attribute writes', () => {
    it('create is POST /api/v1/attribute with the JSON record, answered with the record', async () => {
        const { httpClient, dataProvider } = setup(attribute);

        const result = await dataProvider.create('attribute', { data: { name: 'Weight', value: '1 kg', description: 'Net weight' } });

        expect(lastJsonCall(httpClient)).toEqual(POST('/api/v1/attribute', { name: 'Weight', value: '1 kg', description: 'Net weight' }));
        expect(result).toEqual({ data: attribute });
    });

    it('update is PUT /api/v1/attribute/{id} with only the fields the user changed', async () => {
        const { httpClient, dataProvider } = setup({ ...attribute, value: '2 kg' });

        const result = await dataProvider.update('attribute', { id: 5, data: { ...attribute, value: '2 kg' }, previousData: attribute });

        expect(lastJsonCall(httpClient)).toEqual(PUT('/api/v1/attribute/5', { value: '2 kg' }));
        expect(result).toEqual({ data: { ...attribute, value: '2 kg' } });
    });

    it('updateMany is a PUT per id with the same fields', async () => {
        const { httpClient, dataProvider } = setup(attribute);
        httpClient.mockImplementation(async url => {
            const json = { ...attribute, id: Number(url.split('/').pop()), description: 'Net' };
            return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
        });

        const result = await dataProvider.updateMany('attribute', { ids: [5, 6], data: { description: 'Net' } });

        expect(httpClient.mock.calls.map(([url, options]) => [url, options?.method, options?.body])).toEqual([
            ['/api/v1/attribute/5', 'PUT', '{"description":"Net"}'],
            ['/api/v1/attribute/6', 'PUT', '{"description":"Net"}'],
        ]);
        expect(result).toEqual({ data: [5, 6] });
    });
});

describe('dataProvider, gst writes', () => {
    it('create is POST /api/v1/gst {type, description, percent}', async () => {
        const { httpClient, dataProvider } = setup(gst);

        await dataProvider.create('gst', { data: { type: 'CGST', description: 'Central GST on groceries', percent: 2.5 } });

        expect(lastJsonCall(httpClient)).toEqual(POST('/api/v1/gst', { type: 'CGST', description: 'Central GST on groceries', percent: 2.5 }));
    });

    it('update is PUT /api/v1/gst/{id}: a status changed meanwhile elsewhere is not written back', async () => {
        const { httpClient, dataProvider } = setup(gst);

        await dataProvider.update('gst', { id: 6, data: { ...gst, percent: 18 }, previousData: gst });

        expect(lastJsonCall(httpClient)).toEqual(PUT('/api/v1/gst/6', { percent: 18 }));
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
            // The new picture stays where the form shows it, between the saved ones: named as the first file sent.
            ['imagesOrder', '/uploads/g1.png'],
            ['imagesOrder', 'new:0'],
            ['imagesOrder', '/uploads/g3.png'],
        ]);
    });

    it('update names new pictures put before saved ones in the order, and sends no order when they come last', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: product });
        const of = (key: string) => formEntries(lastCall(httpClient).body).filter(([name]) => name === key).map(([, value]) => value);

        await dataProvider.update('products', { id: 7, data: { ...product, images: [png('a.png'), '/uploads/g1.png', png('b.png'), '/uploads/g2.png', '/uploads/g3.png'] }, previousData: product });
        expect(of('images')).toEqual(['File(a.png)', 'File(b.png)']);
        expect(of('imagesOrder')).toEqual(['new:0', '/uploads/g1.png', 'new:1', '/uploads/g2.png', '/uploads/g3.png']);

        await dataProvider.update('products', { id: 7, data: { ...product, images: ['/uploads/g1.png', '/uploads/g2.png', '/uploads/g3.png', png('c.png')] }, previousData: product });
        expect(of('images')).toEqual(['File(c.png)']);
        expect(of('imagesOrder')).toEqual([]);
    });

    it('update sends the alt texts, the order and the picture made main, and does not take that one for a removal', async () => {
        const { httpClient, dataProvider } = setup({ success: true, data: product });
        const previousData = { ...product, image: '/uploads/main.png', imageAlt: 'Spinach', imagesAlt: ['One', 'Two', 'Three'] };
        const data = {
            ...previousData,
            image: '/uploads/g2.png',
            imageAlt: 'Two',
            makeMain: '/uploads/g2.png',
            images: ['/uploads/g3.png', '/uploads/main.png', '/uploads/g1.png'],
            imagesAlt: ['Three, cut', 'Spinach', ''],
        };

        await dataProvider.update('products', { id: 7, data, previousData });

        const entries = formEntries(lastCall(httpClient).body);
        const of = (key: string) => entries.filter(([name]) => name === key).map(([, value]) => value);
        expect(of('makeMain')).toEqual(['/uploads/g2.png']);
        expect(of('imageAlt')).toEqual(['Two']);
        expect(of('imagesAlt')).toEqual(['Three, cut', 'Spinach', '']);
        expect(of('imagesOrder')).toEqual(['/uploads/g3.png', '/uploads/main.png', '/uploads/g1.png']);
        expect(of('removeImages')).toEqual([]);
        expect(of('image')).toEqual([]);
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
});

describe('dataProvider, pincode writes', () => {
    it('create is POST /api/v1/pincode {pincode, prize}', async () => {
        const { httpClient, dataProvider } = setup(pincode);

        await dataProvider.create('pincode', { data: { pincode: '560001', prize: 40.5 } });

        expect(lastJsonCall(httpClient)).toEqual(POST('/api/v1/pincode', { pincode: '560001', prize: 40.5 }));
    });

    it('update is PUT /api/v1/pincode/{id}; a delivery charge set to 0 is a change', async () => {
        const { httpClient, dataProvider } = setup(pincode);

        await dataProvider.update('pincode', { id: 8, data: { ...pincode, prize: 0 }, previousData: pincode });

        expect(lastJsonCall(httpClient)).toEqual(PUT('/api/v1/pincode/8', { prize: 0 }));
    });
});
