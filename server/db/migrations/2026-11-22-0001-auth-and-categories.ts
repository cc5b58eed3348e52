import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to these tables is a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);

    await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('contact_no', 'varchar(20)')
        .addColumn('address', 'text')
        .addColumn('pincode', 'varchar(10)')
        .addColumn('password_hash', 'text')
        .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(3))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('users_name_idx').on('users').column('name').execute();

    await db.schema
        .createTable('login_codes')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('login_codes_email_idx').on('login_codes').columns(['email', 'created_at']).execute();

    await db.schema
        .createTable('sessions')
        .addColumn('id', 'integer', id)
        .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
        .createTable('categories')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('categories_name_idx').on('categories').column('name').execute();
    await db.schema.createIndex('categories_status_idx').on('categories').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['categories', 'sessions', 'login_codes', 'users']) {
        await db.schema.dropTable(table).execute();
    }
}
