import type { FastifyRequest } from 'fastify';
import { errorResponses, idParams, statusValue } from '../../http/common';
import { actorOf } from '../audit';
import type { Values } from '../rows';
import { claimPictures } from './claimPictures';
import { listRoute } from './listRoute';
import type { IdParams, RouteParts } from './routeParts';
import { changesOnly } from './changesOnly';
import { resourceNames } from './resourceNames';
import { notOffered } from './stockAnswers';
import { MAKE_MAIN, orderField } from '../gallery';
import { capital } from '../../../schema/messages';
import type { EntitySchema } from '../../../schema/types';
import { refuseUnknown } from '../../http/unknownKeys';

/**
 * `/api/v1/<resource>`: the stock REST shape that react-admin's `ra-data-simple-rest` and integrators expect,
 * beside the legacy paths and from the same store, so the checks, messages, permissions, audit lines and hooks
 * are the same. Plain JSON records in and out: `POST` answers 201 with the record, `PUT` takes the whole
 * record or only the fields to change, `DELETE` answers the record it deleted. Pictures are addresses here: the
 * url of an upload (routes/uploadRoute.ts) or of a picture the shop shows, each record taking a copy of its own.
 * An entity the legacy API never writes (the activity log) is read-only here too. Each entity answers under its
 * own name and the names its reference fields make (resourceNames.ts).
 */
export function restRoutes(parts: RouteParts) {
    for (const name of resourceNames(parts.entity, parts.registry)) {
        const base = `/v1/${name}`;
        listRoute(parts, { path: base, stockOnly: true });
        readOne(parts, base);
        if (!parts.entity.paths.create) {
            readOnly(parts, base);
            continue;
        }
        createOne(parts, base);
        updateOne(parts, base);
        deleteOne(parts, base);
    }
}

const VERBS = { POST: 'Change', PUT: 'Update', PATCH: 'Update', DELETE: 'Delete' } as const;

/**
 * A resource the server alone writes (the activity log): every write answers 405 with `Allow: GET`, saying why,
 * at its `/api/v1` path and, with `legacy`, at its legacy one too (where an update is a POST to the record).
 */
export function readOnly({ app, entity, tags, config }: RouteParts, base: string, legacy = false) {
    const message = `${capital(entity.noun[1])} are read-only: the server writes them as changes happen`;
    const access = config('list').access;
    notOffered(app, { method: 'POST', url: base, tags, access, allow: 'GET', summary: `Create a ${entity.noun[0]} (not offered)`, message });
    const methods = legacy ? (['POST', 'PUT', 'PATCH', 'DELETE'] as const) : (['PUT', 'PATCH', 'DELETE'] as const);
    for (const method of methods) {
        notOffered(app, { method, url: `${base}/:id`, tags, access, allow: 'GET', summary: `${VERBS[method]} a ${entity.noun[0]} (not offered)`, message });
    }
}

function readOne({ app, entity, described, store, tags, config }: RouteParts, base: string) {
    // Built at run time from the entity's schema, as every engine route is: the generic names what the path holds.
    app.get<{ Params: IdParams }>(`${base}/:id`, {
        config: config('read'),
        schema: { tags, summary: `Read one ${entity.noun[0]}`, params: idParams, response: { 200: described.record, ...errorResponses } },
        handler: async (request) => store.read(request.params.id),
    });
}

const pictureUrl = {
    type: ['string', 'null'],
    maxLength: 2000,
    'x-message': 'A picture is the url of an upload (POST /api/v1/uploads) or of a picture this shop shows',
    description: 'The url of an upload (POST /api/v1/uploads) or of a picture this shop shows; the record keeps a copy of its own. Empty or null removes it',
};

/**
 * What a v1 body may carry: the fields, pictures as addresses (a gallery as its whole list, which replaces the
 * legacy body's remove, order and make-main fields), and the status a write may set along with them.
 */
export const withStatus = ({ described, entity }: RouteParts) => {
    const properties: Record<string, object> = { ...described.bodyProperties };
    for (const field of described.images) properties[field] = { ...pictureUrl, ...(entity.fields[field].required ? { type: 'string' } : {}) };
    const gallery = described.gallery;
    if (gallery) {
        delete properties[gallery.removeField];
        delete properties[orderField(gallery.field)];
        delete properties[MAKE_MAIN];
        properties[gallery.field] = { type: 'array', maxItems: gallery.max, items: { type: 'string', maxLength: 2000 }, 'x-message': pictureUrl['x-message'], description: `The gallery's pictures in order, as urls (see the image fields); left out, it is unchanged. At most ${gallery.max}` };
    }
    return { ...properties, status: entity.paths.toggle ? statusValue : alwaysActive(entity) };
};

/**
 * A resource without a status switch answers `status` (always 1) but has no way to change it: a body that asks
 * for another value is refused with the reason, never kept silently.
 */
const alwaysActive = (entity: EntitySchema) => ({
    type: 'integer',
    enum: [1],
    'x-message': `${capital(entity.noun[1])} have no status switch: they are always active (1)`,
    description: 'Always 1: this resource has no status switch',
});

