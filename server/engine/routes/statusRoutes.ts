import { roleAllows } from '../../../schema/access';
import { accessOf } from '../../../schema/registry';
import { errorResponses, idParams, idValue, statusValue } from '../../http/common';
import { actorOf } from '../audit';
import type { BulkAction } from '../statusAndRemoval';
import { HttpError } from '../../infra/errors';
import type { IdParams, RouteParts } from './routeParts';

/** `POST <toggle path>`: sets the status to the body's value, or flips it. */
export function toggleRoute({ app, entity, described, store, tags, config, target }: RouteParts) {
    if (!entity.paths.toggle) return;
    const toggleKey = entity.toggleKey ?? 'status';
    // The body's key is the entity's toggle key, known at run time: the generic names the body's type.
    app.post<{ Params: IdParams; Body: Partial<Record<string, 0 | 1>> | null }>(entity.paths.toggle, {
        config: config('toggle'),
        schema: {
            tags,
            summary: `Set or flip a ${entity.noun[0]}'s status`,
            description: `Sets the status to \`${toggleKey}\`, or flips it when the body names none.`,
            params: idParams,
            body: { type: ['object', 'null'], properties: { [toggleKey]: statusValue } },
            response: { 200: described.written, ...errorResponses },
        },
        handler: async (request) => {
            const status = request.body?.[toggleKey];
            const data = await store.toggle(await target(request, request.params.id), status, actorOf(request));
            return { success: true, message: entity.messages.toggled, data };
        },
    });
}

const bulkResponse = {
    type: 'object',
    properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        results: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, ok: { type: 'boolean' }, message: { type: 'string' } } } },
    },
};

/** Our addition, `POST <list path>/bulk`: one request, one transaction, for a selection of rows; refusals are answered per row. */
export function bulkRoute({ app, entity, store, tags, notTheirs }: RouteParts) {
    const { paths, noun } = entity;
    const actions = [...(paths.toggle ? ['activate', 'deactivate'] : []), ...(paths.remove ? ['delete'] : [])];
    if (!actions.length) return;
    // The actions are the entity's, known at run time: the generic names the body's type.
    app.post<{ Body: { ids: number[]; action: BulkAction } }>(`${paths.list.replace(/\/$/, '')}/bulk`, {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: `Activates, deactivates or deletes several ${noun[1]} at once`,
            body: {
                type: 'object',
                required: ['ids', 'action'],
                properties: {
                    ids: { type: 'array', minItems: 1, maxItems: 1000, items: idValue, 'x-message': 'Please choose between 1 and 1000 rows' },
                    action: { type: 'string', enum: actions, 'x-message': `The action must be one of: ${actions.join(', ')}` },
                },
            },
            response: { 200: bulkResponse, ...errorResponses },
        },
        handler: async (request) => {
            const { ids, action } = request.body;
            if (!roleAllows(accessOf(entity, action === 'delete' ? 'remove' : 'toggle'), request.user?.roleId ?? 0)) {
                throw new HttpError(403, 'Your account may not do this');
            }
            const { results, changed } = await store.bulk(ids, action, (row) => notTheirs(request, row), actorOf(request));
            const refused = results.length - changed;
            const done = { activate: 'activated', deactivate: 'deactivated', delete: 'deleted' }[action];
            const message = `${changed} ${changed === 1 ? noun[0] : noun[1]} ${done}${refused ? `, ${refused} refused` : ''}`;
            return { success: refused === 0, message, results };
        },
    });
}

/** `DELETE <remove path>`: the id in the path, or in the body where the legacy path has none. */
export function removeRoute({ app, entity, described, store, tags, config, target }: RouteParts) {
    const { paths } = entity;
    if (!paths.remove) return;
    const inBody = !paths.remove.includes(':id');
    // The id is in the path, or in the body where the path has none (chosen at run time): the generic names both,
    // and the handler reads the one this route's schema requires.
    app.delete<{ Params: IdParams; Body: IdParams }>(paths.remove, {
        config: config('remove'),
        schema: {
            tags,
            summary: `Delete a ${entity.noun[0]}`,
            ...(inBody ? { body: { type: 'object', required: ['id'], properties: { id: idValue } } } : { params: idParams }),
            response: { 200: described.removed, ...errorResponses },
        },
        handler: async (request) => {
            const existing = await target(request, inBody ? request.body.id : request.params.id);
            await store.remove(existing, actorOf(request));
            return { success: true, message: entity.messages.deleted ?? 'Deleted', data: { id: existing.id } };
        },
    });
}
