import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { stockListParams, type ListQuery } from '../../engine/list';
import { changesOnly } from '../../engine/routes/changesOnly';
import { notOffered, stockPage, v1ListQuery } from '../../engine/routes/stockAnswers';
import { errorResponses, idParams } from '../../http/common';
import { CONTACT_BODY, contactRateLimit, listMessages, markRead, MESSAGE_LIST_QUERY, messageRecord, readMessage, sendMessage } from './contactMessages';

const tags = ['Contact'];

/**
 * `/api/v1/contacts` in the stock REST shape, from the legacy routes' functions (contactMessages.ts): anyone
 * sends a message (the public form's checks and mail to the shop, its limit counted with the form's), staff read
 * the inbox and mark a message read or unread with PUT. Messages are kept: DELETE answers 405 saying so.
 */
export default async function contactsV1(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    // Its querystring is built at run time from the list's spec, so its type is the list's, not the schema's.
    app.get<{ Querystring: ListQuery }>('/v1/contacts', {
        config: { access: 'staff' },
        preValidation: stockListParams,
        schema: { tags, summary: 'List contact messages', querystring: v1ListQuery(MESSAGE_LIST_QUERY, 'Contact messages'), response: { 200: { type: 'array', items: messageRecord }, ...errorResponses } },
        handler: async (request, reply) => {
            const { query } = request;
            const { rows, total } = await listMessages(app, query);
            return stockPage(reply, 'contacts', query, rows, total);
        },
    });

    app.get('/v1/contacts/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one contact message', params: idParams, response: { 200: messageRecord, ...errorResponses } },
        handler: async (request) => readMessage(app, request.params.id),
    });

    app.post('/v1/contacts', {
        config: { access: 'public', rateLimit: contactRateLimit(app) },
        schema: {
            tags,
            summary: 'Create a contact message',
            description: 'Open to anyone, as the contact form; the shop is mailed a notification. Answers 201 with the message.',
            security: [],
            body: CONTACT_BODY,
            response: { 201: messageRecord, 400: errorResponses[400], 429: errorResponses[400] },
        },
        handler: async (request, reply) => {
            const id = await sendMessage(app, request.body);
            return reply.code(201).send(await readMessage(app, id));
        },
    });

    app.put('/v1/contacts/:id', {
        config: { access: 'staff' },
        preValidation: changesOnly((id) => readMessage(app, id), ['read']),
        schema: {
            tags,
            summary: 'Update a contact message',
            description: 'Only `read` changes (1 read, 0 unread); the rest of a message sent back is ignored.',
            params: idParams,
            body: { type: 'object', properties: { read: { type: 'integer', enum: [0, 1], 'x-message': 'Read must be 1 (read) or 0 (unread)' } } },
            response: { 200: messageRecord, ...errorResponses },
        },
        handler: async (request) => {
            const { id } = request.params;
            const { read } = request.body;
            return read === undefined ? readMessage(app, id) : markRead(app, id, read, request.user!.id);
        },
    });

    notOffered(app, {
        method: 'DELETE',
        url: '/v1/contacts/:id',
        tags,
        access: 'staff',
        allow: 'GET, PUT',
        summary: 'Delete a contact message (not offered)',
        message: 'Contact messages are kept; mark one read instead: PUT {"read": 1}',
    });
}
