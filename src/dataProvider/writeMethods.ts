import type { Identifier } from 'react-admin';

import type { AppDataProvider } from './AppDataProvider';
import type { BulkMethods, BulkResult } from './bulkMethods';
import type { RestCalls } from './restCalls';
import { changedFields, clearedValues, galleryOrder, galleryRemovals, imageRemovals, requestBody, unchangedElsewhereLeftOut } from './requestBody';

type WriteMethods = Pick<AppDataProvider & BulkMethods, 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany' | 'toggleStatus' | 'bulk'>;

/** create, update, delete (one or many), toggleStatus and bulk: by v1 where the entry's writes go there, else by its legacy path. */
export const writeMethods = (calls: RestCalls): WriteMethods => {
    const { api, v1, v1Writes, endpointOf, unwrap } = calls;
    const update = updateOne(calls);
    const remove = removeOne(calls);
    return {
        create: async (resource, params) => {
            const endpoint = endpointOf(resource);
            const v1Resource = v1Writes(endpoint);
            if (v1Resource) return v1.create(v1Resource, params);
            const { data } = params;
            const { json } = await api(endpoint.createPath ?? endpoint.path, {
                method: 'POST',
                body: requestBody(data, endpoint),
            });
            return { data: unwrap(json) };
        },

        update: (resource, { id, data, previousData }) => update(resource, id, data, previousData),

        updateMany: async (resource, { ids, data }) => {
            await Promise.all(ids.map(id => update(resource, id, data)));
            return { data: ids };
        },

        delete: (resource, { id }) => remove(resource, id),

        deleteMany: async (resource, { ids }) => {
            await Promise.all(ids.map(id => remove(resource, id)));
            return { data: ids };
        },

        toggleStatus: async (resource, { id, status }) => {
            const { toggle, v1: v1Resource, toggled } = endpointOf(resource);
            if (!toggle) throw new Error(`The "${resource}" resource has no status toggle`);
            if (toggle === 'v1') {
                const { data } = await v1.update(v1Resource!, { id, data: { status }, previousData: {} });
                return { data, message: toggled };
            }
            const { json } = await api(toggle.path(id), {
                method: 'POST',
                body: JSON.stringify(toggle.body(status)),
            });
            return { data: unwrap(json), message: json.message };
        },

        bulk: async (resource, { ids, action }) => {
            const { json } = await api(`${endpointOf(resource).path}/bulk`, {
                method: 'POST',
                body: JSON.stringify({ ids, action }),
            });
            return json as BulkResult;
        },
    };
};

/** One record's update: the changed fields to v1, or the legacy multipart body with what was taken out. */
const updateOne = ({ api, v1, v1Writes, endpointOf, unwrap }: RestCalls) => async (
    resource: string,
    id: Identifier,
    data: Record<string, unknown>,
    previousData?: Record<string, unknown>
) => {
    const endpoint = endpointOf(resource);
    const v1Resource = v1Writes(endpoint);
    if (v1Resource) return v1.update(v1Resource, { id, data: changedFields(data, previousData), previousData: previousData ?? {} });
    const { json } = await api(endpoint.updatePath?.(id) ?? `${endpoint.path}/${id}`, {
        method: 'POST',
        body: requestBody(
            {
                ...unchangedElsewhereLeftOut(endpoint, data, previousData),
                ...galleryRemovals(endpoint, data, previousData),
                ...galleryOrder(endpoint, data, previousData),
                ...imageRemovals(endpoint, data, previousData),
                ...clearedValues(endpoint, data, previousData),
            },
            endpoint
        ),
    });
    return { data: unwrap(json) };
};

/** One record's delete, by v1, its legacy path, or the entry's own call; answers the record. */
const removeOne = ({ api, v1, endpointOf }: RestCalls) => async (resource: string, id: Identifier) => {
    const endpoint = endpointOf(resource);
    if (!endpoint.delete) throw new Error(`The "${resource}" resource cannot be deleted`);
    if (endpoint.delete === 'v1') return v1.delete(endpoint.v1!, { id });
    const call: { path: string; body?: object } = endpoint.delete === 'path' ? { path: `${endpoint.path}/${id}` } : endpoint.delete(id);
    const { json } = await api(call.path, {
        method: 'DELETE',
        body: call.body ? JSON.stringify(call.body) : undefined,
    });
    return { data: { id, ...json?.data } };
};
