import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownsRow, roleAllows } from '../../schema/access';
import { accessOf, type Registry } from '../../schema/registry';
import { fieldMessage } from '../../schema/messages';
import { WINDOW_STATES, type EntitySchema, type Operation } from '../../schema/types';
import { errorResponses, idParams, idValue, statusValue } from '../schemas/common';
import { actorOf } from './audit';
import { describe } from './describe';
import type { Row, Values } from './rows';
import { badRequest, HttpError } from '../infra/errors';
import { contentRange, dropBlankParams, isBareList, isStockDialect, listQuerySchema, type ListQuery } from './list';
import { repository } from './repository';
import { jsonArray } from './jsonArray';

type IdParams = { id: number };

/**
 * Registers the legacy routes of one entity, as its schema describes them: list, read, create, update,
 * toggle and delete, each with the access the schema gives it.
 */
export function entityRoutes(app: FastifyInstance, entity: EntitySchema, registry: Registry) {
    const described = describe(entity, registry);
    const { record, written, removed, bodyProperties } = described;
    const store = repository(app, entity, described, registry);
    const tags = [entity.tag];
    const toggleKey = entity.toggleKey ?? 'status';
    const consumes = ['multipart/form-data', 'application/json'];
    const config = (operation: Operation) => ({ access: accessOf(entity, operation) });
    const { paths } = entity;

    /**
     * The row a write changes. When the entity records its creator, a seller changes only the rows they
     * created; administrators change any.
     */
    async function target(request: FastifyRequest, id: number = (request.params as IdParams).id): Promise<Row> {
        const existing = await store.find(id);
        const refusal = notTheirs(request, existing);
        if (refusal) throw new HttpError(403, refusal);
        return existing;
    }

    /** Why this caller may not change this row, if they may not: a seller and a row someone else created. */
    function notTheirs(request: FastifyRequest, row: Row): string | undefined {
        const user = request.user;
        return user && !ownsRow(entity, user, row) ? `You may change only the ${entity.noun[1]} you created` : undefined;
    }

    app.get(paths.list, {
        config: config('list'),
        preValidation: dropBlankParams,
        schema: {
            tags,
            querystring: withWindowFilter(listQuerySchema(store.listSpec), entity),
            response: {
                200: entity.envelope
                    ? {
                          anyOf: [
                              { type: 'object', properties: { success: { type: 'boolean' }, [entity.envelope]: { type: 'array', items: record } } },
                              { type: 'array', items: record },
                          ],
                      }
                    : { type: 'array', items: record },
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const query = request.query as ListQuery;
            if (isBareList(query)) {
                // Every row, streamed from the database as it is sent: memory stays flat however many there are.
                const stock = isStockDialect(request);
                const json = jsonArray(reply.compileSerializationSchema(record) as (value: unknown) => string, stock ? undefined : entity.envelope);
                const { total, chunks } = await store.stream(query, json.records);
                reply.header('X-Total-Count', total);
                if (stock) reply.header('Content-Range', contentRange(query, total, total));
                return reply.type('application/json; charset=utf-8').send(json.stream(chunks));
            }
            const { records, total, bodies } = await store.list(query);
            reply.header('X-Total-Count', total);
            const stock = isStockDialect(request);
            if (stock) reply.header('Content-Range', contentRange(query, records.length, total));
            // A kept answer (server/engine/list.ts, keptAnswers) is serialized once per form, by this route's own
            // serializer, and its bytes sent again while it stands.
            const form = stock ? 'stock' : 'legacy';
            let body = bodies.get(form);
            if (body === undefined) {
                const payload = stock || !entity.envelope ? records : { success: true, [entity.envelope]: records };
                body = (reply.getSerializationFunction('200') as (value: unknown) => string)(payload);
                bodies.set(form, body);
            }
            return reply.type('application/json; charset=utf-8').send(body);
        },
    });

    if (paths.item) {
        app.get(paths.item, {
            config: config('read'),
            schema: { tags, params: idParams, response: { 200: record, ...errorResponses } },
            handler: async (request) => store.read((request.params as IdParams).id),
        });
    }

    // The legacy `POST /add-Pagecategory` creates, or updates the row its body names: one route for both.
    const upsert = paths.create !== undefined && paths.update === paths.create;

    if (paths.create) {
        app.post(paths.create, {
            config: config('create'),
            schema: {
                tags,
                consumes,
                ...(upsert ? { description: 'Creates a row, or updates the row whose `id` the body names (then every field is optional).' } : {}),
                body: upsert
                    ? { type: 'object', properties: { id: idValue, ...bodyProperties } }
                    : { type: 'object', required: described.required, properties: bodyProperties },
                response: { 200: written, 201: written, ...errorResponses },
            },
            handler: async (request, reply) => {
                const body = request.body as Values;
                if (upsert && body.id !== undefined) {
                    if (!roleAllows(accessOf(entity, 'update'), request.user?.roleId ?? 0)) throw new HttpError(403, 'Your account may not do this');
                    const data = await store.update(await target(request, body.id as number), body, actorOf(request));
                    return { success: true, message: entity.messages.updated, data };
                }
                if (upsert) assertRequired(body);
                const data = await store.create(body, actorOf(request));
                reply.code(201);
                return { success: true, message: entity.messages.created, data };
            },
        });
    }

    if (paths.update && !upsert) {
        const inBody = !paths.update.includes(':id');
        app.post(paths.update, {
            config: config('update'),
            schema: {
                tags,
                consumes,
                description: 'Every field is optional: a field left out keeps its value, but none may be blanked.',
                ...(inBody ? {} : { params: idParams }),
                body: inBody
                    ? { type: 'object', required: ['id'], properties: { id: idValue, ...bodyProperties } }
                    : { type: ['object', 'null'], properties: bodyProperties },
                response: { 200: written, ...errorResponses },
            },
            handler: async (request) => {
                const body = (request.body ?? {}) as Values;
                const existing = await target(request, inBody ? (body.id as number) : undefined);
                const data = await store.update(existing, body, actorOf(request));
                return { success: true, message: entity.messages.updated, data };
            },
        });
    }

    /** What an upsert that creates must carry, checked by hand since the same body may also update. */
    function assertRequired(body: Values) {
        const errors = Object.fromEntries(
            described.required.filter((name) => body[name] === undefined).map((name) => [name, fieldMessage(name, entity.fields[name])]),
        );
        const first = Object.values(errors)[0];
        if (first) throw badRequest(first, errors);
    }

    if (paths.toggle) {
        app.post(paths.toggle, {
            config: config('toggle'),
            schema: {
                tags,
                description: `Sets the status to \`${toggleKey}\`, or flips it when the body names none.`,
                params: idParams,
                body: { type: ['object', 'null'], properties: { [toggleKey]: statusValue } },
                response: { 200: written, ...errorResponses },
            },
            handler: async (request) => {
                const status = (request.body as Values | null)?.[toggleKey] as number | undefined;
                const data = await store.toggle(await target(request), status, actorOf(request));
                return { success: true, message: entity.messages.toggled, data };
            },
        });
    }

    // Our addition: one request, one transaction, for a selection of rows; refusals are answered per row.
    const bulkActions = [...(paths.toggle ? ['activate', 'deactivate'] : []), ...(paths.remove ? ['delete'] : [])];
    if (bulkActions.length) {
        const bulkPath = `${paths.list.replace(/\/$/, '')}/bulk`;
        app.post(bulkPath, {
            config: { access: 'staff' },
            schema: {
                tags,
                summary: `Activates, deactivates or deletes several ${entity.noun[1]} at once`,
                body: {
                    type: 'object',
                    required: ['ids', 'action'],
                    properties: {
                        ids: { type: 'array', minItems: 1, maxItems: 1000, items: idValue, 'x-message': 'Please choose between 1 and 1000 rows' },
                        action: { type: 'string', enum: bulkActions, 'x-message': `The action must be one of: ${bulkActions.join(', ')}` },
                    },
                },
                response: {
                    200: {
                        type: 'object',
                        properties: {
                            success: { type: 'boolean' },
                            message: { type: 'string' },
                            results: {
                                type: 'array',
                                items: { type: 'object', properties: { id: { type: 'integer' }, ok: { type: 'boolean' }, message: { type: 'string' } } },
                            },
                        },
                    },
                    ...errorResponses,
                },
            },
            handler: async (request) => {
                const { ids, action } = request.body as { ids: number[]; action: 'activate' | 'deactivate' | 'delete' };
                if (!roleAllows(accessOf(entity, action === 'delete' ? 'remove' : 'toggle'), request.user?.roleId ?? 0)) {
                    throw new HttpError(403, 'Your account may not do this');
                }
                const { results, changed } = await store.bulk(ids, action, (row) => notTheirs(request, row), actorOf(request));
                const refused = results.length - changed;
                const done = { activate: 'activated', deactivate: 'deactivated', delete: 'deleted' }[action];
                const message = `${changed} ${changed === 1 ? entity.noun[0] : entity.noun[1]} ${done}${refused ? `, ${refused} refused` : ''}`;
                return { success: refused === 0, message, results };
            },
        });
    }

    if (paths.remove) {
        const inBody = !paths.remove.includes(':id');
        app.delete(paths.remove, {
            config: config('remove'),
            schema: {
                tags,
                ...(inBody ? { body: { type: 'object', required: ['id'], properties: { id: idValue } } } : { params: idParams }),
                response: { 200: removed, ...errorResponses },
            },
            handler: async (request) => {
                const existing = await target(request, inBody ? (request.body as IdParams).id : undefined);
                await store.remove(existing, actorOf(request));
                return { success: true, message: entity.messages.deleted ?? 'Deleted', data: { id: existing.id } };
            },
        });
    }

    return store;
}

/** The filters a list has beyond its columns: a date window's state, a range of days. */
function withWindowFilter<T extends object>(querystring: T, entity: EntitySchema): T {
    const { properties } = querystring as unknown as { properties: Record<string, object> };
    const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-message': 'Please give the day as YYYY-MM-DD' };
    return {
        ...querystring,
        properties: {
            ...properties,
            ...(entity.window ? { state: { type: 'string', enum: [...WINDOW_STATES] } } : {}),
            ...(entity.list.dateRange ? { from: { ...day, description: 'From this day' }, to: { ...day, description: 'To this day, included' } } : {}),
        },
    };
}
