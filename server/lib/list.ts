import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { MAX_INTEGER } from '../schemas/common';

/** What a list endpoint lets clients page, sort, search and filter on. Column names as in the API. */
export interface ListSpec {
    /** Columns matched, case-insensitively, by `q`. */
    search: string[];
    /** Columns a client may sort by; the first is the default. */
    sort: string[];
    /** Column filters by name and the type of their value. */
    filters: Record<string, 'integer' | 'string'>;
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
    [filter: string]: unknown;
}

/** The querystring schema of a list endpoint: paging, sorting, search and the spec's filters. */
export function listQuerySchema(spec: ListSpec) {
    const filters = Object.fromEntries(
        Object.entries(spec.filters).map(([name, type]) => [
            name,
            type === 'integer' ? { type: 'integer', minimum: -MAX_INTEGER, maximum: MAX_INTEGER } : { type: 'string', maxLength: 200 },
        ]),
    );
    return {
        type: 'object',
        properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, description: '1-based page; paging applies only when page or perPage is given' },
            perPage: { type: 'integer', minimum: 1, maximum: 1000 },
            sort: { type: 'string', enum: spec.sort },
            order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            q: { type: 'string', maxLength: 200, description: `Search in ${spec.search.join(', ')}` },
            id: { type: 'array', items: { type: 'string', pattern: '^\\d+(,\\d+)*$' }, description: 'Only these ids (id=1&id=2 or id=1,2)' },
            ...filters,
        },
    } as const;
}

/** A preValidation hook: legacy forms send an unset filter as `?categoryId=`, which means no filter. */
export async function dropBlankParams(request: FastifyRequest) {
    const query = request.query as Record<string, unknown>;
    for (const key of Object.keys(query)) if (query[key] === '') delete query[key];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Pages, sorts, searches and filters a query in SQL and counts the matches.
 * Called with no paging parameters it answers every row: the legacy contract.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
    base: SelectQueryBuilder<DB, TB, O>,
    query: ListQuery,
    spec: ListSpec,
): Promise<{ rows: O[]; total: number }> {
    const col = (name: string) => sql.ref(spec.column ? spec.column(name) : name);
    let filtered = base;

    const q = query.q?.trim();
    if (q && spec.search.length) {
        const pattern = `%${escapeLike(q.toLowerCase())}%`;
        const matches = spec.search.map((name) => sql<boolean>`lower(${col(name)}) like ${pattern} escape '\\'`);
        filtered = filtered.where(sql<boolean>`(${sql.join(matches, sql` or `)})`);
    }
    for (const name of Object.keys(spec.filters)) {
        const value = query[name];
        if (value !== undefined && value !== '') filtered = filtered.where(sql<boolean>`${col(name)} = ${value}`);
    }
    if (query.id?.length) {
        const ids = query.id.flatMap((part) => part.split(',')).map(Number);
        filtered = filtered.where(sql<boolean>`${col('id')} in (${sql.join(ids)})`);
    }

    const counted = await filtered
        .clearSelect()
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirst();
    const total = Number((counted as { total?: number } | undefined)?.total ?? 0);

    const sortBy = query.sort && spec.sort.includes(query.sort) ? query.sort : spec.sort[0];
    const direction = query.order?.toUpperCase() === 'DESC' ? sql`desc` : sql`asc`;
    let page = filtered.orderBy(sql`${col(sortBy)} ${direction}`);
    if (sortBy !== 'id') page = page.orderBy(sql`${col('id')} asc`);
    if (query.page !== undefined || query.perPage !== undefined) {
        const perPage = query.perPage ?? 25;
        page = page.limit(perPage).offset(((query.page ?? 1) - 1) * perPage);
    }
    return { rows: await page.execute(), total };
}
