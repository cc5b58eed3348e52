import type { DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

import type { Endpoint } from './endpoints';
import type { HttpClient } from '../http/httpClient';
import { queryString, type QueryValue } from './queryString';

/** A parsed answer, as untyped as the wire. */
export type Json = Awaited<ReturnType<HttpClient>>['json'];

/** What the data provider's methods share: the API's address and client, the endpoint map and the stock providers. */
export type RestCalls = ReturnType<typeof restCalls>;

export const restCalls = (apiUrl: string, httpClient: HttpClient, endpoints: Record<string, Endpoint>) => {
    // The stock provider names a resource by its URL segment: `products` is GET {apiUrl}/v1/products.
    const v1: DataProvider = simpleRestProvider(`${apiUrl}/v1`, httpClient);
    const legacyStock: DataProvider = simpleRestProvider(apiUrl, httpClient);
    const stockName = (endpoint: Endpoint) => endpoint.path.replace(/^\//, '');
    /** The stock provider and resource name that serve an entry's reads, if any does. */
    const stockReads = (endpoint: Endpoint): [DataProvider, string] | undefined =>
        endpoint.v1 ? [v1, endpoint.v1] : endpoint.stock ? [legacyStock, stockName(endpoint)] : undefined;
    /** The v1 resource that takes an entry's creates and updates: not one whose writes carry files. */
    const v1Writes = (endpoint: Endpoint) => (endpoint.multipart ? undefined : endpoint.v1);

    /** A call on a path under the API's address. */
    const api = (path: string, options?: Parameters<HttpClient>[1]) => httpClient(`${apiUrl}${path}`, options);

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
        const { headers, json } = await api(`${endpoint.path}?${queryString(query)}`, { signal });
        const total = headers.get('X-Total-Count');
        if (total === null) {
            throw new Error(`The X-Total-Count header is missing from the ${endpoint.path} answer`);
        }
        return { data: rowsOf(endpoint, json), total: parseInt(total, 10) };
    };

    return { api, v1, stockReads, v1Writes, endpointOf, rowsOf, unwrap, fetchPage };
};
