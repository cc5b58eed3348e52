import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { WebhookEvent } from '../../../schema/webhooks';

type Db = Kysely<Database> | Transaction<Database>;

let announcedAt = 0;

/** When an event was last queued in this process: the worker looks at the queue after a request that did (webhookWorker). */
export const lastAnnouncedAt = () => announcedAt;

/** The JSON body of a delivery: the same for every endpoint the event goes to. */
export const eventBody = (event: string, data: unknown, id = `evt_${randomUUID()}`, at = new Date().toISOString()) =>
    ({ id, body: JSON.stringify({ id, type: event, createdAt: at, data }) });

/** The events an endpoint's row takes. */
export const eventsOf = (events: string): string[] => {
    try {
        const parsed: unknown = JSON.parse(events);
        return Array.isArray(parsed) ? parsed.filter((event): event is string => typeof event === 'string') : [];
    } catch {
        return [];
    }
};

/** Queues one delivery of a body to one endpoint, due at once. */
export async function queueDelivery(db: Db, endpointId: number, event: string, { id, body }: { id: string; body: string }) {
    const now = new Date().toISOString();
    const row = await db
        .insertInto('webhookDeliveries')
        .values({ endpointId, event, eventId: id, payload: body, nextAttemptAt: now, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    announcedAt = Date.now();
    return row.id;
}

type Data = Record<string, unknown>;
type Endpoints = Array<{ id: number; events: string }>;

// The endpoints a transaction has read, for the rest of it: a CSV import announces a change of each of its thousand
// rows in one transaction, and reading them once is one round trip where there were a thousand. Endpoints are
// changed in transactions of their own; one added while an import runs takes the events of the imports after it.
const readIn = new WeakMap<Db, Promise<Endpoints>>();

function activeEndpoints(db: Db): Promise<Endpoints> {
    const read = () => db.selectFrom('webhookEndpoints').select(['id', 'events']).where('active', '=', 1).execute();
    if (!db.isTransaction) return read();
    const kept = readIn.get(db) ?? read();
    readIn.set(db, kept);
    return kept;
}

/**
 * Queues each event for every active endpoint that takes it, in the caller's transaction: the deliveries exist
 * exactly when the change does, and the worker posts them once it is committed. The data is read only when some
 * endpoint takes one of the events, once for all of them (and may turn out to be nothing to tell): no endpoint, no work.
 */
export async function announce(db: Db, events: WebhookEvent | WebhookEvent[], data: Data | (() => Promise<Data | undefined>)): Promise<void> {
    const endpoints = await activeEndpoints(db);
    if (!endpoints.length) return;
    const wanted = [events].flat().map((event) => ({ event, takers: endpoints.filter((endpoint) => eventsOf(endpoint.events).includes(event)) }));
    if (!wanted.some(({ takers }) => takers.length)) return;
    const content = typeof data === 'function' ? await data() : data;
    if (!content) return;
    for (const { event, takers } of wanted) {
        if (!takers.length) continue;
        const made = eventBody(event, content);
        for (const endpoint of takers) await queueDelivery(db, endpoint.id, event, made);
    }
}
