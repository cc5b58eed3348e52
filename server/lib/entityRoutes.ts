import type { FastifyInstance } from 'fastify';
import { errorResponses, idParams } from '../schemas/common';
import { entitySchemas, type EntityDefinition, type Values } from './entity';
import { dropBlankParams, listQuerySchema, type ListQuery } from './list';
import { repository } from './repository';

export type { EntityDefinition } from './entity';

type IdParams = { id: number };

/** Registers the legacy routes of one entity: list, read, create, update, toggle and delete. */
export function entityRoutes(app: FastifyInstance, def: EntityDefinition) {
    const config = { access: def.access ?? 'staff' };
    const tags = [def.tag];
    const toggleKey = def.toggleKey ?? 'status';
    const { record, written, removed, bodyProperties } = entitySchemas(def);
    const store = repository(app, def);
    const consumes = ['multipart/form-data', 'application/json'];

    app.get(def.paths.list, {
        config,
        preValidation: dropBlankParams,
        schema: {
            tags,
            querystring: listQuerySchema(def.list),
            response: {
                200: def.listEnvelope
                    ? { type: 'object', properties: { success: { type: 'boolean' }, [def.listEnvelope]: { type: 'array', items: record } } }
                    : { type: 'array', items: record },
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const { records, total } = await store.list(request.query as ListQuery);
            reply.header('X-Total-Count', total);
            return def.listEnvelope ? { success: true, [def.listEnvelope]: records } : records;
        },
    });

    if (def.paths.item) {
        app.get(def.paths.item, {
            config,
            schema: { tags, params: idParams, response: { 200: record, ...errorResponses } },
            handler: async (request) => store.read((request.params as IdParams).id),
        });
    }

    if (def.paths.create) {
        app.post(def.paths.create, {
            config,
            schema: {
                tags,
                consumes,
                body: { type: 'object', required: def.required, properties: bodyProperties },
                response: { 201: written, ...errorResponses },
            },
            handler: async (request, reply) => {
                const data = await store.create(request.body as Values, request.user?.id);
                reply.code(201);
                return { success: true, message: def.messages.created, data };
            },
        });
    }

    if (def.paths.update) {
        app.post(def.paths.update, {
            config,
            schema: {
                tags,
                consumes,
                description: 'Every field is optional: a field left out keeps its value, but none may be blanked.',
                params: idParams,
                body: { type: ['object', 'null'], properties: bodyProperties },
                response: { 200: written, ...errorResponses },
            },
            handler: async (request) => {
                const data = await store.update((request.params as IdParams).id, (request.body ?? {}) as Values);
                return { success: true, message: def.messages.updated, data };
            },
        });
    }

    if (def.paths.toggle) {
        app.post(def.paths.toggle, {
            config,
            schema: {
                tags,
                description: `Sets the status to \`${toggleKey}\`, or flips it when the body names none.`,
                params: idParams,
                body: { type: ['object', 'null'], properties: { [toggleKey]: { type: 'integer', enum: [0, 1], 'x-message': 'Status must be 1 (active) or 0 (inactive)' } } },
                response: { 200: written, ...errorResponses },
            },
            handler: async (request) => {
                const status = (request.body as Values | null)?.[toggleKey] as number | undefined;
                const data = await store.toggle((request.params as IdParams).id, status);
                return { success: true, message: def.messages.toggled, data };
            },
        });
    }

    if (def.paths.remove) {
        app.delete(def.paths.remove, {
            config,
            schema: { tags, params: idParams, response: { 200: removed, ...errorResponses } },
            handler: async (request) => {
                const { id } = request.params as IdParams;
                await store.remove(id);
                return { success: true, message: def.messages.deleted ?? 'Deleted', data: { id } };
            },
        });
    }
}
