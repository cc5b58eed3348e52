import { errorResponses, idParams } from '../../http/common';
import { badRequest } from '../../infra/errors';
import { actorOf } from '../audit';
import type { AnyDb, Row, Values } from '../rows';
import { claimPictures } from './claimPictures';
import { v1Body, withoutAnswered, withStatus } from './restRoutes';
import type { IdParams, RouteParts } from './routeParts';

/** The most variants one product has: a pack-size picker, not a second catalogue. */
export const MAX_VARIANTS = 100;

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
}

/** The first row of the product `row` belongs to (its own, or the one its parent names). */
const firstOf = (parts: RouteParts, row: Row) => {
    const parent = row[parts.entity.variants!.parent] as number | null;
    return parent == null ? row : parts.store.find(parent);
};

/** The ids of a product's variants, its own row first, then by position. */
async function familyIds(parts: RouteParts, firstId: number): Promise<number[]> {
    const { parent, position } = parts.entity.variants!;
    const rows = await (parts.app.db as unknown as AnyDb)
        .selectFrom(parts.entity.table)
        .select('id')
        .where((eb) => eb.or([eb('id', '=', firstId), eb(parent, '=', firstId)]))
        .orderBy(position)
        .orderBy('id')
        .execute();
    return rows.map((row) => Number(row.id));
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
        handler: async (request) => {
            const first = await firstOf(parts, await store.find(request.params.id));
            const ids = await familyIds(parts, first.id);
            const records: Values[] = [];
            for (const id of ids) records.push(await store.read(id));
            return records;
        },
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
            if ((await familyIds(parts, first.id)).length >= MAX_VARIANTS) throw badRequest(`A ${entity.noun[0]} has at most ${MAX_VARIANTS} variants`);
            const body = { ...Object.fromEntries(shared.map((name) => [name, first[name]])), ...withoutAnswered(parts, request.body), [parent]: first.id };
            await claimPictures(parts, request, body);
            return reply.code(201).send(await store.create(body, actorOf(request)));
        },
    });
}
