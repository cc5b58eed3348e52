import type { DataProvider, Identifier } from 'react-admin';

import type { HttpClient } from '../http/httpClient';
import type { NewCustomer } from '../../schema/deskCustomer';
import type { Unit } from '../../schema/measure';

export type { NewCustomer };

export interface DeskCustomer {
    id: number;
    name: string;
    email: string | null;
    contactNo: string | null;
    address: string | null;
    pincode: string | null;
}

export interface DeskProduct {
    id: number;
    name: string;
    sku: string | null;
    barcode: string | null;
    /** Rupees a piece, kilogram or litre. */
    price: number;
    /** In the product's unit; null when not tracked. */
    stock: number | null;
    unit: Unit;
    /** Loose goods: the quantity added at a time, and the least an order takes, in the unit. */
    step: number | null;
    minimum: number | null;
}

export interface DeskItem {
    productId: number;
    quantity: number;
}

/** POST /orders/quote: the order as it would be charged now (rupees), each line with the stock left. */
export interface Quote {
    lines: { productId: number; name: string; unit: Unit; unitPrice: number; quantity: number; lineTotal: number; tax: number; stock: number | null; short: string | null }[];
    subtotal: number;
    taxTotal: number;
    deliveryCharge: number;
    discount: number;
    totalPrice: number;
}

export interface OrderForCustomer {
    customerId?: number;
    customer?: NewCustomer;
    items: DeskItem[];
    pincode: string;
    address?: string;
    couponCode?: string;
    paymentMethod: 'cod' | 'online';
    note?: string;
    slotId?: number;
    slotDate?: string;
}

type Answer = { data: Record<string, unknown> & { id: Identifier }; message: string };

export interface DeskMethods {
    searchCustomers(q: string): Promise<DeskCustomer[]>;
    searchProducts(q: string): Promise<DeskProduct[]>;
    quoteOrder(body: { items: DeskItem[]; pincode: string; couponCode?: string }): Promise<Quote>;
    placeForCustomer(body: OrderForCustomer): Promise<Answer & { paymentLink: string | null }>;
    changeLines(id: Identifier, body: { items: DeskItem[]; substitutions?: { from: number; to: number }[]; note?: string }): Promise<Answer>;
    refundPart(id: Identifier, body: { reason: string; lines?: { line: number; quantity: number }[]; amount?: number }): Promise<Answer>;
}

/** A provider with the desk's calls, as useDataProvider<DeskDataProvider>() gives it. */
export type DeskDataProvider = DataProvider & DeskMethods;

/**
 * The order desk's calls:
 * searchCustomers  => GET   /orders/customers?q=
 * searchProducts   => GET   /orders/products?q=
 * quoteOrder       => POST  /orders/quote
 * placeForCustomer => POST  /orders/for-customer
 * changeLines      => PATCH /orderr/{id}/lines
 * refundPart       => POST  /orderr/{id}/partial-refund
 */
export const deskMethods = (apiUrl: string, httpClient: HttpClient): DeskMethods => {
    const send = async (path: string, method: string, body: unknown) => (await httpClient(`${apiUrl}${path}`, { method, body: JSON.stringify(body) })).json;
    const order = (id: Identifier) => `/orderr/${encodeURIComponent(String(id))}`;
    return {
        searchCustomers: async q => (await httpClient(`${apiUrl}/orders/customers?q=${encodeURIComponent(q)}`)).json,
        searchProducts: async q => (await httpClient(`${apiUrl}/orders/products?q=${encodeURIComponent(q)}`)).json,
        quoteOrder: body => send('/orders/quote', 'POST', body),
        placeForCustomer: body => send('/orders/for-customer', 'POST', body),
        changeLines: (id, body) => send(`${order(id)}/lines`, 'PATCH', body),
        refundPart: (id, body) => send(`${order(id)}/partial-refund`, 'POST', body),
    };
};
