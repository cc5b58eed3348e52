import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen. The activity log: one row per staff change or sign-in event, written in the change's transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', idColumn(db))
        // No foreign key: the history of a person outlives their account.
        .addColumn('user_id', 'integer')
        .addColumn('user_email', 'varchar(254)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('action', 'varchar(30)', (c) => c.notNull())
        .addColumn('entity', 'varchar(40)', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('changes', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const columns of [['entity', 'entity_id'], ['user_email'], ['action'], ['created_at']]) {
        await db.schema.createIndex(`audit_log_${columns.join('_')}_idx`).on('audit_log').columns(columns).execute();
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('audit_log').execute();
}
