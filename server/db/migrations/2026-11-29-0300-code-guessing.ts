import { sql, type Kysely } from 'kysely';

// Frozen: a later change to these tables is a new migration.
//
// Wrong sign-in codes were bounded per client, so a stranger with many addresses had five tries at a code
// per address. Now a code has five tries in all, from anywhere, and the counts towards a wait are per
// account: one shared by every unknown device, and one per device that signed in before (its device token).
export async function up(db: Kysely<unknown>): Promise<void> {
    // The device a code was asked for from (a device token's id), or null for unknown devices: only a
    // request from that device may use it, so the guesses of unknown devices never reach it.
    await db.schema.alterTable('login_codes').addColumn('device', 'varchar(32)').execute();
    // Tries per client at a code are gone: login_codes.attempts now bounds every client's together.
    await db.schema.dropTable('code_attempts').execute();
    // Per-client counts do not carry over to the account's; they are only counts towards a wait, so they
    // are dropped (nobody stays held back by the change).
    await sql`delete from sign_in_failures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await sql`delete from sign_in_failures`.execute(db);
    await db.schema
        .createTable('code_attempts')
        .addColumn('code_id', 'integer', (c) => c.notNull().references('login_codes.id').onDelete('cascade'))
        .addColumn('client', 'varchar(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('code_attempts_pk', ['code_id', 'client'])
        .execute();
    await db.schema.alterTable('login_codes').dropColumn('device').execute();
}
