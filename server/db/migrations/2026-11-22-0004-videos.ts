import { type Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to this table is a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('videos')
        .addColumn('id', 'integer', idColumn(db))
        // The name staff see and may change; the file on disk keeps `stored_name`, which is never shown.
        .addColumn('filename', 'varchar(255)', (c) => c.notNull())
        .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
        // bigint: a cap above 2 GB stays possible.
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('tags', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('mime_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('videos_created_at_idx').on('videos').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('videos').execute();
}
