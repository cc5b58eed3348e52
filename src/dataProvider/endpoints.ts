import type { Identifier } from 'react-admin';

import { entities } from '../../schema';
import type { EntitySchema } from '../../schema/types';
import type { Status } from '../types';

/**
 * How one react-admin resource reaches the API (docs/api.md, "The app's legacy calls"). Every schema entity is an
 * `/api/v1/<resource>` resource (`v1`), which ra-data-simple-rest serves; the other fields say which calls still go to a
 * legacy path, and how, because the legacy contract needs them. Paths are relative to the API root.
 */
export interface Endpoint {
    /** The `/api/v1` resource that takes every call this entry does not send to a legacy path. */
    v1?: string;
    /** Legacy list path, e.g. `/Baanner`: bulk changes (`path/bulk`), and every call when there is no `v1`. */
    path: string;
    /** Without `v1`: the legacy list also answers react-admin's stock `ra-data-simple-rest` dialect. */
    stock?: boolean;
    /** Without `v1`: the single-record path; defaults to `path/{id}`. */
    itemPath?: (id: Identifier) => string;
    /** Without `v1`: key of the legacy list answer that holds the rows; the answer itself is the array when undefined. */
    listKey?: 'data' | 'videos' | 'orders';
    /**
     * File fields: creates and updates go to the legacy paths as FormData (v1 takes no files until `POST /api/v1/uploads`).
     * The fields below, down to `idInBody`, describe those legacy writes.
     */
    multipart?: string[];
    /** Fields the API joins in for display (e.g. `categoryName`): never sent back. */
    readOnly?: string[];
    /** Fields other writes change too (a product's stock): an update sends them only when the user changed them. */
    changedElsewhere?: string[];
    /** Sets of ids (a product's attributes): a multipart body sends each as one text of ids with commas, empty for none. */
    sets?: string[];
    /**
     * A list of images kept apart from the record: create and update send only the new files under
     * `field` (repeated), and update names the stored paths the user took out under `removeField`.
     */
    gallery?: { field: string; removeField: string };
    /** Defaults to `POST path`. */
    createPath?: string;
    /** Defaults to `POST path/{id}`. */
    updatePath?: (id: Identifier) => string;
    /** The update names the row by an `id` in its body (the path has none). */
    idInBody?: boolean;
    /**
     * How to set the status: `'v1'` is `PUT /v1/<resource>/{id} {status}`, else a legacy route and body;
     * the resource cannot be toggled when undefined.
     */
    toggle?: 'v1' | {
        path: (id: Identifier) => string;
        body: (status: Status) => Record<string, unknown>;
    };
    /** The sentence the legacy toggle answers with (the schema's `messages.toggled`); a v1 answer is the bare record. */
    toggled?: string;
    /**
     * `'v1'` is `DELETE /v1/<resource>/{id}`, `'path'` `DELETE path/{id}`, or the entry's own call;
     * the resource cannot be deleted (and the app offers no delete) when undefined.
     */
    delete?: 'v1' | 'path' | ((id: Identifier) => { path: string; body?: Record<string, unknown> });
}

const withId = (path: string) => (id: Identifier) => path.replace(':id', encodeURIComponent(String(id)));

/**
 * The legacy writes of an entity with pictures: its create and update paths, the file fields, and what a
 * multipart body must leave out or spell out (joined names, the gallery's removals, values other writes change).
 */
function multipartWrites(entity: EntitySchema, files: string[]): Partial<Endpoint> {
    const { paths } = entity;
    const conventional = `${paths.list}/:id`;
    const fields = Object.entries(entity.fields);
    const gallery = fields.find(([, field]) => field.type === 'gallery');
    const readOnly = [
        ...fields.flatMap(([name, field]) => [...(field.readOnly ? [name] : []), ...(field.display ? [field.display.as] : [])]),
        ...(entity.createdBy ? ['createdBy'] : []),
        ...(entity.window ? ['state'] : []),
    ];
    const changedElsewhere = fields.filter(([, field]) => field.changedElsewhere).map(([name]) => name);
    const sets = fields.filter(([, field]) => field.type === 'referenceMany').map(([name]) => name);
    return {
        multipart: files,
        ...(sets.length ? { sets } : {}),
        ...(readOnly.length ? { readOnly } : {}),
        ...(changedElsewhere.length ? { changedElsewhere } : {}),
        ...(gallery ? { gallery: { field: gallery[0], removeField: gallery[1].gallery!.removeField } } : {}),
        ...(paths.create && paths.create !== paths.list ? { createPath: paths.create } : {}),
        ...(paths.update && paths.update !== conventional ? { updatePath: withId(paths.update) } : {}),
        ...(paths.update && !paths.update.includes(':id') ? { idInBody: true } : {}),
    };
}

/**
 * The endpoint map entry a schema implies: `/api/v1/<name>` for every call, except creates and updates of an
 * entity with pictures, which go as files to its legacy paths. Toggles and deletes follow the schema's
 * legacy paths only in being offered at all.
 */
export function endpointFor(entity: EntitySchema): Endpoint {
    const { paths } = entity;
    const files = Object.entries(entity.fields)
        .filter(([, field]) => field.type === 'image' || field.type === 'gallery')
        .map(([name]) => name);
    return {
        v1: entity.name,
        path: paths.list,
        ...(files.length ? multipartWrites(entity, files) : {}),
        ...(paths.toggle ? { toggle: 'v1' as const, toggled: entity.messages.toggled } : {}),
        ...(paths.remove ? { delete: 'v1' as const } : {}),
    };
}

/**
 * Resources that have no schema: read through their hand-written `/api/v1` routes; what those do not take stays on
 * the legacy paths (an order moves only through its named actions, in orderToolMethods and orderMethods).
 */
const unschemed: Record<string, Endpoint> = {
    orders: { v1: 'orders', path: '/orderr' },
    // Accounts are made by registration; an administrator changes only the role (update) and the status (toggle),
    // both a PUT of the changed field on /v1/users/{id}.
    users: {
        v1: 'users',
        path: '/users',
        readOnly: ['name', 'email', 'contactNo', 'address', 'pincode', 'role', 'status'],
        toggle: 'v1',
    },
    // Customers are read-only: an account is made by registration, and changed on the user's page.
    customers: { v1: 'customers', path: '/customers' },
    // The staff inbox: messages arrive through POST /contact; staff only mark them read (1) or unread (0).
    contacts: {
        v1: 'contacts',
        path: '/contacts',
        toggle: { path: id => `/contacts/${id}/read`, body: status => ({ read: status }) },
    },
};

export const endpoints: Record<string, Endpoint> = {
    ...Object.fromEntries(entities.map(entity => [entity.name, endpointFor(entity)])),
    ...unschemed,
};
