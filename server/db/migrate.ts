import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations';

/** `schema`: the PostgreSQL schema the app works in, when not the default (tests); Kysely must not find its tables in another. */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
    // Unordered: a migration dated before one a database already ran (written at the same time) still runs there.
    const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        allowUnorderedMigrations: true,
        ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
        throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
}
