import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider, GetListParams, Store } from 'react-admin';

import { listDefaults, variantsFilter } from './listDefaults';
import { schemaNamed } from './schemas';

/** What react-admin keeps of a list between visits (its `<resource>.listParams` store entry). */
interface StoredListParams {
    sort?: string;
    order?: 'ASC' | 'DESC';
    page?: number;
    perPage?: number;
    filter?: Record<string, unknown>;
}

/**
 * How long a page fetched ahead counts as fresh, from the app's start: a slow phone may take seconds to load the
 * list's code, and the list should not ask again for what is already here.
 */
const FRESH_MS = 60_000;

/**
 * Starts fetching the page a generated list (`/products`) will show, as the app starts, into the cache
 * under react-admin's own key for it: the list then draws its rows as soon as it is drawn, instead of
 * asking only after the session and access checks and its own first render. Only for an address without
 * a query string (one with a query names its own page), with the page, sort and filter the list reopens
 * with (the stored ones, else the schema's). A page that differs from what the list asks is simply not used.
 */
export function prefetchListPage({ queryClient, dataProvider, store, pathname, search }: {
    queryClient: QueryClient;
    dataProvider: DataProvider;
    store: Store;
    pathname: string;
    search: string;
}) {
    const [, name, ...rest] = pathname.split('/');
    const schema = schemaNamed(name);
    if (!schema || rest.length || search) return;
    const { perPage, sort } = listDefaults(schema);
    const stored: StoredListParams = store.getItem(`${schema.name}.listParams`) ?? {};
    const params: GetListParams = {
        pagination: { page: stored.page ?? 1, perPage: stored.perPage ?? perPage },
        sort: { field: stored.sort ?? sort.field, order: stored.order ?? sort.order },
        // As react-admin merges them: the chosen filters, then the list's own.
        filter: { ...stored.filter, ...variantsFilter(schema, stored.filter) },
        meta: undefined,
    };
    const queryKey = [schema.name, 'getList', params];
    queryClient.setQueryDefaults(queryKey, { staleTime: FRESH_MS });
    // Then the page is like any other: a later visit asks again. (Not at the list's first showing: the list may be
    // drawn again as the layout's code arrives, and would ask again then.)
    setTimeout(() => queryClient.setQueryDefaults(queryKey, {}), FRESH_MS);
    // The same shape react-admin's useGetList keeps. prefetchQuery never rejects: a failure is left for the list
    // to ask again and show.
    void queryClient.prefetchQuery({
        queryKey,
        queryFn: () => dataProvider.getList(schema.name, params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    });
}
