import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Access } from '../../../schema/types';
import { errorBody, errorResponses, idParams } from '../../http/common';
import { HttpError } from '../../infra/errors';
import type { ListQuery } from '../list';

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

/**
 * A list's querystring whose `sort` is refused with that sentence rather than Ajv's "must be equal to one of the
 * allowed values".
 */
export function withSortMessage<T extends { properties: { sort: { enum: readonly string[] } } }>(querystring: T, noun: string): T {
    const sort = querystring.properties.sort;
    return { ...querystring, properties: { ...querystring.properties, sort: { ...sort, 'x-message': sortMessage(noun, sort.enum) } } };
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
