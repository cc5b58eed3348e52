import type { Kysely } from 'kysely';

// A webhook delivery is claimed only while its endpoint has fewer than its bound in flight (server/infra/leasedQueue.ts,
// perGroup): each claim counts the endpoint's leased rows, which this index finds without reading the endpoint's
// whole delivery log (kept 30 days). Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('webhook_deliveries_lease_idx').on('webhook_deliveries').columns(['endpoint_id', 'locked_until']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_lease_idx').execute();
}
