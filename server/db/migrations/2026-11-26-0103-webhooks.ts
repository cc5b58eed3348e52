import { sql, type Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Webhooks for integrators. Frozen once committed.
// - webhook_endpoints: an HTTPS address, the events it takes (a JSON array of names) and the secret its
//   deliveries are signed with (kept readable: an HMAC needs the key itself);
// - webhook_deliveries: one row per event and endpoint, the durable queue the worker drains like the mail queue
//   (attempts, next_attempt_at, locked_until as a worker's lease), and the endpoint's delivery log after.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);
    await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'integer', id)
        .addColumn('url', 'varchar(2000)', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('secret', 'varchar(100)', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'integer', id)
        .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('event', 'varchar(40)', (c) => c.notNull())
        .addColumn('event_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('delivered_at', 'varchar(32)')
        .addColumn('status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('response_excerpt', 'varchar(500)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['delivered_at', 'next_attempt_at']).execute();
    await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
}
