import type { Identifier } from 'react-admin';

import type { HttpClient } from '../http/httpClient';

export type StockReason = 'received' | 'damaged' | 'counted';

export interface StockMethods {
    /** POST /products/{id}/stock: the server's message says what the stock is now. */
    changeStock(id: Identifier, change: { reason: StockReason; quantity: number; note?: string }): Promise<{ data: { id: Identifier; stock: number }; message?: string }>;
}

/** changeStock => POST /products/{id}/stock {reason, quantity, note?} */
export const stockMethods = (apiUrl: string, httpClient: HttpClient): StockMethods => ({
    changeStock: async (id, { reason, quantity, note }) => {
        const { json } = await httpClient(`${apiUrl}/products/${encodeURIComponent(String(id))}/stock`, {
            method: 'POST',
            body: JSON.stringify(note?.trim() ? { reason, quantity, note: note.trim() } : { reason, quantity }),
        });
        return { data: json.data, message: json.message };
    },
});
