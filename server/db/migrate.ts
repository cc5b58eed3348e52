import { Migrator, type Kysely } from 'kysely';
import { whileLocked } from './advisoryLock';
import { migrations } from './migrations';

/**
 * `schema`: the PostgreSQL schema the app works in, when not the default (tests); Kysely must not find its tables in another.
 * Instances started together take turns (Kysely's own lock comes only after it has made its tables): the
 * first migrates, the others find nothing left to do.
 */
export function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
    return whileLocked(db, 'start-up', () => migrate(db, schema));
}

async function migrate(db: Kysely<unknown>, schema?: string): Promise<void> {
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
