import { describe, expect, it, vi } from 'vitest';

import { createDataProvider } from '../../src/dataProvider/createDataProvider';
import type { HttpClient } from '../../src/http/httpClient';

/** The exact HTTP calls behind the users and contacts resources: /api/v1, and a message's read mark on its legacy path (docs/api.md). */
const setup = (json: unknown, headers: Record<string, string> = {}) => {
    const httpClient = vi.fn<HttpClient>(async () => ({ status: 200, headers: new Headers(headers), body: JSON.stringify(json), json }));
    return { httpClient, dataProvider: createDataProvider('/api', httpClient) };
};

const call = (httpClient: ReturnType<typeof setup>['httpClient']) => {
    const [url, options = {}] = httpClient.mock.lastCall!;
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    return { path: pathname, query: Object.fromEntries(searchParams), method: options.method ?? 'GET', body: options.body };
};

const ravi = { id: 5, name: 'Ravi', email: 'ravi@example.in', roleId: 3, role: 'Customer', status: 1, createdAt: '2026-01-01T00:00:00.000Z' };

describe('users calls', () => {
    it('lists a page of users searched by name and filtered by role', async () => {
        const { httpClient, dataProvider } = setup([ravi], { 'Content-Range': 'items 30-30/31', 'X-Total-Count': '31' });
        const { data, total } = await dataProvider.getList('users', {
            pagination: { page: 2, perPage: 30 },
            sort: { field: 'createdAt', order: 'DESC' },
            filter: { q: 'ravi', roleId: 3 },
        });
        expect(data).toEqual([ravi]);
        expect(total).toBe(31);
        const { path, query, method } = call(httpClient);
        expect({ path, method }).toEqual({ path: '/api/v1/users', method: 'GET' });
        expect(JSON.parse(query.range)).toEqual([30, 59]);
        expect(JSON.parse(query.sort)).toEqual(['createdAt', 'DESC']);
        expect(JSON.parse(query.filter)).toEqual({ q: 'ravi', roleId: 3 });
    });

    it('reads one user', async () => {
        const { httpClient, dataProvider } = setup(ravi);
        expect((await dataProvider.getOne('users', { id: 5 })).data).toEqual(ravi);
        expect(call(httpClient)).toMatchObject({ path: '/api/v1/users/5', method: 'GET' });
    });

    it('changes the role with PUT /v1/users/{id} {roleId}, sending nothing else', async () => {
        const { httpClient, dataProvider } = setup({ ...ravi, roleId: 2, role: 'Seller' });
        const { data } = await dataProvider.update('users', { id: 5, data: { roleId: 2 }, previousData: ravi });
        expect(data).toMatchObject({ roleId: 2, role: 'Seller' });
        const { path, method, body } = call(httpClient);
        expect({ path, method }).toEqual({ path: '/api/v1/users/5', method: 'PUT' });
        expect(JSON.parse(body as string)).toEqual({ roleId: 2 });
        // A whole record sent back keeps only the role: the rest is the user's own.
        await dataProvider.update('users', { id: 5, data: { ...ravi, roleId: 1 }, previousData: ravi });
        expect(JSON.parse(call(httpClient).body as string)).toEqual({ roleId: 1 });
    });

    it('disables and enables with PUT /v1/users/{id} {status}', async () => {
        const { httpClient, dataProvider } = setup({ ...ravi, status: 0 });
        const result = await dataProvider.toggleStatus('users', { id: 5, status: 0 });
        expect(result.data).toEqual({ ...ravi, status: 0 });
        const { path, method, body } = call(httpClient);
        expect({ path, method, body: JSON.parse(body as string) }).toEqual({ path: '/api/v1/users/5', method: 'PUT', body: { status: 0 } });
    });
});

describe('contacts calls', () => {
    it('lists the inbox newest first, searched and filtered by read', async () => {
        const { httpClient, dataProvider } = setup([], { 'Content-Range': 'items */0', 'X-Total-Count': '0' });
        await dataProvider.getList('contacts', { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { q: 'refund', read: 0 } });
        const { path, query } = call(httpClient);
        expect(path).toBe('/api/v1/contacts');
        expect(JSON.parse(query.range)).toEqual([0, 24]);
        expect(JSON.parse(query.sort)).toEqual(['createdAt', 'DESC']);
        expect(JSON.parse(query.filter)).toEqual({ q: 'refund', read: 0 });
    });

    it('marks a message read or unread with POST /contacts/{id}/read {read}', async () => {
        const { httpClient, dataProvider } = setup({ success: true, message: 'Message marked as read', data: { id: 3, read: 1 } });
        await dataProvider.toggleStatus('contacts', { id: 3, status: 1 });
        const { path, method, body } = call(httpClient);
        expect({ path, method, body: JSON.parse(body as string) }).toEqual({ path: '/api/contacts/3/read', method: 'POST', body: { read: 1 } });
    });
});
