import type { FastifyInstance } from 'fastify';
import { DELETE_EVENTS, FEATURE_DELETE_EVENTS } from '../../../schema/webhooks';
import { linkNext, listQuerySchema, pageOf, stockListParams, type ListQuery, type ListSpec } from '../../engine/list';
import { changedSince } from '../../engine/list/cursor';
import { stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { errorResponses } from '../../http/common';

/** The resources whose deletes are kept, by the name their deletes are recorded under. */
export const DELETABLE = [...Object.keys(DELETE_EVENTS), ...Object.keys(FEATURE_DELETE_EVENTS)];

const LIST: ListSpec = { search: [], sort: ['id', 'deletedAt'], filters: { resource: 'string', recordId: 'integer' } };

const since = {
    type: 'string',
    maxLength: 40,
    description: 'Only deletes at or after this ISO time (e.g. 2026-11-29T07:00:00Z): the time your last sync started, less a minute',
} as const;

const query = (() => {
    const base = listQuerySchema(LIST);
    const resource = { type: 'string', enum: DELETABLE, 'x-message': `A resource whose deletes are kept: ${DELETABLE.join(', ')}`, description: 'Only the deletes of this resource' };
    return v1ListQuery({ ...base, properties: { ...base.properties, resource, since } }, 'Deletions');
})();

export const deletionRecord = {
    type: 'object',
    required: ['id', 'resource', 'recordId', 'deletedAt'],
    properties: {
        id: { type: 'integer', description: 'The tombstone’s own id: ascending in the order the deletes were committed' },
        resource: { type: 'string', enum: DELETABLE, description: 'The resource the row was deleted from' },
        recordId: { type: 'integer', description: 'The id the deleted row had' },
        deletedAt: { type: 'string', description: 'When it was deleted (ISO, UTC)' },
    },
} as const;

/**
 * `GET /api/v1/deletions`: the tombstones of deleted rows, one per row, written in the delete's transaction, so a
 * mirror that read the rows changed since a time (`updatedAt_gte`) also learns which went. Oldest first by id, in
 * the stock dialect, with `since` and `resource`; a full page links the next one by cursor, as every list does.
 */
export default async function deletionRoutes(app: FastifyInstance) {
    app.get<{ Querystring: ListQuery & { since?: string } }>('/v1/deletions', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: {
            tags: ['Sync'],
            summary: 'List deleted ids',
            description:
                'Staff only. The rows deleted from every resource that can be deleted, one tombstone each, oldest first: `?since=<ISO time>&resource=products`. Walk it by the `Link` header as any list; with `since` it reads only what went since your last sync.',
            querystring: query,
            response: { 200: { type: 'array', items: deletionRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { since: from, ...rest } = request.query;
            const after = changedSince(from, 'since');
            const base = app.db.selectFrom('deletions').select(['id', 'resource', 'recordId', 'deletedAt']);
            const { rows, total } = await pageOf(after === undefined ? base : base.where('deletedAt', '>=', after), rest, LIST);
            linkNext(request, reply, { sort: rest.sort ?? 'id', descending: rest.order?.toUpperCase() === 'DESC' }, () => rows.at(-1), rows.length, rest.limit);
            return stockPage(reply, 'deletions', rest, rows, total);
        },
    });
}
