import type { DataProvider, Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

import type { AppDataProvider } from './AppDataProvider';
import type { BulkMethods, BulkResult } from './bulkMethods';
import { endpoints as defaultEndpoints, type Endpoint } from './endpoints';
import type { HttpClient } from '../http/httpClient';
import { queryString, type QueryValue } from './queryString';
import { clearedValues, galleryRemovals, imageRemovals, requestBody, unchangedElsewhereLeftOut } from './requestBody';

/** A parsed answer, as untyped as the wire. */
type Json = Awaited<ReturnType<HttpClient>>['json'];

/**
 * Maps react-admin queries to the API described in docs/api.md. Reads of resources whose list speaks the
 * stock dialect (`stock`, every schema entity) go through react-admin's own `ra-data-simple-rest`; the
 * legacy writes, and reads of the rest, follow the resource's entry in `endpoints`.
 *
 * getList          => stock:  GET path?filter={"q":"veg"}&range=[0,24]&sort=["name","ASC"]  (total from Content-Range)
 *                     legacy: GET path?page=1&perPage=25&sort=name&order=ASC&q=veg&status=1   (total from X-Total-Count)
 * getOne           => GET    path/{id} (or itemPath(id))
 * getMany          => stock:  GET path?filter={"id":[1,2]}; legacy: GET path?id=1,2
 * getManyReference => as getList, with {target}={id} among the filters
 * create           => POST   createPath ?? path                      (FormData when multipart, else JSON)
 * update           => POST   updatePath(id) ?? path/{id}             (idem; gallery paths taken out go as removeField)
 * updateMany       => one update per id
 * delete           => DELETE path/{id}, or the entry's own call
 * deleteMany       => one delete per id
 * toggleStatus     => POST   toggle.path(id) with toggle.body(status)
 * bulk             => POST   path/bulk with {ids, action}               (one request for the selected rows)
 */
export const createDataProvider = (
    apiUrl: string,
    httpClient: HttpClient,
    endpoints: Record<string, Endpoint> = defaultEndpoints
): AppDataProvider & BulkMethods => {
    // The stock provider names a resource by its URL segment: `products` is GET {apiUrl}/products.
    const stock: DataProvider = simpleRestProvider(apiUrl, httpClient);
    const stockName = (endpoint: Endpoint) => endpoint.path.replace(/^\//, '');

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
        const { json } = await httpClient(`${apiUrl}${endpoint.updatePath?.(id) ?? `${endpoint.path}/${id}`}`, {
            method: 'POST',
            body: requestBody(
                {
                    ...unchangedElsewhereLeftOut(endpoint, data, previousData),
                    ...galleryRemovals(endpoint, data, previousData),
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
            if (endpoint.stock) return stock.getList(stockName(endpoint), params);
            const { pagination, sort, filter, signal } = params;
            return fetchPage(
                resource,
                { page: pagination?.page, perPage: pagination?.perPage, sort: sort?.field, order: sort?.order, ...filter },
                signal
            );
        },

        getOne: async (resource, params) => {
            const endpoint = endpointOf(resource);
            if (endpoint.stock && !endpoint.itemPath) return stock.getOne(stockName(endpoint), params);
            const path = endpoint.itemPath?.(params.id) ?? `${endpoint.path}/${params.id}`;
            const { json } = await httpClient(`${apiUrl}${path}`, { signal: params.signal });
            return { data: unwrap(json) };
        },

        getMany: async (resource, params) => {
            const endpoint = endpointOf(resource);
            if (endpoint.stock) return stock.getMany(stockName(endpoint), params);
            const { json } = await httpClient(`${apiUrl}${endpoint.path}?${queryString({ id: params.ids })}`, { signal: params.signal });
            return { data: rowsOf(endpoint, json) };
        },

        getManyReference: (resource, params) => {
            const endpoint = endpointOf(resource);
            if (endpoint.stock) return stock.getManyReference(stockName(endpoint), params);
            const { target, id, pagination, sort, filter, signal } = params;
            return fetchPage(
                resource,
                { page: pagination.page, perPage: pagination.perPage, sort: sort.field, order: sort.order, ...filter, [target]: id },
                signal
            );
        },

        create: async (resource, { data }) => {
            const endpoint = endpointOf(resource);
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
            const { toggle } = endpointOf(resource);
            if (!toggle) throw new Error(`The "${resource}" resource has no status toggle`);
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
