import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { badRequest } from '../../infra/errors';
import { errorResponses } from '../../http/common';
import { PER_KIND, searchShop } from './searchShop';
import { MAX_QUERY, MIN_QUERY, SEARCH_KINDS as KINDS } from '../../../schema/search';

const MIN_LENGTH = MIN_QUERY;
const MAX_LENGTH = MAX_QUERY;
const tooShort = `Please type at least ${MIN_LENGTH} characters to search`;

const hits = {
    type: 'array',
    items: {
        type: 'object',
        required: ['id', 'label'],
        properties: { id: { type: 'integer' }, label: { type: 'string' }, detail: { type: 'string' } },
    },
} as const;

/**
 * The command palette's search (GET /search?q=): products, categories, subcategories, orders and users at once,
 * each with the lists' own indexes and at most a few hits, and only the kinds the caller's role may list.
 */
export default async function search(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/search', {
        config: { access: 'staff' },
        schema: {
            tags: ['Search'],
            summary: `Finds products, categories, subcategories, orders (by number, customer name, e-mail or phone) and users; at most ${PER_KIND} of each`,
            description:
                'Staff only. A kind the role may not list is left out of the answer; staff alike find users and orders by e-mail and phone. ' +
                'Search is case-insensitive and takes % and _ literally.',
            querystring: {
                type: 'object',
                required: ['q'],
                properties: {
                    q: {
                        type: 'string',
                        maxLength: MAX_LENGTH,
                        description: `What to find, ${MIN_LENGTH} to ${MAX_LENGTH} characters`,
                        'x-message': `Please type between ${MIN_LENGTH} and ${MAX_LENGTH} characters to search`,
                    },
                },
            },
            response: {
                200: { type: 'object', properties: Object.fromEntries(KINDS.map((kind) => [kind, hits])) },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            // Control characters (a NUL, which PostgreSQL refuses in text) are nothing one searches for.
            // eslint-disable-next-line no-control-regex
            const q = request.query.q.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
            if ([...q].length < MIN_LENGTH) throw badRequest(tooShort, { q: tooShort });
            return searchShop(app.db, app.dbKind, request.user!.roleId, q);
        },
    });
}
