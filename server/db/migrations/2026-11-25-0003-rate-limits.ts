import type { Kysely } from 'kysely';

// Frozen: a later change to this table is a new migration.
//
// Rate limits were counted in each process's memory, so N instances behind a load balancer allowed N
// times the limit. Now every instance counts here (unless REDIS_URL sends the counts to Redis): one row
// per counted key — a route or group of routes, and a client — with the start of its window, in
// milliseconds since the epoch, and the requests made in it.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rate_limits').execute();
}
