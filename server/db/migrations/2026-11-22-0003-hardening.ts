import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to these tables is a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);

    // Mail waits here until the mail server took it, so a request never waits on SMTP and no mail
    // is lost while the server is away; `lockedUntil` is a worker's lease on a row it is sending.
    await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'integer', id)
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('sent_at', 'varchar(32)')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['sent_at', 'next_attempt_at']).execute();

    // Consecutive wrong codes per address, across codes: past the bound, a growing wait.
    await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

    // The periodic clean-up deletes by expiry.
    await db.schema.createIndex('login_codes_expires_at_idx').on('login_codes').column('expires_at').execute();
    await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('sessions_expires_at_idx').execute();
    await db.schema.dropIndex('login_codes_expires_at_idx').execute();
    await db.schema.dropTable('sign_in_failures').execute();
    await db.schema.dropTable('mail_queue').execute();
}
