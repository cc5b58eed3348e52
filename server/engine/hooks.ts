import type { FastifyInstance } from 'fastify';
import type { Actor } from './audit';
import type { AnyDb, Row, Values } from './rows';

/**
 * What a hook is given: the write's transaction (what it reads and writes through `trx` is part of the save, and
 * a throw undoes all of it, files included), who is writing, and the app (its config, its mail queue).
 */
export interface HookContext {
    trx: AnyDb;
    actor: Actor;
    app: FastifyInstance;
}

/**
 * Rules a schema cannot say (stock taken with an order, a mail after a change), kept beside their entity in
 * server/features/<feature>/ and run by the engine inside the write's transaction, after the schema's own checks.
 * A `before` hook may refuse (throw an HttpError: the client gets its status and sentence) or answer the column
 * values to write instead; an `after` hook sees the row as written. A toggle and a bulk activate or deactivate
 * are updates of `status`; a bulk delete runs the delete hooks row by row.
 */
export interface EntityHooks {
    beforeCreate?(values: Values, context: HookContext): Promise<Values | void>;
    afterCreate?(row: Row, context: HookContext): Promise<void>;
    beforeUpdate?(values: Values, existing: Row, context: HookContext): Promise<Values | void>;
    afterUpdate?(row: Row, existing: Row, context: HookContext): Promise<void>;
    beforeDelete?(existing: Row, context: HookContext): Promise<void>;
    afterDelete?(existing: Row, context: HookContext): Promise<void>;
}

/** Every entity's hooks by entity name (server/features/entityHooks.ts lists the features' ones). */
export type HooksByEntity = Record<string, EntityHooks>;

/** The row as the write left it, read through the transaction, for an `after` hook. */
export const rowAfter = async (trx: AnyDb, table: string, id: number): Promise<Row> =>
    (await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;

/**
 * Runs the update hooks around a write of `values` to an existing row: the before hook may change the values,
 * the after hook sees the row as written. Without hooks, only `write` runs.
 */
export async function aroundUpdate(hooks: EntityHooks, table: string, existing: Row, values: Values, context: HookContext, write: (values: Values) => Promise<void>) {
    const changed = (await hooks.beforeUpdate?.(values, existing, context)) ?? values;
    await write(changed);
    if (hooks.afterUpdate) await hooks.afterUpdate(await rowAfter(context.trx, table, existing.id), existing, context);
}

/** Runs the delete hooks around the delete of one row. */
export async function aroundDelete(hooks: EntityHooks, existing: Row, context: HookContext, remove: () => Promise<void>) {
    await hooks.beforeDelete?.(existing, context);
    await remove();
    await hooks.afterDelete?.(existing, context);
}
