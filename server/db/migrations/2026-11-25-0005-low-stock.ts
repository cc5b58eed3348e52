import type { Kysely } from 'kysely';

// Written by `npm run db:migration` from the schemas (settings): review it, then commit it. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settings').addColumn('low_stock_at', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settings').dropColumn('low_stock_at').execute();
}
