import type { FastifyRequest } from 'fastify';
import type { AnyDb, Values } from './rows';
import { nowIso } from '../infra/time';
import { entities } from '../../schema';
import { decimalRule, isDecimalType } from '../../schema/fields';
import { fromUnits } from './money';

/** Who did something, and from where: the signed-in user and the client's address. */
export interface Actor {
    userId?: number;
    email?: string;
    ip?: string;
}

export const actorOf = (request: FastifyRequest): Actor => ({ userId: request.user?.id, email: request.user?.email, ip: request.ip });

export type AuditAction =
    | 'create'
    | 'update'
    | 'toggle'
    | 'delete'
    | 'bulk-activate'
    | 'bulk-deactivate'
    | 'bulk-delete'
    | 'import'
    | 'role'
    | 'account'
    | 'sign-in'
    | 'sign-out'
    | 'code-burst'
    | 'stock';

export interface AuditEntry {
    action: AuditAction;
    /** The resource name (`products`), or `users`/`sessions` for people's events. */
    entity: string;
    record?: number | null;
    /** Field by field, what it was and what it became; a schema entity's amounts as stored (recordAudit answers them in rupees). */
    changes?: Record<string, { before?: unknown; after?: unknown }>;
}

// Never written down, whatever table they come from.
const SECRET = /password|token|secret|hash|otp|code_?hash/i;

/** The fields that differ between two versions of a row (`before` absent on create, `after` on delete), secrets left out. */
export function changesOf(before: Values | undefined, after: Values | undefined): AuditEntry['changes'] {
    const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
    const changes: NonNullable<AuditEntry['changes']> = {};
    for (const key of keys) {
        if (SECRET.test(key) || key === 'updatedAt' || key === 'createdAt') continue;
        const was = before?.[key];
        const is = after?.[key];
        if (before && after && !(key in after)) continue;
        if (JSON.stringify(was) === JSON.stringify(is)) continue;
        changes[key] = { ...(before ? { before: was ?? null } : {}), ...(after ? { after: is ?? null } : {}) };
    }
    return changes;
}

/** Each schema entity's amounts (money, percent) and their decimals, by the name audit lines give the entity. */
const AMOUNTS = new Map(
    entities.map((entity) => [entity.name, new Map(Object.entries(entity.fields).filter(([, field]) => isDecimalType(field.type)).map(([name, field]) => [name, decimalRule(name, field).places]))]),
);

/**
 * The changes in the API's own units: a row's amounts are integers of their smallest unit (paise), and the log
 * answers them as every record does (rupees), so `price: {before: 78, after: 79}` reads as the product did.
 */
export function inApiUnits(entity: string, changes: NonNullable<AuditEntry['changes']>): NonNullable<AuditEntry['changes']> {
    const amounts = AMOUNTS.get(entity);
    if (!amounts?.size) return changes;
    const unit = (value: unknown, places: number) => (typeof value === 'number' ? fromUnits(value, places) : value);
    return Object.fromEntries(
        Object.entries(changes).map(([name, change]) => {
            const places = amounts.get(name);
            if (places === undefined || !change || typeof change !== 'object') return [name, change];
            return [name, Object.fromEntries(Object.entries(change).map(([side, value]) => [side, unit(value, places)]))];
        }),
    );
}

/**
 * Writes one line of the activity log with `db`, which is the transaction of the change itself: the
 * change and its record are committed together or not at all. The log has no update or delete route.
 */
export async function recordAudit(db: AnyDb, actor: Actor, entry: AuditEntry): Promise<void> {
    const now = nowIso();
    await db
        .insertInto('auditLog')
        .values({
            userId: actor.userId ?? null,
            userEmail: actor.email ?? null,
            ip: actor.ip ?? null,
            action: entry.action,
            entity: entry.entity,
            record: entry.record ?? null,
            changes: entry.changes && Object.keys(entry.changes).length ? JSON.stringify(inApiUnits(entry.entity, entry.changes)) : null,
            status: 1,
            createdAt: now,
            updatedAt: now,
        })
        .execute();
}
