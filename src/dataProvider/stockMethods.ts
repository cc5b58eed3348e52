import type { Identifier } from 'react-admin';

import type { HttpClient } from '../http/httpClient';

export type StockReason = 'received' | 'damaged' | 'counted';

/** One product's row of a bulk edit: amounts in rupees (null empties an MRP), `was` what the screen showed. */
export interface BulkProductChange {
    id: Identifier;
    price?: string;
    mrp?: string | null;
    stock?: number | string | null;
    was?: { price?: number | null; mrp?: number | null; stock?: number | null };
}

export interface StockMethods {
    /** POST /products/{id}/stock: the server's message says what the stock is now. */
    changeStock(id: Identifier, change: { reason: StockReason; quantity: number; note?: string }): Promise<{ data: { id: Identifier; stock: number }; message?: string }>;
    /** PATCH /products/bulk: all the rows or none; a refusal's `errors` are keyed `<id>.<field>`. */
    bulkEditProducts(changes: BulkProductChange[]): Promise<{ changed: number; message?: string }>;
}

/**
 * changeStock      => POST /products/{id}/stock {reason, quantity, note?}
 * bulkEditProducts => PATCH /products/bulk {changes}
 */
export const stockMethods = (apiUrl: string, httpClient: HttpClient): StockMethods => ({
    changeStock: async (id, { reason, quantity, note }) => {
        const { json } = await httpClient(`${apiUrl}/products/${encodeURIComponent(String(id))}/stock`, {
            method: 'POST',
            body: JSON.stringify(note?.trim() ? { reason, quantity, note: note.trim() } : { reason, quantity }),
        });
        return { data: json.data, message: json.message };
    },
    bulkEditProducts: async changes => {
        const { json } = await httpClient(`${apiUrl}/products/bulk`, { method: 'PATCH', body: JSON.stringify({ changes }) });
        return { changed: json.changed, message: json.message };
    },
});
