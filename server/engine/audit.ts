import type { FastifyRequest } from 'fastify';
import type { AnyDb, Values } from './rows';
import { nowIso } from '../infra/time';

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
    entityId?: number | null;
    /** Field by field, what it was and what it became. */
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
            entityId: entry.entityId ?? null,
            changes: entry.changes && Object.keys(entry.changes).length ? JSON.stringify(entry.changes) : null,
            status: 1,
            createdAt: now,
            updatedAt: now,
        })
        .execute();
}
