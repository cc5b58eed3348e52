import { ownsRow, roleAllows } from '../../schema/access';
import { accessOf } from '../../schema/registry';
import type { EntitySchema, Operation } from '../../schema/types';

/** react-admin's access-control actions, as the schema's operations. */
const OPERATIONS: Record<string, Operation> = {
    list: 'list',
    export: 'list',
    show: 'read',
    create: 'create',
    clone: 'create',
    edit: 'update',
    toggle: 'toggle',
    delete: 'remove',
};

export interface Someone {
    id: number;
    roleId: number;
}

/**
 * What the API would allow this person, so the app can hide what would be refused: the schema's access for
 * the action, and for sellers, only rows they created where the entity records its creator. The API
 * enforces the same table (server/engine/routes/routeParts.ts); this only spares people buttons that cannot work.
 */
export function roleMay(who: Someone, entity: EntitySchema | undefined, action: string, record?: Record<string, unknown>): boolean {
    const operation = OPERATIONS[action];
    if (!entity || !operation) return true;
    if (!roleAllows(accessOf(entity, operation), who.roleId)) return false;
    const changesRow = record && ['update', 'toggle', 'remove'].includes(operation);
    return !changesRow || ownsRow(entity, who, record);
}
