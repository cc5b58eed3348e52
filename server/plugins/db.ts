import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { createDb, type DbKind, type PoolCounts } from '../db/createDb';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/tables';
import { serverSecret } from '../infra/secrets';

declare module 'fastify' {
    interface FastifyInstance {
        db: Kysely<Database>;
        dbKind: DbKind;
        /** PostgreSQL's connection pool, for its metrics; null on SQLite. */
        dbPool: PoolCounts | null;
        /** The key for code digests, the same on every instance (server/infra/secrets.ts). */
        serverSecret: string;
    }
}

/** Opens the database, brings it to the latest migration, reads the server's key from it, and closes it with the app. */
export default fp<{ config: Config }>(
    async (app, { config }) => {
        const { db, kind, pool } = await createDb(config);
        await migrateToLatest(db as Kysely<unknown>, config.databaseSchema);
        app.decorate('db', db);
        app.decorate('dbKind', kind);
        app.decorate('dbPool', pool ?? null);
        app.decorate('serverSecret', await serverSecret(db, config.dataDir, config.appSecret));
        app.addHook('onClose', async () => db.destroy());
    },
    { name: 'db' },
);
