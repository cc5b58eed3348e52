// Keyset pages for integrators who sync: an opaque cursor after the last row read, in a Link header, and the
// changed-since filter. A cursor page is "the rows after this one", so rows written meanwhile neither shift it
// (as an offset shifts under a delete) nor come round again (as they do under an insert before the offset).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../infra/errors';
import type { ListQuery } from './query';

/** Sorts a cursor follows: columns every row has a value of, so "after" is always defined. */
export const CURSOR_SORTS = ['id', 'updatedAt', 'createdAt'];

interface Cursor {
    /** The sort and direction it was made for. */
    s: string;
    d: 'ASC' | 'DESC';
    /** The last row's sort value and id. */
    k: string | number;
    i: number;
}

const refusal = (message: string) => badRequest(message, { after: message });

/** The cursor after `row` in the query's order, as a URL-safe token. */
const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor `after` names, checked against the query's sort: a cursor of another order would skip rows. */
export function readCursor(query: Pick<ListQuery, 'after'>, sort: string, descending: boolean): Cursor | undefined {
    const token = query.after;
    if (token === undefined) return undefined;
    let cursor: Partial<Cursor>;
    try {
        cursor = JSON.parse(Buffer.from(String(token), 'base64url').toString('utf8')) as Partial<Cursor>;
    } catch {
        throw refusal('This cursor is not one this list gave: follow the Link header\'s next address, or start again without after');
    }
    const direction = descending ? 'DESC' : 'ASC';
    if (!CURSOR_SORTS.includes(sort)) throw refusal(`A cursor follows a sort by ${CURSOR_SORTS.join(', ')}; this list is sorted by ${sort}`);
    if (typeof cursor !== 'object' || cursor === null || !Number.isSafeInteger(cursor.i) || !['string', 'number'].includes(typeof cursor.k)) {
        throw refusal('This cursor is not one this list gave: follow the Link header\'s next address, or start again without after');
    }
    if (cursor.s !== sort || cursor.d !== direction) throw refusal(`This cursor was made for a sort by ${cursor.s} ${cursor.d}, not ${sort} ${direction}`);
    return cursor as Cursor;
}

/** The condition "after the cursor" in the list's order: the sort value, then the id, the same way. */
export function afterCursor(cursor: Cursor, sort: RawBuilder<unknown>, id: RawBuilder<unknown>): RawBuilder<boolean> {
    const beyond = sql.raw(cursor.d === 'DESC' ? '<' : '>');
    if (cursor.s === 'id') return sql<boolean>`${id} ${beyond} ${cursor.i}`;
    return sql<boolean>`(${sort} ${beyond} ${cursor.k} or (${sort} = ${cursor.k} and ${id} ${beyond} ${cursor.i}))`;
}

/** A query that reads by cursor or since a time: answered by the plain reader, whose SQL takes both. */
export const seeksByKey = (query: ListQuery) => query.after !== undefined || query.updatedAt_gte !== undefined || query.updatedAt_lte !== undefined;

/** A time bound (`updatedAt_gte`) as the stored timestamps are written (ISO, UTC, milliseconds), so text compares as time. */
export function changedSince(value: unknown, name = 'updatedAt_gte'): string | undefined {
    if (value === undefined || value === '') return undefined;
    const time = Date.parse(String(value));
    if (!/^\d{4}-\d{2}-\d{2}/.test(String(value)) || Number.isNaN(time)) {
        const message = `Please give ${name} as an ISO time, such as 2026-11-29T07:00:00Z`;
        throw badRequest(message, { [name]: message });
    }
    return new Date(time).toISOString();
}

/** The `updatedAt_gte` and `updatedAt_lte` bounds of a list query, each checked as changedSince does. */
export const changedBetween = (query: Pick<ListQuery, 'updatedAt_gte' | 'updatedAt_lte'>): { from?: string; to?: string } => ({ from: changedSince(query.updatedAt_gte), to: changedSince(query.updatedAt_lte, 'updatedAt_lte') });

type Row = Record<string, unknown>;

/** A page's last record, parsed from its JSON once per page: a kept answer is the same page object every time. */
const lastRecords = new WeakMap<object, Row | undefined>();

/** The last record of a page whose records are a JSON array (`recordsJson`), read once per page object. */
export function lastRecordOf(page: { recordsJson: string }): Row | undefined {
    if (!lastRecords.has(page)) lastRecords.set(page, (JSON.parse(page.recordsJson) as Row[]).at(-1));
    return lastRecords.get(page);
}

/**
 * The `Link: <…>; rel="next"` header of a full page sorted by a cursor's column (GitHub's and Shopify's way):
 * the same address with `after` the page's last row, and the page's size from its first row. A page shorter
 * than asked is the last one: no next. `last` answers the page's last record, asked only when a link is due.
 */
export function linkNext(request: FastifyRequest, reply: FastifyReply, { sort, descending }: { sort: string; descending: boolean }, last: () => Row | undefined, count: number, limit: number | undefined) {
    if (!limit || count < limit || !CURSOR_SORTS.includes(sort)) return;
    const record = last();
    if (!record || typeof record.id !== 'number') return;
    const key = record[sort];
    if (typeof key !== 'string' && typeof key !== 'number') return;
    const cursor = encode({ s: sort, d: descending ? 'DESC' : 'ASC', k: key, i: record.id });
    const [path, search = ''] = request.url.split('?');
    const params = new URLSearchParams(search);
    for (const name of ['after', 'range', 'page', 'offset']) params.delete(name);
    if (!params.has('perPage')) {
        params.delete('limit');
        params.set('limit', String(limit));
    }
    params.set('after', cursor);
    reply.header('Link', `<${path}?${params.toString()}>; rel="next"`);
}
