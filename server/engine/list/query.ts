// Parse and validate: a list's querystring (the route's schema) and react-admin's stock dialect read into it.
import type { FastifyRequest } from 'fastify';
import type { RawBuilder } from 'kysely';
import { MAX_INTEGER } from '../../http/common';
import { badRequest } from '../../infra/errors';

/** The most rows one list call answers when paged. */
export const MAX_PER_PAGE = 1000;

/** What a list endpoint lets clients page, sort, search and filter on. Column names as in the API. */
export interface ListSpec {
    /** Columns matched, case-insensitively, by `q`. */
    search: string[];
    /** Columns a client may sort by; the first is the default. */
    sort: string[];
    /** Fields the records answer that no sort orders by (long text, pictures, joined names): named in the refusal. */
    unsorted?: string[];
    /** Column filters by name and the type of their value. */
    filters: Record<string, 'integer' | 'string'>;
    /** Filters by a set of references (`?attributeIds=3,7`): the condition that a row, by its id, holds every one of the ids. */
    holds?: Record<string, (ids: number[], id: RawBuilder<unknown>) => RawBuilder<boolean>>;
    /** Number columns filtered by an upper bound, `<name>_lte` (rows without a value never match). */
    atMost?: string[];
    /** Of those, the ones kept as integers of a decimal (a stock in thousandths): how many stored units make one. */
    atMostScale?: Record<string, number>;
    /** Qualify an API column for SQL when the query joins tables (e.g. `name` → `products.name`). */
    column?: (name: string) => string;
}

export interface ListQuery {
    page?: number;
    perPage?: number;
    sort?: string;
    order?: 'ASC' | 'DESC' | 'asc' | 'desc';
    q?: string;
    id?: string[];
    /** Rows to skip and to answer, from the stock dialect's `range`. */
    offset?: number;
    limit?: number;
    /** The opaque cursor of a Link header's next address (cursor.ts). */
    after?: unknown;
    /** ISO times bounding the rows' last change, both included. */
    updatedAt_gte?: unknown;
    updatedAt_lte?: unknown;
    [filter: string]: unknown;
}

/** A filter by a set of references takes ids separated by commas; its schema's pattern marks it as one. */
const IDS_PATTERN = '^\\d+(,\\d+)*$';

/** The sentence naming the fields a list answers and does not sort by, when there are any. */
const notSorted = ({ unsorted }: ListSpec) => (unsorted?.length ? ` (not by ${unsorted.join(', ')}: long text, pictures and joined names are not sorted)` : '');

/** The querystring schema of a list endpoint: paging, sorting, search and the spec's filters. */
export function listQuerySchema(spec: ListSpec) {
    const filters = Object.fromEntries(
        Object.entries(spec.filters).map(([name, type]) => [
            name,
            spec.holds?.[name]
                ? { type: 'string', maxLength: 200, pattern: IDS_PATTERN, 'x-message': `The ${name} filter takes ids separated by commas`, description: 'Only rows holding every one of these ids (3 or 3,7)' }
                : type === 'integer'
                  ? { type: 'integer', minimum: -MAX_INTEGER, maximum: MAX_INTEGER }
                  : { type: 'string', maxLength: 200 },
        ]),
    );
    return {
        type: 'object',
        properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, description: '1-based page; paging applies only when page or perPage is given' },
            perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, description: `Rows a page, at most ${MAX_PER_PAGE}` },
            offset: { type: 'integer', minimum: 0, maximum: MAX_INTEGER },
            limit: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, description: `Rows a page, at most ${MAX_PER_PAGE} (a range is at most ${MAX_PER_PAGE} rows too)` },
            range: { type: 'string', description: 'ra-data-simple-rest dialect: [first, last] row, answered with Content-Range and a bare array' },
            filter: { type: 'string', description: 'ra-data-simple-rest dialect: a JSON object of q, id and column filters' },
            sort: {
                type: 'string',
                enum: spec.sort,
                'x-message': `This list sorts by: ${spec.sort.join(', ')}${notSorted(spec)}`,
                description: `A column, or ["column","ASC|DESC"] in the ra-data-simple-rest dialect; ties follow by id the same way${notSorted(spec)}`,
            },
            order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            q: { type: 'string', maxLength: 200, description: `Search in ${spec.search.join(', ')}` },
            id: { type: 'array', items: { type: 'string', pattern: '^\\d+(,\\d+)*$' }, description: 'Only these ids (id=1&id=2 or id=1,2)' },
            ...filters,
            ...Object.fromEntries(
                (spec.atMost ?? []).map((name) => [`${name}_lte`, { type: spec.atMostScale?.[name] ? 'number' : 'integer', minimum: -MAX_INTEGER, maximum: MAX_INTEGER, description: `Only rows whose ${name} is at most this` }]),
            ),
            after: { type: 'string', maxLength: 500, description: 'An opaque cursor from the Link header\'s rel="next" address: the rows after the last one read, in a sort by id, updatedAt or createdAt' },
            updatedAt_gte: { type: 'string', maxLength: 40, description: 'Only rows changed at or after this ISO time (e.g. 2026-11-29T07:00:00Z)' },
            updatedAt_lte: { type: 'string', maxLength: 40, description: 'Only rows last changed at or before this ISO time' },
        },
    } as const;
}

