import { describe, expect, it, vi } from 'vitest';

import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import type { HttpClient } from '../../src/http/httpClient';
import { orderMethods } from '../../src/dataProvider/orderMethods';

const setup = (json: unknown, headers: Record<string, string> = {}) => {
    const httpClient = vi.fn<HttpClient>(async () => ({ status: 200, headers: new Headers(headers), body: JSON.stringify(json), json }));
    return { httpClient, dataProvider: { ...createDataProvider('/api', httpClient), ...orderMethods('/api', httpClient) } };
};

describe('the order calls', () => {
    it('lists orders with GET /v1/orders, the filters as one JSON filter and the total from Content-Range', async () => {
        const { httpClient, dataProvider } = setup([{ id: 7, customer: { name: 'Asha' } }], { 'Content-Range': 'orders 30-30/31' });
        const result = await dataProvider.getList('orders', {
            pagination: { page: 2, perPage: 30 },
            sort: { field: 'createdAt', order: 'DESC' },
            filter: { q: 'asha', status: 'paid' },
        });
        const url = new URL(httpClient.mock.lastCall![0], 'http://localhost');
        expect(url.pathname).toBe('/api/v1/orders');
        expect(Object.fromEntries(url.searchParams)).toEqual({ filter: '{"q":"asha","status":"paid"}', range: '[30,59]', sort: '["createdAt","DESC"]' });
        expect(result).toEqual({ data: [{ id: 7, customer: { name: 'Asha' } }], total: 31 });
    });

    it('reads one order with GET /v1/orders/{id}', async () => {
        const { httpClient, dataProvider } = setup({ id: 7, status: 'paid' });
        expect((await dataProvider.getOne('orders', { id: 7 })).data).toEqual({ id: 7, status: 'paid' });
        expect(httpClient.mock.lastCall![0]).toBe('/api/v1/orders/7');
    });

    it('moves an order with POST /orderr/{id}/status, sending a note only when there is one', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Order 7 is now packed', data: { id: 7, status: 'packed' } });
        const result = await dataProvider.moveOrder(7, 'packed', '  ');
        expect(httpClient.mock.lastCall).toEqual(['/api/orderr/7/status', { method: 'POST', body: '{"status":"packed"}' }]);
        expect(result).toEqual({ data: { id: 7, status: 'packed' }, message: 'Order 7 is now packed' });
        await dataProvider.moveOrder(7, 'cancelled', ' Customer called ');
        expect(httpClient.mock.lastCall![1]).toEqual({ method: 'POST', body: '{"status":"cancelled","note":"Customer called"}' });
    });

    it('reads the dashboard numbers with GET /dashboard/stats', async () => {
        const { httpClient, dataProvider } = setup({ todayOrders: 3 });
        expect((await dataProvider.dashboardStats()).data).toEqual({ todayOrders: 3 });
        expect(httpClient.mock.lastCall![0]).toBe('/api/dashboard/stats');
    });
});
