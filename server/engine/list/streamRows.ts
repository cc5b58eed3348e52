import { setImmediate as nextTurn } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { FastifyInstance } from 'fastify';
import { CamelCasePlugin, type SelectQueryBuilder } from 'kysely';
import { sqliteFile } from '../../db/createDb';

/** Kysely's snake_case → camelCase naming (CamelCasePlugin's own), for the rows streams read without Kysely. */
class ColumnNames extends CamelCasePlugin {
    override camelCase(name: string): string {
        return super.camelCase(name);
    }
}
const columnNames = new ColumnNames();

/** The application_name of a PostgreSQL stream's own connection. */
export const STREAM_CONNECTION = 'backoffice list stream';

/** Rows per chunk: enough to keep the database busy, few enough that a chunk is a millisecond or two. */
export const CHUNK_ROWS = 200;

/**
 * The rows of a query, a chunk at a time, each chunk made into what the caller sends (`each`) before the
 * next is read, with a turn of the event loop between chunks so other requests are served meanwhile;
 * stopping early (the client went away) closes the cursor.
 * Nothing here holds a chunk's rows while the consumer waits (a slow client, a full socket): rows kept that
 * long outlive V8's young generation and pile up in the old one as garbage.
 * SQLite: better-sqlite3's iterator on a read-only connection of the stream's own (the shared connection
 * would be busy for the whole stream). PostgreSQL: a cursor (pg-cursor) on a connection of its own, so a
 * stream holds none of the pool's and the statement timeout (meant for queries, not for a client reading
 * 100,000 rows at its own pace) does not cut it off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function* streamRows<R, T>(app: FastifyInstance, query: SelectQueryBuilder<any, any, R>, each: (rows: R[]) => T, chunk = CHUNK_ROWS): AsyncGenerator<T> {
    if (app.dbKind === 'postgres') {
        yield* postgresRows<R, T>(app, query, each, chunk);
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
        const read = () => {
            const rows: Record<string, unknown>[] = [];
            while (rows.length < chunk) {
                const row = iterator.next();
                if (row.done) break;
                const record: Record<string, unknown> = {};
                for (let i = 0; i < names.length; i++) record[names[i]] = row.value[i];
                rows.push(record);
            }
            return rows as R[];
        };
        try {
            yield* paced(read, each, chunk);
        } finally {
            iterator.return?.();
        }
    } finally {
        connection.close();
    }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function* postgresRows<R, T>(app: FastifyInstance, query: SelectQueryBuilder<any, any, R>, each: (rows: R[]) => T, chunk: number): AsyncGenerator<T> {
    const { sql, parameters } = query.compile();
    const schema = app.config.databaseSchema;
    const client = new pg.Client({
        connectionString: app.config.databaseUrl,
        // Named, so an operator (and a test) can tell a stream's connection in pg_stat_activity.
        application_name: STREAM_CONNECTION,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A connection lost mid-stream fails the cursor's read, which ends the answer; unheard, the client's own
    // 'error' event would end the process as well.
    client.on('error', (error) => app.log.warn({ err: error }, 'list stream connection lost'));
    await client.connect();
    try {
        const cursor = client.query(new Cursor(sql, parameters.slice()));
        const read = async () => {
            const rows = await cursor.read(chunk);
            const { rows: named } = await columnNames.transformResult({ result: { rows }, queryId: { queryId: 'stream' } });
            return named as R[];
        };
        try {
            yield* paced(read, each, chunk);
        } finally {
            await cursor.close();
        }
    } finally {
        await client.end();
    }
}

/**
 * Each chunk `read` gives, made into what is sent (`each`) before the next is read, with a turn of the event
 * loop between chunks so requests waiting meanwhile are served. The rows stay inside `next`: held across the
 * `yield`, they would wait on a slow client.
 */
async function* paced<R, T>(read: () => R[] | Promise<R[]>, each: (rows: R[]) => T, chunk: number): AsyncGenerator<T> {
    const next = async () => {
        const rows = await read();
        return rows.length ? { made: each(rows), last: rows.length < chunk } : undefined;
    };
    for (let part = await next(); part; part = part.last ? undefined : await next()) {
        yield part.made;
        if (!part.last) await nextTurn();
    }
}
