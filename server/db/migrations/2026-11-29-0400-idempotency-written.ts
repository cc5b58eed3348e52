import type { Kysely } from 'kysely';

// Frozen: a later change to this table is a new migration.
//
// A key whose work committed but whose answer was never saved (the database cut between the two) must not run
// again: the write marks its key 'committed' in its own transaction, with the ids it wrote (a JSON array, one per
// write of the request in order), and a retry answers from them instead of writing again.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('idempotency_keys').addColumn('written', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('idempotency_keys').dropColumn('written').execute();
}