/** Requests that spoke react-admin's stock `ra-data-simple-rest` dialect, to be answered in it. */
const stockRequests = new WeakSet<FastifyRequest>();

/** True when the list was asked for with `sort=[…]`, `range=[…]` or `filter={…}`: answer a bare array with Content-Range. */
export const isStockDialect = (request: FastifyRequest) => stockRequests.has(request);

const parseJson = (name: string, text: string): unknown => {
    try {
        return JSON.parse(text);
    } catch {
        throw badRequest(`The ${name} parameter must be JSON`, { [name]: `The ${name} parameter must be JSON` });
    }
};

const PAGING = new Set(['page', 'perPage', 'offset', 'limit', 'range', 'filter', 'sort', 'order']);

/**
 * Reads the stock dialect into the legacy parameters the list layer knows:
 * `sort=["name","ASC"]` → sort, order; `range=[0,24]` → offset 0, limit 25; `filter={"q":"milk","status":1,"id":[1,2]}`
 * → q, status, id. The querystring schema then checks the result like any other list call.
 */
function readStockDialect(query: Record<string, unknown>, properties: Record<string, { pattern?: string }> = {}): string[] {
    if (typeof query.sort === 'string' && query.sort.startsWith('[')) {
        const sort = parseJson('sort', query.sort);
        if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw badRequest('The sort parameter must be ["field","ASC|DESC"]');
        query.sort = sort[0];
        if (sort[1] !== undefined) query.order = String(sort[1]);
    }
    if (typeof query.range === 'string') {
        const range = parseJson('range', query.range);
        const [start, end] = Array.isArray(range) ? range : [];
        if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end - start >= MAX_PER_PAGE) {
            throw badRequest(`The range parameter must be [first, last] with at most ${MAX_PER_PAGE} rows`);
        }
        query.offset = start;
        query.limit = end - start + 1;
        delete query.range;
    }
    if (typeof query.filter === 'string') {
        const filter = parseJson('filter', query.filter);
        if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badRequest('The filter parameter must be a JSON object');
        for (const [key, value] of Object.entries(filter)) {
            // A filter may not stand in for a paging or sort parameter.
            if (PAGING.has(key)) throw badRequest(`Unknown filter ${key}`, { [key]: `Unknown filter ${key}` });
            if (key === 'id') query.id = [[value].flat().map(String).join(',')];
            else if (value !== null && value !== '' && typeof value !== 'object') query[key] = String(value);
            // A filter by a set of references takes a list of ids (react-admin's array inputs send one).
            else if (Array.isArray(value) && properties[key]?.pattern === IDS_PATTERN) {
                if (value.length) query[key] = value.map(String).join(',');
            }
            else if (value !== null && value !== '') throw badRequest(`The ${key} filter must be a single value`);
        }
        delete query.filter;
        return Object.keys(filter);
    }
    return [];
}

/**
 * A preValidation hook for every list: legacy forms send an unset filter as `?categoryId=`, which means
 * no filter; stock-dialect queries are read into the same parameters.
 */
export async function dropBlankParams(request: FastifyRequest) {
    readListQuery(request, false);
}

/** The same for a `/api/v1` list, which speaks only the stock dialect: a bare array with Content-Range. */
export async function stockListParams(request: FastifyRequest) {
    readListQuery(request, true);
}

function readListQuery(request: FastifyRequest, stockOnly: boolean) {
    const query = request.query as Record<string, unknown>;
    for (const key of Object.keys(query)) if (query[key] === '') delete query[key];
    const stock = stockOnly || ['range', 'filter'].some((key) => key in query) || (typeof query.sort === 'string' && query.sort.startsWith('['));
    if (!stock) return;
    stockRequests.add(request);
    const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, { pattern?: string }> } | undefined)?.properties;
    const filters = readStockDialect(query, properties);
    // A `/api/v1` list's schema refuses what it does not take. A legacy path's does not, since the legacy clients
    // send extras beside their parameters; but a key of `filter={…}` is meant as a filter, and one the list does
    // not have would answer every row as if it had matched.
    if (!stockOnly) refuseUnknownFilters(request, filters);
}

/** A 400 naming a filter the route's querystring does not take, and those it does. */
function refuseUnknownFilters(request: FastifyRequest, filters: string[]) {
    const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (!properties) return;
    const unknown = filters.find((name) => !(name in properties));
    if (unknown === undefined) return;
    const known = Object.keys(properties).filter((name) => !PAGING.has(name));
    const message = `Unknown filter ${unknown}; this list filters by: ${known.join(', ')}`;
    throw badRequest(message, { [unknown]: message });
}

/** The Content-Range of a stock-dialect answer: `items 0-24/319`. */
export const contentRange = (query: ListQuery, count: number, total: number) => {
    const start = query.offset ?? 0;
    return count ? `items ${start}-${start + count - 1}/${total}` : `items */${total}`;
};


/** True when a list call asks for every row (no page, perPage, limit or range): the legacy bare list. */
export const isBareList = (query: ListQuery) => query.limit === undefined && query.page === undefined && query.perPage === undefined;
