import type { Identifier } from 'react-admin';

import { entities } from '../../schema';
import type { EntitySchema } from '../../schema/types';
import type { Status } from '../types';

/**
 * How one react-admin resource maps onto the legacy API (docs/api.md). Paths are relative to the API root;
 * everything not stated follows the defaults of `createDataProvider`. Entities with a schema get theirs
 * derived from it (`endpointFor`); only resources without one are written out below.
 */
export interface Endpoint {
    /** List path, e.g. `/Baanner`. */
    path: string;
    /** The list also answers react-admin's stock `ra-data-simple-rest` dialect, which reads then go through. */
    stock?: boolean;
    /** Single-record path; defaults to `path/{id}`. */
    itemPath?: (id: Identifier) => string;
    /** Key of the legacy list answer that holds the rows; the answer itself is the array when undefined. */
    listKey?: 'data' | 'videos' | 'orders';
    /** File fields: when set, create and update send FormData instead of JSON. */
    multipart?: string[];
    /** Fields the API joins in for display (e.g. `categoryName`): never sent back. */
    readOnly?: string[];
    /** Fields other writes change too (a product's stock): an update sends them only when the user changed them. */
    changedElsewhere?: string[];
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
    /** How to set the status; the resource cannot be toggled when undefined. */
    toggle?: {
        path: (id: Identifier) => string;
        body: (status: Status) => Record<string, unknown>;
    };
    /** `'path'` is `DELETE path/{id}`; the resource cannot be deleted when undefined. */
    delete?: 'path' | ((id: Identifier) => { path: string; body?: Record<string, unknown> });
}

const withId = (path: string) => (id: Identifier) => path.replace(':id', encodeURIComponent(String(id)));

/** The endpoint map entry a schema implies: its odd paths, toggle body, files and envelope, said once there. */
export function endpointFor(entity: EntitySchema): Endpoint {
    const { paths } = entity;
    const conventional = `${paths.list}/:id`;
    const fields = Object.entries(entity.fields);
    const files = fields.filter(([, field]) => field.type === 'image' || field.type === 'gallery').map(([name]) => name);
    const gallery = fields.find(([, field]) => field.type === 'gallery');
    const readOnly = [
        ...fields.flatMap(([name, field]) => [...(field.readOnly ? [name] : []), ...(field.display ? [field.display.as] : [])]),
        ...(entity.createdBy ? ['createdBy'] : []),
        ...(entity.window ? ['state'] : []),
    ];
    const changedElsewhere = fields.filter(([, field]) => field.changedElsewhere).map(([name]) => name);
    const toggleKey = entity.toggleKey ?? 'status';
    const remove = paths.remove;
    return {
        path: paths.list,
        stock: true,
        ...(paths.item && paths.item !== conventional ? { itemPath: withId(paths.item) } : {}),
        ...(entity.envelope ? { listKey: entity.envelope } : {}),
        ...(files.length ? { multipart: files } : {}),
        ...(readOnly.length ? { readOnly } : {}),
        ...(changedElsewhere.length ? { changedElsewhere } : {}),
        ...(gallery ? { gallery: { field: gallery[0], removeField: gallery[1].gallery!.removeField } } : {}),
        ...(paths.create && paths.create !== paths.list ? { createPath: paths.create } : {}),
        ...(paths.update && paths.update !== conventional ? { updatePath: withId(paths.update) } : {}),
        ...(paths.update && !paths.update.includes(':id') ? { idInBody: true } : {}),
        ...(paths.toggle ? { toggle: { path: withId(paths.toggle), body: (status: Status) => ({ [toggleKey]: status }) } } : {}),
        ...(remove
            ? {
                  delete:
                      remove === conventional
                          ? ('path' as const)
                          : remove.includes(':id')
                            ? (id: Identifier) => ({ path: withId(remove)(id) })
                            : (id: Identifier) => ({ path: remove, body: { id } }),
              }
            : {}),
    };
}

/** Resources that have no schema yet: their legacy quirks, by hand. */
const unschemed: Record<string, Endpoint> = {
    orders: { path: '/orderr', listKey: 'orders' },
    // Accounts are made by registration; an administrator changes only the role (update) and the status (toggle).
    users: {
        path: '/users',
        stock: true,
        updatePath: id => `/users/${id}/role`,
        readOnly: ['name', 'email', 'contactNo', 'address', 'pincode', 'role', 'status'],
        toggle: { path: id => `/users/${id}/toggle-status`, body: status => ({ status }) },
    },
    // The staff inbox: messages arrive through POST /contact; staff only mark them read (1) or unread (0).
    contacts: {
        path: '/contacts',
        stock: true,
        toggle: { path: id => `/contacts/${id}/read`, body: status => ({ read: status }) },
    },
};

export const endpoints: Record<string, Endpoint> = {
    ...Object.fromEntries(entities.map(entity => [entity.name, endpointFor(entity)])),
    ...unschemed,
};
