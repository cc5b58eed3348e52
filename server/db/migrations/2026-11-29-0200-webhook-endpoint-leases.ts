import type { Kysely } from 'kysely';

// A webhook delivery is claimed only while its endpoint has fewer than its bound in flight (server/infra/leasedQueue.ts,
// perGroup): each claim counts the leased rows per endpoint, which this index finds (the few with a lease) without
// reading the whole delivery log, kept 30 days. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('webhook_deliveries_leased_idx').on('webhook_deliveries').columns(['locked_until', 'endpoint_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('webhook_deliveries_leased_idx').execute();
}
