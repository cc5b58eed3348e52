import type { Kysely } from 'kysely';

// Frozen: a later change to this table is a new migration.
//
// A client's Idempotency-Key and the answer it got, so a retried create (its first try cut off after it
// committed) is answered again rather than run again. One row per key and caller (scope), claimed by one
// atomic insert; 'running' while a request holds it (a lease, renewed while it runs), 'done' with the saved
// status and JSON body once answered. Kept a day (server/plugins/housekeeping.ts removes older ones).
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('claim_token', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('idempotency_keys_scope_key').unique().on('idempotency_keys').columns(['scope', 'key']).execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('idempotency_keys').execute();
}
