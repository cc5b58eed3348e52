import pg from 'pg';
import type { Config } from '../../../server/config';
import { BackupError } from './BackupError';
import { databaseContents, postgresReader, type DatabaseContents } from './databaseContents';
import { majorOf, pgConnection, pgToolVersion, runPgTool } from './pgTools';

export interface PostgresSnapshot extends DatabaseContents {
    schema: string;
    serverVersion: string;
    pgDumpVersion: string;
    extensions: Array<{ name: string; schema: string }>;
    /** Sentences for the operator (a version difference). */
    warnings: string[];
}

/** The server's version and pg_dump's, and what their difference means; pg_dump refuses a newer server outright. */
async function versions(client: pg.Client) {
    const pgDumpVersion = await pgToolVersion('pg_dump');
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    const serverVersion = /^\d+(\.\d+)*/.exec(rows[0].server_version)?.[0] ?? rows[0].server_version;
    const warnings: string[] = [];
    if (majorOf(pgDumpVersion) < majorOf(serverVersion)) {
        throw new BackupError(
            `pg_dump ${pgDumpVersion} is older than the PostgreSQL server (${serverVersion}) and cannot dump it: ` +
                `install the PostgreSQL ${majorOf(serverVersion)} client tools (postgresql-client-${majorOf(serverVersion)}) and run the backup again.`,
        );
    }
    if (pgDumpVersion !== serverVersion) {
        warnings.push(
            `Note: pg_dump is version ${pgDumpVersion} and the server ${serverVersion}. A newer pg_dump reads an older server; ` +
                `restore with a pg_restore of at least version ${majorOf(pgDumpVersion)}.`,
        );
    }
    return { pgDumpVersion, serverVersion, warnings };
}

/**
 * Dumps the shop's schema with pg_dump (custom format) while the server keeps writing. One transaction exports
 * its snapshot, counts every table and reads the migrations in it, and pg_dump dumps that same snapshot
 * (--snapshot): the counts in the manifest are exactly the rows in the dump.
 */
export async function snapshotPostgres(config: Pick<Config, 'databaseUrl' | 'databaseSchema'>, target: string): Promise<PostgresSnapshot> {
    const schema = config.databaseSchema ?? 'public';
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect().catch((error: Error) => {
        throw new BackupError(`Cannot reach the database at DATABASE_URL: ${error.message}`);
    });
    try {
        const found = await versions(client);
        await client.query('begin transaction isolation level repeatable read, read only');
        const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
        const contents = await databaseContents(postgresReader(client, schema));
        if (!contents.migrations.length) throw new BackupError(`Schema "${schema}" holds no shop (no migrations have run there): check DATABASE_URL.`);
        // pg_dump leaves extensions out when it dumps one schema; the restore makes them first.
        const extensions = (
            await client.query<{ name: string; schema: string }>(
                `select e.extname as name, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by 1`,
            )
        ).rows;
        const { url, env } = pgConnection(config.databaseUrl!);
        await runPgTool('pg_dump', ['--format=custom', `--schema=${schema}`, `--snapshot=${rows[0].snapshot}`, '--no-owner', '--no-acl', `--file=${target}`, `--dbname=${url}`], env);
        await client.query('commit');
        return { ...contents, schema, extensions, ...found };
    } finally {
        await client.end();
    }
}
