import type { Kysely } from 'kysely';

// Frozen: a later change to this table is a new migration.
//
// The key that signs sign-in codes was generated per DATA_DIR (secret.key), so instances with data dirs of
// their own disagreed on it. Now it lives here, made once by whichever instance comes first (unless
// APP_SECRET is set): one row per named secret.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('app_secrets').execute();
}
