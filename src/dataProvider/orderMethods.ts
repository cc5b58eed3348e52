import type { Identifier } from 'react-admin';

import type { HttpClient } from '../http/httpClient';

/** GET /dashboard/stats: amounts in rupees, days on the shop's (Indian) calendar. */
export interface DashboardStats {
    today: string;
    todayOrders: number;
    todayRevenue: number;
    toPack: number;
    newCustomers: number;
    newCustomersSince: string;
    /** Products whose tracked stock is at or below `lowStockAt` (the shop's setting, 5 unless set). */
    lowStock: number;
    lowStockAt: number;
    days: { date: string; orders: number; revenue: number }[];
}

/** GET /dashboard/setup: what the shop still lacks to issue the right GST documents. */
export interface SetupChecklist {
    /** Settings not yet given: legalName, address, state, gstin (gstin is not asked of a shop not registered under GST). */
    missing: ('legalName' | 'address' | 'state' | 'gstin')[];
    /** Active pincodes with no state (the first 50), which take no orders, and how many there are. */
    pincodesWithoutState: string[];
    pincodesWithoutStateCount: number;
}

export interface OrderMethods {
    /** POST /orderr/{id}/status: only the moves the workflow allows; the server's message says what happened. */
    moveOrder(id: Identifier, status: string, note?: string): Promise<{ data: Record<string, unknown> & { id: Identifier }; message?: string }>;
    dashboardStats(): Promise<{ data: DashboardStats }>;
    setupChecklist(): Promise<{ data: SetupChecklist }>;
}

/**
 * The order calls beyond react-admin's own:
 * moveOrder       => POST /orderr/{id}/status {status, note?}
 * dashboardStats  => GET  /dashboard/stats
 * setupChecklist  => GET  /dashboard/setup
 */
export const orderMethods = (apiUrl: string, httpClient: HttpClient): OrderMethods => ({
    moveOrder: async (id, status, note) => {
        const { json } = await httpClient(`${apiUrl}/orderr/${encodeURIComponent(String(id))}/status`, {
            method: 'POST',
            body: JSON.stringify(note?.trim() ? { status, note: note.trim() } : { status }),
        });
        return { data: json.data, message: json.message };
    },
    dashboardStats: async () => {
        const { json } = await httpClient(`${apiUrl}/dashboard/stats`);
        return { data: json as DashboardStats };
    },
    setupChecklist: async () => {
        const { json } = await httpClient(`${apiUrl}/dashboard/setup`);
        return { data: json as SetupChecklist };
    },
});
