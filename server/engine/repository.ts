import type { FastifyInstance } from 'fastify';
import type { Registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import type { Actor } from './audit';
import type { Description } from './describe';
import { entityParts } from './entityParts';
import type { EntityHooks } from './hooks';
import { listReader, listSpecOf } from './list';
import { present } from './records';
import type { AnyDb, Row, Values } from './rows';
import { save } from './saveRecord';
import { bulk, remove, toggle, type BulkAction } from './statusAndRemoval';
import { familyRows, orderVariants } from './variants';

/**
 * The reads and writes of one entity, as its schema describes them (and its hooks add to); the routes only call
 * these. Each step lives in a file of its own: saveRecord.ts, list/ (index.ts), statusAndRemoval.ts, rowRules.ts.
 */
export function repository(app: FastifyInstance, entity: EntitySchema, described: Description, registry: Registry, hooks?: EntityHooks) {
    const parts = entityParts(app, entity, described, registry, hooks);
    const listSpec = listSpecOf(parts);
    const lists = listReader(parts, listSpec);
    const today = () => (entity.window ? app.shopClock.today() : undefined);
    const read = async (id: number) => (await present(parts, [await parts.find(id)], await today()))[0];
    /** The records of the product `id` is a row of (schema/types.ts `variants`): its own first, then its variants by place. */
    const family = async (id: number) => {
        const row = await parts.find(id);
        const parent = row[entity.variants!.parent] as number | null;
        return present(parts, await familyRows(parts, parts.db, parent ?? row.id), await today());
    };

    return {
        listSpec,
        find: parts.find,
        read,
        family,
        /** Puts the product's variants (its first row is `firstId`) in the order of `ids`, all or none; answers the family. */
        async orderVariants(firstId: number, ids: number[], actor: Actor = {}) {
            await parts.db.transaction().execute((trx) => orderVariants(parts, trx, firstId, ids, actor));
            return family(firstId);
        },
        list: lists.list,
        readAhead: lists.readAhead,
        stream: lists.stream,
        create: async (body: Values, actor: Actor = {}) => read(await save(parts, body, actor)),
        /**
         * A create inside the caller's transaction (a CSV import: all rows or none), with the same checks,
         * audit line, hooks and unique answers as `create`; answers the new id. Files are not taken here.
         */
        createWithin: (trx: AnyDb, body: Values, actor: Actor = {}) => save(parts, body, actor, undefined, trx),
        update: async (existing: Row, body: Values, actor: Actor = {}) => read(await save(parts, body, actor, existing)),
        /** An update inside the caller's transaction (a bulk edit: all rows or none), with `update`'s checks, audit line and hooks. */
        updateWithin: (trx: AnyDb, existing: Row, body: Values, actor: Actor = {}) => save(parts, body, actor, existing, trx),
        /** Sets the status, or flips it when none is given. */
        async toggle(existing: Row, status: number | undefined, actor: Actor = {}) {
            await toggle(parts, existing, status, actor);
            return read(existing.id);
        },
        bulk: (ids: number[], action: BulkAction, allowed: (row: Row) => string | undefined, actor: Actor = {}) => bulk(parts, ids, action, allowed, actor),
        remove: (existing: Row, actor: Actor = {}) => remove(parts, existing, actor),
    };
}

export type Repository = ReturnType<typeof repository>;
