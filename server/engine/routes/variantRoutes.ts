import { errorResponses, idParams, idValue } from '../../http/common';
import { badRequest } from '../../infra/errors';
import { actorOf } from '../audit';
import type { Values } from '../rows';
import { MAX_VARIANTS } from '../variants';
import { claimPictures } from './claimPictures';
import { v1Body, withoutAnswered, withStatus } from './restRoutes';
import type { IdParams, RouteParts } from './routeParts';

/**
 * `/api/v1/<resource>/{id}/variants` for an entity with variants (schema/types.ts): a product's variants in
 * their order, its own row first, and a new variant added to it. A variant is a record of the resource itself,
 * read, changed and deleted at `/api/v1/<resource>/{variant id}`.
 */
export function variantRoutes(parts: RouteParts) {
    const spec = parts.entity.variants;
    if (!spec) return;
    const base = `/v1/${parts.entity.name}/:id/variants`;
    listVariants(parts, base);
    addVariant(parts, base);
    orderVariants(parts, base);
}

function listVariants(parts: RouteParts, base: string) {
    const { app, entity, described, store, tags, config } = parts;
    app.get<{ Params: IdParams }>(base, {
        config: config('read'),
        schema: {
            tags,
            summary: `The variants of a ${entity.noun[0]}`,
            description: `Its own row first (position 1), then the others in their order; the id of any variant answers the whole ${entity.noun[0]}'s.`,
            params: idParams,
            response: { 200: { type: 'array', items: described.record }, ...errorResponses },
        },
        handler: (request) => store.family(request.params.id),
    });
}

function addVariant(parts: RouteParts, base: string) {
    const { app, entity, store, tags, config } = parts;
    const { parent, position, shared } = entity.variants!;
    const own = Object.fromEntries(Object.entries(withStatus(parts)).filter(([name]) => !shared.includes(name) && name !== parent && name !== position));
    app.post<{ Params: IdParams; Body: Values }>(base, {
        config: config('create'),
        schema: {
            tags,
            summary: `Add a variant to a ${entity.noun[0]}`,
            description: `What sets the variant apart (its option, price, MRP, stock, SKU, barcode, weight, picture); it shares the ${entity.noun[0]}'s ${shared.join(', ')}. Answers 201 with the variant's record.`,
            params: idParams,
            body: v1Body(parts, [entity.variants!.option, ...parts.described.required.filter((name) => name in own)], own),
            response: { 201: parts.described.record, ...errorResponses },
        },
        handler: async (request, reply) => {
            const first = await store.find(request.params.id);
            if (first[parent] != null) throw badRequest(`This is a variant; add variants to its ${entity.noun[0]}, ${first[parent]}`);
            // The shared fields and the variant's place are set by the save itself (asVariant, placeVariant).
            const body = { ...withoutAnswered(parts, request.body), [parent]: first.id };
            await claimPictures(parts, request, body);
            return reply.code(201).send(await store.create(body, actorOf(request)));
        },
    });
}

function orderVariants(parts: RouteParts, base: string) {
    const { app, entity, described, store, tags, config, target } = parts;
    app.put<{ Params: IdParams; Body: { ids: number[] } }>(`${base}/order`, {
        config: config('update'),
        schema: {
            tags,
            summary: `Put a ${entity.noun[0]}'s variants in order`,
            description: `\`ids\`: each of the ${entity.noun[0]}'s variants once, in the order its lists, forms and pickers show them; its own row stays first. All or none. Answers the variants as GET does.`,
            params: idParams,
            body: {
                type: 'object',
                required: ['ids'],
                additionalProperties: false,
                properties: { ids: { type: 'array', minItems: 1, maxItems: MAX_VARIANTS, items: idValue, 'x-message': `Please list the variants' ids, from 1 to ${MAX_VARIANTS}` } },
            },
            response: { 200: { type: 'array', items: described.record }, ...errorResponses },
        },
        handler: async (request) => {
            const first = await target(request, request.params.id);
            const parent = first[entity.variants!.parent];
            if (parent != null) throw badRequest(`This is a variant; put the variants of its ${entity.noun[0]}, ${parent}, in order`);
            return store.orderVariants(first.id, request.body.ids, actorOf(request));
        },
    });
}
