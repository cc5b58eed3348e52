import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations';

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
        throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
}
