import { defineEntity } from './types';

const ACTIONS = [
    'create',
    'update',
    'toggle',
    'delete',
    'bulk-activate',
    'bulk-deactivate',
    'bulk-delete',
    'import',
    'role',
    'account',
    'sign-in',
    'sign-out',
    'code-burst',
    'stock',
] as const;

/**
 * The activity log: every staff change and sign-in event, written by the server in the change's own
 * transaction (server/engine/audit.ts). Read-only: the schema offers no path to create, change or delete a line.
 */
export const activity = defineEntity({
    name: 'activity',
    table: 'auditLog',
    noun: ['activity', 'activities'],
    tag: 'Activity',
    paths: { list: '/activity', item: '/activity/:id' },
    fields: {
        userEmail: { type: 'email', readOnly: true },
        action: { type: 'enum', choices: ACTIONS, readOnly: true },
        entity: { type: 'text', readOnly: true },
        record: { type: 'integer', readOnly: true },
        changes: { type: 'json', readOnly: true, description: 'Field by field, what it was and what it became: `{field: {before, after}}` (`before` absent on a create, `after` on a delete), amounts in rupees as every record answers them; secrets are never recorded' },
        ip: { type: 'text', readOnly: true },
        userId: { type: 'integer', readOnly: true },
    },
    access: { list: 'admin', read: 'admin' },
    list: {
        search: ['userEmail', 'entity'],
        sort: ['createdAt', 'id'],
        filters: ['userEmail', 'action', 'entity', 'record'],
        columns: ['createdAt', 'userEmail', 'action', 'entity', 'record', 'changes', 'ip'],
        dateRange: 'createdAt',
        defaultOrder: 'DESC',
    },
    messages: { created: '', updated: '', toggled: '', notFound: 'Activity not found' },
    representation: 'action',
    icon: 'History',
});
