import { Migrator, sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { whileLocked } from './advisoryLock';
import { migrations } from './migrations';
import { withOwnSchemaIntrospection } from './ownSchemaIntrospection';

/**
 * `schema`: the PostgreSQL schema the app works in, when not the default (tests); Kysely must not find its tables in another.
 * Instances started together take turns (Kysely's own lock comes only after it has made its tables): the
 * first migrates, the others find nothing left to do.
 */
export function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
    return whileLocked(db, 'start-up', () => (isPostgres(db) ? untimed(db, (connection) => migrate(withOwnSchemaIntrospection(connection), schema)) : migrate(db, schema)));
}

/**
 * Runs `work` on one connection without the requests' statement timeout: a migration that builds an index on a
 * large table may take minutes, and cutting it short would stop the shop from starting.
 */
async function untimed(db: Kysely<unknown>, work: (connection: Kysely<unknown>) => Promise<void>): Promise<void> {
    await db.connection().execute(async (connection) => {
        await sql`set statement_timeout = 0`.execute(connection);
        try {
            await work(connection);
        } finally {
            await sql`reset statement_timeout`.execute(connection);
        }
    });
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
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
