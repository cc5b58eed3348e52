import { type Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to these tables is a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);

    // 1 active, 0 disabled: a disabled account keeps its rows but no session works for it.
    await db.schema.alterTable('users').addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.createIndex('users_role_id_status_idx').on('users').columns(['role_id', 'status']).execute();
    await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

    await db.schema
        .createTable('password_reset_tokens')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').columns(['user_id', 'created_at']).execute();

    // The profile fields that users does not already hold (name, contact_no and address are the user's own).
    await db.schema
        .createTable('profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('job_title', 'varchar(120)')
        .addColumn('company', 'varchar(120)')
        .addColumn('country', 'varchar(80)')
        .addColumn('about', 'text')
        .addColumn('profile_image', 'varchar(500)')
        .addColumn('twitter', 'varchar(300)')
        .addColumn('facebook', 'varchar(300)')
        .addColumn('instagram', 'varchar(300)')
        .addColumn('linkedin', 'varchar(300)')
        .addColumn('security_alerts', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('contact_alerts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

    await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('contact_no', 'varchar(20)', (c) => c.notNull())
        .addColumn('subject', 'varchar(200)')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('read_at', 'varchar(32)')
        .addColumn('read_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('contact_messages_created_at_idx').on('contact_messages').column('created_at').execute();
    await db.schema.createIndex('contact_messages_read_idx').on('contact_messages').column('read').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['contact_messages', 'profiles', 'password_reset_tokens']) await db.schema.dropTable(table).execute();
    await db.schema.dropIndex('users_created_at_idx').execute();
    await db.schema.dropIndex('users_role_id_status_idx').execute();
    await db.schema.alterTable('users').dropColumn('status').execute();
}
