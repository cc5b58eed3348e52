import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Access } from '../../../schema/types';
import { errorBody, errorResponses, idParams } from '../../http/common';
import { HttpError } from '../../infra/errors';
import type { ListQuery } from '../list';
import { refuseUnknown } from '../../http/unknownKeys';

/**
 * A stock-dialect page from the query's first row (`offset`): the bare rows, with the total in X-Total-Count and in
 * Content-Range as ra-data-simple-rest documents it, in the resource's own unit: `users 0-24/319`, and a star
 * for the range of an empty page.
 */
export function stockPage<T>(reply: FastifyReply, resource: string, { offset = 0 }: Pick<ListQuery, 'offset'>, rows: T[], total: number): T[] {
    reply.header('X-Total-Count', total);
    reply.header('Content-Range', `${resource} ${rows.length ? `${offset}-${offset + rows.length - 1}` : '*'}/${total}`);
    return rows;
}

/** The sentence a sort by a column the list cannot sort by is refused with (400), naming those it can. */
export const sortMessage = (noun: string, columns: readonly string[]) => `${noun} can be sorted by ${columns.join(', ')}`;

/** The parameters of paging and sorting: every other key of a list's querystring is a filter. */
export const NOT_FILTERS = new Set(['page', 'perPage', 'offset', 'limit', 'range', 'filter', 'sort', 'order', 'after']);

/**
 * A `/api/v1` list's querystring: a `sort` it does not take is refused with that sentence rather than Ajv's "must
 * be equal to one of the allowed values", and a filter it does not have is refused naming those it has, since a
 * filter dropped silently answers every row as if it had matched.
 */
export function v1ListQuery<T extends { properties: { sort: { enum: readonly string[] } } }>(querystring: T, noun: string): T {
    const sort = querystring.properties.sort;
    const filters = Object.keys(querystring.properties).filter((name) => !NOT_FILTERS.has(name));
    return {
        ...querystring,
        properties: { ...querystring.properties, sort: { ...sort, 'x-message': sortMessage(noun, sort.enum) } },
        additionalProperties: refuseUnknown(`Unknown filter {name}; this list filters by: ${filters.join(', ')}`),
    };
}

export interface NotOffered {
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    tags: string[];
    /** Who is told why: the callers who may read the resource. */
    access: Access;
    summary: string;
    /** Why the operation is not offered, and what to do instead. */
    message: string;
    /** The methods the path does take, for the `Allow` header. */
    allow: string;
}

/**
 * An operation of the stock REST shape that makes no sense for a resource (deleting an order, creating a video
 * from JSON): answered 405 with a sentence saying why and what to call instead, rather than a bare 404 that reads
 * like a missing resource.
 */
export function notOffered(app: FastifyInstance, { method, url, tags, access, summary, message, allow }: NotOffered) {
    app.route({
        method,
        url,
        config: { access },
        schema: {
            tags,
            summary,
            description: message,
            ...(url.endsWith('/:id') ? { params: idParams } : {}),
            response: { 405: errorBody, 401: errorResponses[401], 403: errorResponses[403] },
        },
        handler: async (_request, reply) => {
            reply.header('Allow', allow);
            throw new HttpError(405, message);
        },
    });
}
