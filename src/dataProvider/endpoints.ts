import type { Identifier } from 'react-admin';

import type { Status } from '../types';

/**
 * How one react-admin resource maps onto the legacy API (docs/api.md).
 * Paths are relative to the API root; everything not stated follows the defaults
 * of `createDataProvider`.
 */
export interface Endpoint {
    /** List and single-record path, e.g. `/Baanner`. */
    path: string;
    /** Key of the list answer that holds the rows; the answer itself is the array when undefined. */
    listKey?: 'data' | 'videos' | 'orders';
    /** File fields: when set, create and update send FormData instead of JSON. */
    multipart?: string[];
    /** Fields the API joins in for display (e.g. `categoryName`): never sent back. */
    readOnly?: string[];
    /**
     * A list of images kept apart from the record: create and update send only the new files under
     * `field` (repeated), and update names the stored paths the user took out under `removeField`.
     */
    gallery?: { field: string; removeField: string };
    /** Defaults to `POST path`. */
    createPath?: string;
    /** Defaults to `POST path/{id}`. */
    updatePath?: (id: Identifier) => string;
    /** How to set the status; the resource cannot be toggled when undefined. */
    toggle?: {
        path: (id: Identifier) => string;
        body: (status: Status) => Record<string, unknown>;
    };
    /** `'path'` is `DELETE path/{id}`; the resource cannot be deleted when undefined. */
    delete?: 'path' | ((id: Identifier) => { path: string; body: Record<string, unknown> });
}

const setStatus = (status: Status) => ({ status });

export const endpoints: Record<string, Endpoint> = {
    categories: {
        path: '/categories',
        multipart: ['image'],
        toggle: { path: id => `/categories/${id}/toggle`, body: setStatus },
    },
    subcategories: {
        path: '/subcategories',
        multipart: ['image'],
        readOnly: ['categoryName'],
        toggle: { path: id => `/subcategories/${id}/toggle-status`, body: setStatus },
    },
    attribute: {
        path: '/attribute',
        toggle: { path: id => `/attribute/${id}/toggle-status`, body: setStatus },
        delete: 'path',
    },
    gst: {
        path: '/gst',
        toggle: { path: id => `/gst/${id}/toggle`, body: setStatus },
        delete: 'path',
    },
    products: {
        path: '/products',
        multipart: ['image', 'images'],
        readOnly: ['categoryName', 'subcategoryName', 'createdBy'],
        gallery: { field: 'images', removeField: 'removeImages' },
        toggle: { path: id => `/products/toggleProductStatus/${id}`, body: status => ({ newStatus: status }) },
    },
    pincode: {
        path: '/pincode',
        toggle: { path: id => `/pincode/${id}/toggle`, body: setStatus },
        delete: 'path',
    },
};
