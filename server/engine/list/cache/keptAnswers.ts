// Keeps whole list answers (a page's JSON) by query, up to LIST_KEPT_ROWS rows; forgets one when a table it shows moves its `list_state` version, the least used first past the bound.
import { sql, type Kysely } from 'kysely';
import { keepPrepared } from '../../../db/createDb';
import { isPostgres } from '../../../db/dialect';
import { rowsVersionName } from '../../../db/listIndexes';
import { snakeCase } from '../../../db/sqlName';
import { coalescedReads } from '../../../infra/coalescedReads';

/** A `list_state` row as the list layer reads it. */
export interface VersionRow {
    name: string;
    version: number | string;
}

/** For tests: versions reads started ahead of a list's handler (readAhead), and started by the handler itself. */
export const versionReads = { ahead: 0, onArrival: 0 };

/** What one kept answer holds: the versions it was read at, and its size in rows (what the cache bounds). */
interface Kept<T> {
    versions: string;
    value: T;
    rows: number;
}

/**
 * List answers kept while no table they read has moved. Every write to those tables bumps their `list_state`
 * version in the write's own transaction (triggers, so every writer is seen, other processes and servers too),
 * so one indexed read of the versions per request decides whether a kept answer still stands. The versions are
 * read before the answer is built: a write that lands in between gives the answer newer rows than its versions
 * say, and it is only read again. An answer depends on the query alone (never on who asks: access is decided
 * before, and nothing a list answers is narrowed per caller), so the key is the normalized query.
 * A table without a `list_state` row has no version to trust: nothing is kept then. The bound is small (20 pages
 * of 100 per list): the pages people read again are the first few of each sort and filter, and a larger store
 * held more of the heap, which let V8 leave more garbage behind while bare lists stream (on the loaded bench
 * machine RSS grew 187 MB at 20,000 rows, 80–100 MB at 2,000, about what it grew with nothing kept).
 * The first table is the list's own: the same read takes its rows' and columns' versions, which `read` is given,
 * so that a page read afresh checks its kept total without a round trip of its own.
 */
export function keptAnswers<T>(db: Kysely<any>, tables: string[], maxRows = 2_000) { // eslint-disable-line @typescript-eslint/no-explicit-any
    const names = [...new Set(tables.map(snakeCase))].sort();
    const own = snakeCase(tables[0]);
    // 'products.': how the names of its columns' rows start (columnVersionName). SQLite compares text by its bytes,
    // so they are the range from 'products.' to 'products/', read on the key's index (its substr() read every
    // row, twice the time); PostgreSQL's order is its collation's, which need not keep them together.
    const columnsOf = `${own}.`;
    const ofColumns = isPostgres(db)
        ? sql`substr(table_name, 1, ${columnsOf.length}) = ${columnsOf}`
        : sql`(table_name > ${columnsOf} and table_name < ${`${own}/`})`;
    const versionsQuery = sql<VersionRow>`select table_name as name, version from list_state
        where table_name in (${sql.join(names)}) or table_name = ${rowsVersionName(own)} or ${ofColumns}
        order by table_name`.compile(db);
    keepPrepared(versionsQuery.sql);
    const kept = new Map<string, Kept<T>>();
    let keptRows = 0;

    const drop = (key: string) => {
        const entry = kept.get(key);
        if (!entry) return;
        kept.delete(key);
        keptRows -= entry.rows;
    };

    /**
     * The tables' versions as one string (undefined when one of them has no `list_state` row) and every row read;
     * requests that arrive together share one read, sent after the last of them arrived (coalescedReads).
     */
    const versionsNow = coalescedReads(async (_: void): Promise<{ versions?: string; rows: VersionRow[] }> => {
        const { rows } = await db.executeQuery(versionsQuery);
        const tablesRows = rows.filter((row) => names.includes(row.name));
        const versions = tablesRows.length === names.length ? tablesRows.map((row) => `${row.name}:${row.version}`).join(',') : undefined;
        return { versions, rows };
    });

    // Versions reads started for a request before its handler ran (readAhead), each taken once by `answer`.
    const readsAhead = new WeakMap<object, ReturnType<typeof versionsNow>>();

    return {
        /**
         * Starts `asker`'s versions read now, to be sent with its session lookup (one round trip where there were
         * two, one after the other). The read is the same for whoever asks; an asker turned away never takes it.
         */
        readAhead(asker: object) {
            versionReads.ahead++;
            const ahead = versionsNow();
            ahead.catch(() => undefined); // taken, and its failure met, by `answer`
            readsAhead.set(asker, ahead);
        },

        /**
         * The kept answer for `key` when the tables still stand at its versions, else `read()`'s, kept.
         * `rows` says how big an answer is; answers too big to keep are simply not kept. `asker`: whose read
         * may have been started ahead.
         */
        async answer(key: string, read: (versions?: VersionRow[]) => Promise<T>, rows: (value: T) => number, asker?: object): Promise<T> {
            const ahead = asker && readsAhead.get(asker);
            if (asker) readsAhead.delete(asker);
            if (!ahead) versionReads.onArrival++;
            const { versions, rows: versionRows } = await (ahead || versionsNow());
            if (versions === undefined) return read();
            const entry = kept.get(key);
            if (entry && entry.versions === versions) {
                // Most recently used last: the oldest are dropped first.
                kept.delete(key);
                kept.set(key, entry);
                return entry.value;
            }
            const value = await read(versionRows);
            const size = Math.max(1, rows(value));
            drop(key);
            if (size > maxRows / 4 || !maxRows) return value;
            while (keptRows + size > maxRows && kept.size) drop(kept.keys().next().value!);
            kept.set(key, { versions, value, rows: size });
            keptRows += size;
            return value;
        },
    };
}

/** A list query as a cache key: its parameters in a fixed order, so the same question is the same key. */
export const queryKey = (query: Record<string, unknown>) =>
    JSON.stringify(Object.keys(query).sort().map((name) => [name, query[name]]));
