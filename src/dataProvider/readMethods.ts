import type { DataProvider } from 'react-admin';

import { queryString } from './queryString';
import type { RestCalls } from './restCalls';

/**
 * An export of every row leaves out the list's own filters it names in `meta.unfiltered`: the product list shows a
 * product's first variant only (`position` 1), its CSV every variant, each by its SKU.
 */
const withoutFilters = <P extends { filter?: Record<string, unknown>; meta?: { unfiltered?: string[] } }>(params: P): P => {
    const names = params.meta?.unfiltered;
    if (!names?.length || !params.filter) return params;
    return { ...params, filter: Object.fromEntries(Object.entries(params.filter).filter(([name]) => !names.includes(name))) };
};

/** getList, getOne, getMany and getManyReference: by a stock provider where the entry has one, else by its legacy path. */
export const readMethods = ({
    api,
    stockReads,
    endpointOf,
    rowsOf,
    unwrap,
    fetchPage,
}: RestCalls): Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'getManyReference'> => ({
    getList: (resource, asked) => {
        const params = withoutFilters(asked);
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
        const { json } = await api(path, { signal: params.signal });
        return { data: unwrap(json) };
    },

    getMany: async (resource, params) => {
        const endpoint = endpointOf(resource);
        const stock = stockReads(endpoint);
        if (stock) return stock[0].getMany(stock[1], params);
        const { json } = await api(`${endpoint.path}?${queryString({ id: params.ids })}`, { signal: params.signal });
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
});
