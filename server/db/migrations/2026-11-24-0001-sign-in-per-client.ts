import type { Kysely } from 'kysely';

// Frozen: a later change to these tables is a new migration.
//
// Wrong sign-in codes were counted per address, so anyone could use up the owner's tries and lock the
// owner out. They are now counted per guesser: the client together with the address.
export async function up(db: Kysely<unknown>): Promise<void> {
    // A code's five tries, per client: a stranger's wrong guesses never use up the owner's. Rows go with
    // their code (the clean-up deletes expired codes).
    await db.schema
        .createTable('code_attempts')
        .addColumn('code_id', 'integer', (c) => c.notNull().references('login_codes.id').onDelete('cascade'))
        .addColumn('client', 'varchar(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('code_attempts_pk', ['code_id', 'client'])
        .execute();

    // The per-address counts cannot be split by client after the fact; they are only counts towards a
    // wait, so they are dropped rather than carried over (nobody stays locked out by the change).
    await db.schema.dropTable('sign_in_failures').execute();
    await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('client', 'varchar(64)', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('sign_in_failures_pk', ['email', 'client'])
        .execute();

    // The last forgot-password request per address, registered or not, so both kinds do the same work
    // and a second request within a minute is held back the same way.
    await db.schema
        .createTable('password_reset_requests')
        .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
        .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('password_reset_requests').execute();
    await db.schema.dropTable('sign_in_failures').execute();
    await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await db.schema.dropTable('code_attempts').execute();
}
