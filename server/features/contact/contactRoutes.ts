import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contentRange, dropBlankParams, isStockDialect, type ListQuery } from '../../engine/list';
import { shopContact } from './shopContact';
import { errorResponses, idParams } from '../../http/common';
import { CONTACT_BODY, contactRateLimit, listMessages, markRead, MESSAGE_LIST_QUERY, messageRecord, readMessage, sendMessage } from './contactMessages';

/** The contact page: the shop's details, the public message form, and the staff inbox. */
export default async function contact(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    const tags = ['Contact'];

    app.get('/contact-info', {
        config: { access: 'public' },
        schema: {
            tags,
            summary: "The shop's address, phone, e-mail and opening hours, from the active site settings",
            response: {
                200: {
                    type: 'object',
                    properties: { address: { type: ['string', 'null'] }, phone: { type: ['string', 'null'] }, email: { type: 'string' }, hours: { type: 'string' } },
                },
            },
        },
        handler: async () => shopContact(app),
    });

    app.post('/contact', {
        config: { access: 'public', rateLimit: contactRateLimit(app) },
        schema: {
            tags,
            summary: 'Sends a message to the shop (open to anyone); the shop is mailed a notification',
            body: CONTACT_BODY,
            response: {
                201: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: { type: 'object', properties: { id: { type: 'integer' } } } } },
                400: errorResponses[400],
                429: errorResponses[400],
            },
        },
        handler: async (request, reply) => {
            const id = await sendMessage(app, request.body);
            reply.code(201);
            return { success: true, message: 'Your message has been sent successfully!', data: { id } };
        },
    });

    // Its querystring is built at run time from the list's spec, so its type is the list's, not the schema's.
    app.get<{ Querystring: ListQuery }>('/contacts', {
        config: { access: 'staff' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: 'The staff inbox: bare, every message (legacy); else paged, sorted (newest first with sort=createdAt&order=DESC), searched, filtered by read',
            querystring: MESSAGE_LIST_QUERY,
            response: { 200: { type: 'array', items: messageRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { rows, total } = await listMessages(app, request.query);
            reply.header('X-Total-Count', total);
            if (isStockDialect(request)) reply.header('Content-Range', contentRange(request.query, rows.length, total));
            return rows;
        },
    });

    app.get('/contacts/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one contact message', params: idParams, response: { 200: messageRecord, ...errorResponses } },
        handler: async (request) => readMessage(app, request.params.id),
    });

    app.post('/contacts/:id/read', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Marks a message read (1, the default) or unread (0)',
            params: idParams,
            body: { type: ['object', 'null'], properties: { read: { type: 'integer', enum: [0, 1], 'x-message': 'Read must be 1 (read) or 0 (unread)' } } },
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: messageRecord } }, ...errorResponses },
        },
        handler: async (request) => {
            const read = request.body?.read ?? 1;
            const row = await markRead(app, request.params.id, read, request.user!.id);
            return { success: true, message: read ? 'Message marked as read' : 'Message marked as unread', data: row };
        },
    });
}
