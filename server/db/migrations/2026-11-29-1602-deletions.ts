import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Tombstones: one row per deleted record, written in the delete's transaction, so a mirror can ask which ids of a
// resource went since a time (GET /api/v1/deletions), as Shopify's and Stripe's integrators do after a changed-since
// read. Read by id (the order they were written in), optionally of one resource, from a time on.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('deletions')
        .addColumn('id', 'integer', idColumn(db))
        .addColumn('resource', 'varchar(40)', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('deletions_deleted_at_id_idx').on('deletions').columns(['deleted_at', 'id']).execute();
    await db.schema.createIndex('deletions_resource_id_idx').on('deletions').columns(['resource', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('deletions').execute();
}
