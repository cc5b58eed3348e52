import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { EntityHooks, HooksByEntity } from '../../engine/hooks';
import { DELETE_EVENTS } from '../../../schema/webhooks';
import { announce } from './announce';

/**
 * Each entity's hooks with its `<resource>.deleted` event after a delete, in the delete's transaction (a bulk
 * delete sends one a row): a mirror kept by webhooks removes the row, which no other event would tell it.
 */
export function withDeleteEvents(hooks: HooksByEntity): HooksByEntity {
    const all: HooksByEntity = { ...hooks };
    for (const [entity, event] of Object.entries(DELETE_EVENTS)) {
        const own: EntityHooks = hooks[entity] ?? {};
        all[entity] = {
            ...own,
            afterDelete: async (existing, context) => {
                await own.afterDelete?.(existing, context);
                await announce(context.trx as Kysely<Database>, event, { id: existing.id, resource: entity, deletedAt: new Date().toISOString() });
            },
        };
    }
    return all;
}
