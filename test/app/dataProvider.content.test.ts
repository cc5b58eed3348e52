import { describe, expect, it, vi } from 'vitest';

import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import type { HttpClient } from '../../src/http/httpClient';

// The exact calls the content screens make: /api/v1 for reads, toggles, deletes and the writes without pictures, the
// legacy odd paths for the writes that carry pictures (docs/api.md, "The app's legacy calls").

const setup = (json: unknown = { success: true, data: { id: 3 } }) => {
    const httpClient = vi.fn<HttpClient>(async () => ({ status: 200, headers: new Headers(), body: JSON.stringify(json), json }));
    return { httpClient, dataProvider: createDataProvider('/api', httpClient) };
};

const call = (httpClient: ReturnType<typeof setup>['httpClient']) => {
    const [url, options = {}] = httpClient.mock.lastCall!;
    const body = options.body instanceof FormData ? Object.fromEntries([...options.body.entries()].map(([k, v]) => [k, v instanceof File ? `File(${v.name})` : v])) : options.body && JSON.parse(String(options.body));
    return { url, method: options.method ?? 'GET', body };
};

const png = (name: string) => ({ rawFile: new File(['png'], name, { type: 'image/png' }), src: `blob:${name}` });

describe('dataProvider, content', () => {
    it('banners: POST /Baanner and /Baanner/{id} as multipart; status and delete through /api/v1/banners', async () => {
        const { httpClient, dataProvider } = setup();
        await dataProvider.create('banners', { data: { name: 'Sale', description: 'Fruit', image: png('b.png') } });
        expect(call(httpClient)).toEqual({ url: '/api/Baanner', method: 'POST', body: { name: 'Sale', description: 'Fruit', image: 'File(b.png)' } });
        await dataProvider.update('banners', { id: 3, data: { id: 3, name: 'Big sale' }, previousData: { id: 3 } });
        expect(call(httpClient)).toEqual({ url: '/api/Baanner/3', method: 'POST', body: { name: 'Big sale' } });
        await dataProvider.toggleStatus('banners', { id: 3, status: 0 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/banners/3', method: 'PUT', body: { status: 0 } });
        await dataProvider.delete('banners', { id: 3 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/banners/3', method: 'DELETE', body: undefined });
    });

    it('page categories: every call through /api/v1/pagecategories (none carries a picture)', async () => {
        const { httpClient, dataProvider } = setup({ id: 4, name: 'Help' });
        await dataProvider.create('pagecategories', { data: { name: 'Help' } });
        expect(call(httpClient)).toEqual({ url: '/api/v1/pagecategories', method: 'POST', body: { name: 'Help' } });
        await dataProvider.update('pagecategories', { id: 4, data: { id: 4, name: 'Help desk' }, previousData: { id: 4, name: 'Help' } });
        expect(call(httpClient)).toEqual({ url: '/api/v1/pagecategories/4', method: 'PUT', body: { name: 'Help desk' } });
        await dataProvider.delete('pagecategories', { id: 4 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/pagecategories/4', method: 'DELETE', body: undefined });
        await dataProvider.getOne('pagecategories', { id: 4 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/pagecategories/4', method: 'GET', body: undefined });
    });

    it('page content: POST /add-pagecontent, /update-pagecontent/{id}; status through /api/v1/pagecontent', async () => {
        const { httpClient, dataProvider } = setup();
        await dataProvider.create('pagecontent', { data: { pageCategoryId: 1, title: 'About', description: '<p>Hi</p>', image: png('a.png') } });
        expect(call(httpClient)).toEqual({ url: '/api/add-pagecontent', method: 'POST', body: { pageCategoryId: '1', title: 'About', description: '<p>Hi</p>', image: 'File(a.png)' } });
        await dataProvider.update('pagecontent', { id: 5, data: { id: 5, title: 'About us', pageCategoryName: 'About' }, previousData: { id: 5 } });
        expect(call(httpClient)).toEqual({ url: '/api/update-pagecontent/5', method: 'POST', body: { title: 'About us' } });
        await dataProvider.toggleStatus('pagecontent', { id: 5, status: 1 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/pagecontent/5', method: 'PUT', body: { status: 1 } });
    });

    it('coupons: POST /createCoupon, POST /coupons/{id}, DELETE /api/v1/coupons/{id}; settings: PUT /api/v1/settings/{id} {status}', async () => {
        const { httpClient, dataProvider } = setup();
        await dataProvider.create('coupons', { data: { couponCode: 'FLAT50', discountType: 'fixed', discountValue: 50 } });
        expect(call(httpClient)).toEqual({ url: '/api/createCoupon', method: 'POST', body: { couponCode: 'FLAT50', discountType: 'fixed', discountValue: '50' } });
        await dataProvider.update('coupons', { id: 6, data: { id: 6, heading: 'Flat ₹50', state: 'active' }, previousData: { id: 6 } });
        // The state comes from the dates on the server: never sent back.
        expect(call(httpClient)).toEqual({ url: '/api/coupons/6', method: 'POST', body: { heading: 'Flat ₹50' } });
        await dataProvider.delete('coupons', { id: 6 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/coupons/6', method: 'DELETE', body: undefined });
        await dataProvider.toggleStatus('settings', { id: 2, status: 1 });
        expect(call(httpClient)).toEqual({ url: '/api/v1/settings/2', method: 'PUT', body: { status: 1 } });
        await dataProvider.create('managepage', { data: { selectCategory: 'Policies', pageName: 'Privacy', image: png('p.png') } });
        expect(call(httpClient)).toEqual({ url: '/api/managepage', method: 'POST', body: { selectCategory: 'Policies', pageName: 'Privacy', image: 'File(p.png)' } });
    });
});
