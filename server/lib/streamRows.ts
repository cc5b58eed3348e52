import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { FastifyInstance } from 'fastify';
import { CamelCasePlugin, type SelectQueryBuilder } from 'kysely';
import { sqliteFile } from '../db/createDb';

/** Kysely's snake_case → camelCase naming (CamelCasePlugin's own), for the rows streams read without Kysely. */
class ColumnNames extends CamelCasePlugin {
    override camelCase(name: string): string {
        return super.camelCase(name);
    }
}
const columnNames = new ColumnNames();

/** Rows per chunk: enough to keep the database busy, few enough that a chunk is a millisecond or two. */
export const CHUNK_ROWS = 200;

/**
 * The rows of a query, a chunk at a time, with a turn of the event loop between chunks so other requests
 * are served meanwhile; stopping early (the client went away) closes the cursor.
 * SQLite: better-sqlite3's iterator on a read-only connection of the stream's own (the shared connection
 * would be busy for the whole stream). PostgreSQL: a cursor (pg-cursor) on a connection of its own, so a
 * stream holds none of the pool's and the statement timeout (meant for queries, not for a client reading
 * 100,000 rows at its own pace) does not cut it off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function* streamRows<R>(app: FastifyInstance, query: SelectQueryBuilder<any, any, R>, chunk = CHUNK_ROWS): AsyncGenerator<R[]> {
    if (app.dbKind === 'postgres') {
        yield* postgresRows<R>(app, query, chunk);
        return;
    }
    const { sql, parameters } = query.compile();
    const connection = new SQLite(sqliteFile(app.config.dataDir), { readonly: true, fileMustExist: true });
    // One pass in order needs no big page cache (better-sqlite3's default is 16 MB a connection).
    connection.pragma('cache_size = -1024');
    try {
        // Rows as arrays, each made into one object under the same snake_case → camelCase names the app's Kysely
        // gives every answer: a row object and its renamed copy were most of a stream's garbage.
        const statement = connection.prepare(sql).raw(true);
        const names = statement.columns().map((column) => columnNames.camelCase(column.name));
        const iterator = statement.iterate(...(parameters as unknown[])) as IterableIterator<unknown[]>;
        try {
            while (true) {
                const rows: Record<string, unknown>[] = [];
                while (rows.length < chunk) {
                    const next = iterator.next();
                    if (next.done) break;
                    const row: Record<string, unknown> = {};
                    for (let i = 0; i < names.length; i++) row[names[i]] = next.value[i];
                    rows.push(row);
                }
                if (!rows.length) break;
                yield rows as R[];
                if (rows.length < chunk) break;
                await nextTurn();
            }
        } finally {
            iterator.return?.();
        }
    } finally {
        connection.close();
    }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function* postgresRows<R>(app: FastifyInstance, query: SelectQueryBuilder<any, any, R>, chunk: number): AsyncGenerator<R[]> {
    const { sql, parameters } = query.compile();
    const schema = app.config.databaseSchema;
    const client = new pg.Client({ connectionString: app.config.databaseUrl, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    await client.connect();
    try {
        const cursor = client.query(new Cursor(sql, parameters.slice()));
        try {
            while (true) {
                const rows = await cursor.read(chunk);
                if (!rows.length) break;
                const { rows: named } = await columnNames.transformResult({ result: { rows }, queryId: { queryId: 'stream' } });
                yield named as R[];
                if (rows.length < chunk) break;
                // As on SQLite: a turn of the event loop between chunks, so requests waiting meanwhile are served.
                await nextTurn();
            }
        } finally {
            await cursor.close();
        }
    } finally {
        await client.end();
    }
}
