import type { Identifier, SortPayload } from 'react-admin';

import type { HttpClient } from '../http/httpClient';
import { queryString, type QueryValue } from './queryString';

/** GET /orderr/counts: how many orders of each status match the list's other filters. */
export interface OrderCounts {
    counts: Record<string, number>;
    total: number;
}

/** One row of GET /orderr/export: amounts in rupees, as numbers; `invoiceNumber` once the shop keeps invoices. */
export interface OrderAccountsRow {
    id: number;
    createdAt: string;
    customerName: string;
    customerEmail: string;
    customerPhone?: string | null;
    pincode: string;
    paymentMethod: 'online' | 'cod';
    status: string;
    subtotal: number;
    taxTotal: number;
    deliveryCharge: number;
    discount: number;
    totalPrice: number;
    invoiceNumber?: string | null;
}

/** GET /orderr/{id}/stock: the tracked units a cancel or a refund puts back now. */
export interface OrderStock {
    units: number;
    lines: { productId: number; name: string; units: number }[];
}

/** GET /users/{id}/order-summary: totalSpent in rupees, of orders paid and neither cancelled nor refunded. */
export interface CustomerOrderSummary {
    customerId: number;
    orders: number;
    paidOrders: number;
    totalSpent: number;
    lastOrderAt: string | null;
}

export interface OrderToolMethods {
    orderCounts(filter: Record<string, unknown>): Promise<{ data: OrderCounts }>;
    /** Every order the filters match, a thousand a request. */
    exportOrders(params: { filter: Record<string, unknown>; sort?: SortPayload }): Promise<{ data: OrderAccountsRow[] }>;
    orderStock(id: Identifier): Promise<{ data: OrderStock }>;
    customerOrderSummary(userId: Identifier): Promise<{ data: CustomerOrderSummary }>;
    /** Sets (or, empty, removes) the order's note for the rider; answers the order whole. */
    setDeliveryNote(id: Identifier, note: string): Promise<{ data: Record<string, unknown> & { id: Identifier } }>;
}

const EXPORT_PAGE = 1000;

/**
 * The order list's tools for staff:
 * orderCounts          => GET /orderr/counts?{filters}
 * exportOrders         => GET /orderr/export?page=N&perPage=1000&sort&order&{filters}, page after page
 * orderStock           => GET /orderr/{id}/stock
 * customerOrderSummary => GET /users/{id}/order-summary
 * setDeliveryNote      => PUT /orderr/{id}/delivery-note {note}
 */
export const orderToolMethods = (apiUrl: string, httpClient: HttpClient): OrderToolMethods => {
    const get = (path: string) => httpClient(`${apiUrl}${path}`);
    return {
        orderCounts: async filter => ({ data: (await get(`/orderr/counts?${queryString(filter as Record<string, QueryValue>)}`)).json as OrderCounts }),
        exportOrders: async ({ filter, sort }) => {
            const rows: OrderAccountsRow[] = [];
            for (let page = 1; ; page++) {
                const query = { page, perPage: EXPORT_PAGE, sort: sort?.field, order: sort?.order, ...filter } as Record<string, QueryValue>;
                const { headers, json } = await get(`/orderr/export?${queryString(query)}`);
                rows.push(...(json.orders as OrderAccountsRow[]));
                if (json.orders.length < EXPORT_PAGE || rows.length >= Number(headers.get('X-Total-Count'))) return { data: rows };
            }
        },
        orderStock: async id => ({ data: (await get(`/orderr/${encodeURIComponent(String(id))}/stock`)).json as OrderStock }),
        customerOrderSummary: async userId => ({
            data: (await get(`/users/${encodeURIComponent(String(userId))}/order-summary`)).json as CustomerOrderSummary,
        }),
        setDeliveryNote: async (id, note) => ({
            data: (await httpClient(`${apiUrl}/orderr/${encodeURIComponent(String(id))}/delivery-note`, { method: 'PUT', body: JSON.stringify({ note }) })).json,
        }),
    };
};
