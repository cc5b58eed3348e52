import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '../../db/tables';
import { actorOf, changesOf, recordAudit, type AuditAction } from '../../engine/audit';
import type { AnyDb } from '../../engine/rows';
import { eventsOf } from './announce';

type EndpointRow = Selectable<WebhookEndpointsTable>;

/** What the activity log keeps of an endpoint: its address, events and switch; never its secret. */
const logged = (row: EndpointRow) => ({ url: row.url, events: eventsOf(row.events), active: row.active === 1 });

/**
 * One activity line for a change to an endpoint (created, changed, removed), written in the change's transaction as
 * the engine's routes write theirs; `resources.webhooks.fields.*` names its fields on the activity screen.
 */
export const auditEndpoint = (trx: AnyDb, request: FastifyRequest, action: AuditAction, before?: EndpointRow, after?: EndpointRow) =>
    recordAudit(trx, actorOf(request), {
        action,
        entity: 'webhooks',
        record: (after ?? before)?.id,
        changes: changesOf(before && logged(before), after && logged(after)),
    });

/**
 * A new secret, as an update: which one was replaced by which, told by the hints the screen shows (the last four
 * characters), so staff can match a line to what an integrator holds. The secret itself is never written down.
 */
export const auditRotation = (trx: AnyDb, request: FastifyRequest, before: EndpointRow, after: EndpointRow) =>
    recordAudit(trx, actorOf(request), {
        action: 'update',
        entity: 'webhooks',
        record: after.id,
        changes: { secretHint: { before: `…${before.secret.slice(-4)}`, after: `…${after.secret.slice(-4)}` } },
    });
