import type { Identifier, RaRecord } from 'react-admin';

import type { HttpClient } from '../http/httpClient';

export interface VariantMethods {
    /** GET /v1/{resource}/{id}/variants: the product's rows in their order, its own first. */
    variantsOf(resource: string, id: Identifier): Promise<{ data: RaRecord[] }>;
    /** PUT /v1/{resource}/{id}/variants/order {ids}: its variants in this order (its own row stays first); answers them as variantsOf. */
    orderVariants(resource: string, id: Identifier, ids: Identifier[]): Promise<{ data: RaRecord[] }>;
}

/**
 * variantsOf    => GET /v1/{resource}/{id}/variants
 * orderVariants => PUT /v1/{resource}/{id}/variants/order {ids}
 */
export const variantMethods = (apiUrl: string, httpClient: HttpClient): VariantMethods => {
    const base = (resource: string, id: Identifier) => `${apiUrl}/v1/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}/variants`;
    return {
        variantsOf: async (resource, id) => ({ data: (await httpClient(base(resource, id))).json }),
        orderVariants: async (resource, id, ids) => ({ data: (await httpClient(`${base(resource, id)}/order`, { method: 'PUT', body: JSON.stringify({ ids }) })).json }),
    };
};