/**
 * The v1 body: what it writes, plus the fields the record answers and no write takes (id, timestamps, joined
 * names), which react-admin sends back and which are accepted and ignored. Any other key is refused, naming it.
 */
export function v1Body(parts: RouteParts, required?: string[], writes: Record<string, unknown> = withStatus(parts)) {
    const answered = answeredOnly(parts);
    const readBack = Object.fromEntries(answered.map((name) => [name, { readOnly: true, description: 'Answered by the API; sent back, it is ignored' }]));
    return {
        type: 'object',
        ...(required ? { required } : {}),
        properties: { ...writes, ...readBack },
        additionalProperties: refuseUnknown(`Unknown field {name}; this resource takes: ${Object.keys(writes).join(', ')}`),
    };
}

/** The record's fields that no write takes. */
const answeredOnly = (parts: RouteParts) => {
    const writes = withStatus(parts);
    return Object.keys(parts.described.record.properties).filter((name) => !(name in writes));
};

/** A body without the answered-only fields: they are not writes. */
export const withoutAnswered = (parts: RouteParts, body: Values) => {
    const answered = new Set(answeredOnly(parts));
    return Object.fromEntries(Object.entries(body).filter(([name]) => !answered.has(name)));
};

/**
 * Where the schema fixes the status a save leaves (`onSave.status`: attributes inactive, GST rates and pincodes
 * active), a create takes no status: the legacy create saves that status whatever is sent, and one rule holds
 * on both routes. The status is changed afterwards by the toggle (or `PUT {status}`), as on the legacy path.
 */
const createsWithStatus = ({ entity }: RouteParts) => entity.onSave?.status === undefined;

/** The create's body: a status it ignores (where the schema fixes one) says so; it is still checked, as on an update. */
function createProperties(parts: RouteParts) {
    const properties = withStatus(parts);
    if (createsWithStatus(parts) || !properties.status) return properties;
    const fixed = parts.entity.onSave!.status;
    return { ...properties, status: { ...statusValue, description: `Ignored on create: saved as ${fixed} whatever is sent, as on the legacy create; changed afterwards with PUT {status}` } };
}

function createOne(parts: RouteParts, base: string) {
    const { app, entity, described, store, tags, config } = parts;
    // Built at run time from the entity's schema, as every engine route is: the generic names the body's type.
    app.post<{ Body: Values }>(base, {
        config: config('create'),
        schema: {
            tags,
            summary: `Create a ${entity.noun[0]}`,
            description: 'A JSON record. Fields the record answers but no write takes (such as `id`) are ignored; any other unknown field is refused (400). Answers 201 with the record.',
            body: v1Body(parts, described.required, createProperties(parts)),
            response: { 201: described.record, ...errorResponses },
        },
        handler: async (request, reply) => {
            const body = withoutAnswered(parts, request.body);
            await claimPictures(parts, request, body);
            const created = await store.create(body, actorOf(request));
            const record = createsWithStatus(parts) ? await setStatus(parts, request, created, body.status) : created;
            return reply.code(201).send(record);
        },
    });
}

function updateOne(parts: RouteParts, base: string) {
    const { app, entity, store, tags, config, target } = parts;
    // Built at run time from the entity's schema, as every engine route is: the generic names the body's type.
    app.put<{ Params: IdParams; Body: Values }>(`${base}/:id`, {
        config: config('update'),
        // The body is cut to what differs from the stored record before it is checked: react-admin sends the
        // whole record back, read-only fields and unchanged blanks included, and only changes are writes.
        preValidation: changesOnly((id) => store.read(id), Object.keys(withStatus(parts)), answeredOnly(parts)),
        schema: {
            tags,
            summary: `Update a ${entity.noun[0]}`,
            description: 'The whole record, or only the fields to change; fields equal to the stored ones, and those the record answers but no write takes, are left alone. Any other unknown field is refused (400). Answers the record.',
            params: idParams,
            body: v1Body(parts),
            response: { 200: parts.described.record, ...errorResponses },
        },
        handler: async (request) => {
            const { status, ...fields } = request.body;
            const existing = await target(request, request.params.id);
            await claimPictures(parts, request, fields, await store.read(existing.id));
            const updated = Object.keys(fields).length ? await store.update(existing, fields, actorOf(request)) : await store.read(existing.id);
            return setStatus(parts, request, updated, status);
        },
    });
}

function deleteOne({ app, entity, described, store, tags, config, target }: RouteParts, base: string) {
    // Built at run time from the entity's schema, as every engine route is: the generic names what the path holds.
    app.delete<{ Params: IdParams }>(`${base}/:id`, {
        config: config('remove'),
        schema: { tags, summary: `Delete a ${entity.noun[0]}`, params: idParams, response: { 200: described.record, ...errorResponses } },
        handler: async (request) => {
            const existing = await target(request, request.params.id);
            const record = await store.read(existing.id);
            await store.remove(existing, actorOf(request));
            return record;
        },
    });
}

/** A status the body names and the record does not have, set as the legacy toggle sets it (audit line included). */
async function setStatus({ store }: RouteParts, request: FastifyRequest, record: Values, status: unknown): Promise<Values> {
    if (status === undefined || status === record.status) return record;
    return store.toggle(await store.find(record.id as number), status as number, actorOf(request));
}
