import type { DataProvider, Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

import type { AppDataProvider } from './AppDataProvider';
import type { BulkMethods, BulkResult } from './bulkMethods';
import { endpoints as defaultEndpoints, type Endpoint } from './endpoints';
import type { HttpClient } from '../http/httpClient';
import { queryString, type QueryValue } from './queryString';
import { changedFields, clearedValues, galleryOrder, galleryRemovals, imageRemovals, requestBody, unchangedElsewhereLeftOut } from './requestBody';

/** A parsed answer, as untyped as the wire. */
type Json = Awaited<ReturnType<HttpClient>>['json'];

/**
 * Maps react-admin queries to the API described in docs/api.md. A resource with a `v1` entry is served by
 * react-admin's own `ra-data-simple-rest` on `/api/v1`; the calls its entry sends elsewhere, and every call of a
 * resource without one, follow the legacy paths of the endpoint map (docs/api.md, "The app's legacy calls").
 *
 * getList          => v1:     GET /v1/res?filter={"q":"veg"}&range=[0,24]&sort=["name","ASC"]   (total from Content-Range)
 *                     legacy: GET path in the same stock dialect (`stock`), or
 *                             GET path?page=1&perPage=25&sort=name&order=ASC&q=veg&status=1        (total from X-Total-Count)
 * getOne           => GET    /v1/res/{id}; legacy: path/{id} (or itemPath(id))
 * getMany          => GET    /v1/res?filter={"id":[1,2]}; legacy: path?id=1,2
 * getManyReference => as getList, with {target}={id} among the filters
 * create           => POST   /v1/res (JSON); multipart: POST createPath ?? path (FormData)
 * update           => PUT    /v1/res/{id} with the fields that differ from previousData;
 *                     multipart: POST updatePath(id) ?? path/{id} (gallery paths taken out go as removeField)
 * updateMany       => one update per id
 * delete           => DELETE /v1/res/{id} (answers the record); legacy: DELETE path/{id}, or the entry's own call
 * deleteMany       => one delete per id
 * toggleStatus     => PUT    /v1/res/{id} {status}; legacy: POST toggle.path(id) with toggle.body(status)
 * bulk             => POST   path/bulk with {ids, action}               (one request for the selected rows)
 */
export const createDataProvider = (
    apiUrl: string,
    httpClient: HttpClient,
    endpoints: Record<string, Endpoint> = defaultEndpoints
): AppDataProvider & BulkMethods => {
    // The stock provider names a resource by its URL segment: `products` is GET {apiUrl}/v1/products.
    const v1: DataProvider = simpleRestProvider(`${apiUrl}/v1`, httpClient);
    const legacyStock: DataProvider = simpleRestProvider(apiUrl, httpClient);
    const stockName = (endpoint: Endpoint) => endpoint.path.replace(/^\//, '');
    /** The stock provider and resource name that serve an entry's reads, if any does. */
    const stockReads = (endpoint: Endpoint): [DataProvider, string] | undefined =>
        endpoint.v1 ? [v1, endpoint.v1] : endpoint.stock ? [legacyStock, stockName(endpoint)] : undefined;
    /** The v1 resource that takes an entry's creates and updates: not one whose writes carry files. */
    const v1Writes = (endpoint: Endpoint) => (endpoint.multipart ? undefined : endpoint.v1);

    const endpointOf = (resource: string): Endpoint => {
        const endpoint = endpoints[resource];
        if (!endpoint) throw new Error(`No API endpoint is declared for the "${resource}" resource`);
        return endpoint;
    };

    const rowsOf = (endpoint: Endpoint, json: Json): Json =>
        endpoint.listKey && !Array.isArray(json) ? json[endpoint.listKey] : json;

    // Writes answer `{ success, message, data }`; single reads answer the bare record.
    const unwrap = (json: Json): Json => (json?.data !== undefined && json.id === undefined ? json.data : json);

    const fetchPage = async (resource: string, query: Record<string, QueryValue>, signal?: AbortSignal) => {
        const endpoint = endpointOf(resource);
        const { headers, json } = await httpClient(`${apiUrl}${endpoint.path}?${queryString(query)}`, { signal });
        const total = headers.get('X-Total-Count');
        if (total === null) {
            throw new Error(`The X-Total-Count header is missing from the ${endpoint.path} answer`);
        }
        return { data: rowsOf(endpoint, json), total: parseInt(total, 10) };
    };

    const update = async (
        resource: string,
        id: Identifier,
        data: Record<string, unknown>,
        previousData?: Record<string, unknown>
    ) => {
        const endpoint = endpointOf(resource);
        const v1Resource = v1Writes(endpoint);
        if (v1Resource) return v1.update(v1Resource, { id, data: changedFields(data, previousData), previousData: previousData ?? {} });
        const { json } = await httpClient(`${apiUrl}${endpoint.updatePath?.(id) ?? `${endpoint.path}/${id}`}`, {
            method: 'POST',
            body: requestBody(
                {
                    ...unchangedElsewhereLeftOut(endpoint, data, previousData),
                    ...galleryRemovals(endpoint, data, previousData),
                    ...galleryOrder(endpoint, data, previousData),
                    ...imageRemovals(endpoint, data, previousData),
                    ...clearedValues(endpoint, data, previousData),
                },
                endpoint
            ),
        });
        return { data: unwrap(json) };
    };

    const remove = async (resource: string, id: Identifier) => {
        const endpoint = endpointOf(resource);
        if (!endpoint.delete) throw new Error(`The "${resource}" resource cannot be deleted`);
        if (endpoint.delete === 'v1') return v1.delete(endpoint.v1!, { id });
        const call: { path: string; body?: object } = endpoint.delete === 'path' ? { path: `${endpoint.path}/${id}` } : endpoint.delete(id);
        const { json } = await httpClient(`${apiUrl}${call.path}`, {
            method: 'DELETE',
            body: call.body ? JSON.stringify(call.body) : undefined,
        });
        return { data: { id, ...json?.data } };
    };

    return {
        getList: (resource, params) => {
            const endpoint = endpointOf(resource);
            const stock = stockReads(endpoint);
            if (stock) return stock[0].getList(stock[1], params);
            const { pagination, sort, filter, signal } = params;
            return fetchPage(
                resource,
                { page: pagination?.page, perPage: pagination?.perPage, sort: sort?.field, order: sort?.order, ...filter },
                signal
            );
        },

        getOne: async (resource, params) => {
            const endpoint = endpointOf(resource);
            const stock = stockReads(endpoint);
            if (stock && !endpoint.itemPath) return stock[0].getOne(stock[1], params);
            const path = endpoint.itemPath?.(params.id) ?? `${endpoint.path}/${params.id}`;
            const { json } = await httpClient(`${apiUrl}${path}`, { signal: params.signal });
            return { data: unwrap(json) };
        },

        getMany: async (resource, params) => {
            const endpoint = endpointOf(resource);
            const stock = stockReads(endpoint);
            if (stock) return stock[0].getMany(stock[1], params);
            const { json } = await httpClient(`${apiUrl}${endpoint.path}?${queryString({ id: params.ids })}`, { signal: params.signal });
            return { data: rowsOf(endpoint, json) };
        },

        getManyReference: (resource, params) => {
            const endpoint = endpointOf(resource);
            const stock = stockReads(endpoint);
            if (stock) return stock[0].getManyReference(stock[1], params);
            const { target, id, pagination, sort, filter, signal } = params;
            return fetchPage(
                resource,
                { page: pagination.page, perPage: pagination.perPage, sort: sort.field, order: sort.order, ...filter, [target]: id },
                signal
            );
        },

        create: async (resource, params) => {
            const endpoint = endpointOf(resource);
            const v1Resource = v1Writes(endpoint);
            if (v1Resource) return v1.create(v1Resource, params);
            const { data } = params;
            const { json } = await httpClient(`${apiUrl}${endpoint.createPath ?? endpoint.path}`, {
                method: 'POST',
                body: requestBody(data, endpoint),
            });
            return { data: unwrap(json) };
        },

        update: (resource, { id, data, previousData }) => update(resource, id, data, previousData),

        updateMany: async (resource, { ids, data }) => {
            await Promise.all(ids.map(id => update(resource, id, data)));
            return { data: ids };
        },

        delete: (resource, { id }) => remove(resource, id),

        deleteMany: async (resource, { ids }) => {
            await Promise.all(ids.map(id => remove(resource, id)));
            return { data: ids };
        },

        toggleStatus: async (resource, { id, status }) => {
            const { toggle, v1: v1Resource, toggled } = endpointOf(resource);
            if (!toggle) throw new Error(`The "${resource}" resource has no status toggle`);
            if (toggle === 'v1') {
                const { data } = await v1.update(v1Resource!, { id, data: { status }, previousData: {} });
                return { data, message: toggled };
            }
            const { json } = await httpClient(`${apiUrl}${toggle.path(id)}`, {
                method: 'POST',
                body: JSON.stringify(toggle.body(status)),
            });
            return { data: unwrap(json), message: json.message };
        },

        bulk: async (resource, { ids, action }) => {
            const { json } = await httpClient(`${apiUrl}${endpointOf(resource).path}/bulk`, {
                method: 'POST',
                body: JSON.stringify({ ids, action }),
            });
            return json as BulkResult;
        },
    };
};
