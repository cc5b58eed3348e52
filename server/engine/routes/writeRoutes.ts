import { roleAllows } from '../../../schema/access';
import { fieldMessage } from '../../../schema/messages';
import { accessOf } from '../../../schema/registry';
import { errorResponses, idParams, idValue } from '../../http/common';
import { actorOf } from '../audit';
import { badRequest, HttpError } from '../../infra/errors';
import { CONSUMES, type IdParams, type RouteParts, type WriteBody } from './routeParts';

/** `GET <item path>`: one record. */
export function readRoute({ app, entity, described, store, tags, config }: RouteParts) {
    if (!entity.paths.item) return;
    // Built at run time from the entity's schema, as every engine route is: the generic names what the path holds.
    app.get<{ Params: IdParams }>(entity.paths.item, {
        config: config('read'),
        schema: { tags, summary: `Read one ${entity.noun[0]}`, params: idParams, response: { 200: described.record, ...errorResponses } },
        handler: async (request) => store.read(request.params.id),
    });
}

/**
 * `POST <create path>`: a new row (201). The legacy `POST /add-Pagecategory` also updates the row its body
 * names: one route for both, when the update path is the create path.
 */
export function createRoute(parts: RouteParts) {
    const { app, entity, described, store, tags, config, target } = parts;
    const { paths } = entity;
    if (!paths.create) return;
    const upsert = paths.update === paths.create;
    // Built at run time from the entity's schema, as every engine route is: the generic names the body's type (an id
    // only on an upsert).
    app.post<{ Body: Partial<WriteBody> }>(paths.create, {
        config: config('create'),
        schema: {
            tags,
            summary: upsert ? `Create a ${entity.noun[0]}, or update the one the body names` : `Create a ${entity.noun[0]}`,
            consumes: CONSUMES,
            ...(upsert ? { description: 'Creates a row, or updates the row whose `id` the body names (then every field is optional).' } : {}),
            body: upsert
                ? { type: 'object', properties: { id: idValue, ...described.bodyProperties } }
                : { type: 'object', required: described.required, properties: described.bodyProperties },
            response: { 200: described.written, 201: described.written, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { body } = request;
            if (upsert && body.id !== undefined) {
                if (!roleAllows(accessOf(entity, 'update'), request.user?.roleId ?? 0)) throw new HttpError(403, 'Your account may not do this');
                const data = await store.update(await target(request, body.id), body, actorOf(request));
                return { success: true, message: entity.messages.updated, data };
            }
            if (upsert) assertRequired(parts, body);
            const data = await store.create(body, actorOf(request));
            reply.code(201);
            return { success: true, message: entity.messages.created, data };
        },
    });
}

/** `POST <update path>`: the id in the path, or in the body where the legacy path has none. */
export function updateRoute({ app, entity, described, store, tags, config, target }: RouteParts) {
    const { paths } = entity;
    if (!paths.update || paths.update === paths.create) return;
    const inBody = !paths.update.includes(':id');
    // Built at run time from the entity's schema, as every engine route is: the generic names the body's type. The id
    // is in the path, or in the body where the path has none (that body is then required, with its id).
    app.post<{ Params: IdParams; Body: WriteBody | null }>(paths.update, {
        config: config('update'),
        schema: {
            tags,
            summary: `Update a ${entity.noun[0]}`,
            consumes: CONSUMES,
            description: 'Every field is optional: a field left out keeps its value, but none may be blanked.',
            ...(inBody ? {} : { params: idParams }),
            body: inBody
                ? { type: 'object', required: ['id'], properties: { id: idValue, ...described.bodyProperties } }
                : { type: ['object', 'null'], properties: described.bodyProperties },
            response: { 200: described.written, ...errorResponses },
        },
        handler: async (request) => {
            const body = request.body ?? {};
            const existing = await target(request, inBody ? request.body!.id : request.params.id);
            const data = await store.update(existing, body, actorOf(request));
            return { success: true, message: entity.messages.updated, data };
        },
    });
}

/** What an upsert that creates must carry, checked by hand since the same body may also update. */
function assertRequired({ entity, described }: RouteParts, body: Partial<WriteBody>) {
    const errors = Object.fromEntries(described.required.filter((name) => body[name] === undefined).map((name) => [name, fieldMessage(name, entity.fields[name])]));
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first, errors);
}
