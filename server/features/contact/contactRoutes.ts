import type { FastifyInstance } from 'fastify';
import { emailField, normalEmail } from '../people/emailField';
import { notFound } from '../../infra/errors';
import { contentRange, dropBlankParams, isStockDialect, listQuerySchema, pageOf, type ListQuery, type ListSpec } from '../../engine/list';
import { peopleRateLimit } from '../people/peopleRateLimit';
import { shopContact } from './shopContact';
import { nowIso } from '../../infra/time';
import { ROLE } from '../../../schema/access';
import { errorResponses, idParams } from '../../schemas/common';

const list: ListSpec = {
    search: ['name', 'email', 'subject', 'message'],
    sort: ['id', 'createdAt', 'name', 'email', 'read'],
    filters: { read: 'integer' },
};

const COLUMNS = ['id', 'name', 'email', 'contactNo', 'subject', 'message', 'read', 'readAt', 'createdAt'] as const;

const messageRecord = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        email: { type: 'string' },
        contactNo: { type: 'string' },
        subject: { type: ['string', 'null'] },
        message: { type: 'string' },
        read: { type: 'integer', description: '1 read, 0 unread' },
        readAt: { type: ['string', 'null'] },
        createdAt: { type: 'string' },
    },
} as const;

interface ContactBody {
    name: string;
    email: string;
    contactNo: string;
    subject?: string;
    message: string;
}

/** The contact page (spec §2 Contact): the shop's details, the public message form, and the staff inbox. */
export default async function contact(app: FastifyInstance) {
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
        config: { access: 'public', rateLimit: peopleRateLimit(app) },
        schema: {
            tags,
            summary: 'Sends a message to the shop (open to anyone); the shop is mailed a notification',
            body: {
                type: 'object',
                required: ['name', 'email', 'contactNo', 'message'],
                properties: {
                    name: { type: 'string', pattern: '\\S', maxLength: 120, 'x-message': 'Please enter your name.' },
                    email: emailField('Please enter a valid email address.'),
                    contactNo: { type: 'string', pattern: '^\\s*[0-9]{10,15}\\s*$', 'x-message': 'Please enter a valid contact number (10-15 digits).' },
                    subject: { type: 'string', maxLength: 200, 'x-message': 'The subject can be at most 200 characters long.', description: 'Optional: the legacy client collects it but does not send it' },
                    message: { type: 'string', pattern: '\\S', maxLength: 5000, 'x-message': 'Please enter your message (at most 5000 characters).' },
                },
            },
            response: {
                201: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: { type: 'object', properties: { id: { type: 'integer' } } } } },
                400: errorResponses[400],
                429: errorResponses[400],
            },
        },
        handler: async (request, reply) => {
            const body = request.body as ContactBody;
            const values = {
                name: body.name.trim(),
                email: normalEmail(body.email),
                contactNo: body.contactNo.trim(),
                subject: body.subject?.trim() || null,
                message: body.message.trim(),
                createdAt: nowIso(),
            };
            const saved = await app.db.insertInto('contactMessages').values(values).returning('id').executeTakeFirstOrThrow();
            await notifyShop(app, values);
            reply.code(201);
            return { success: true, message: 'Your message has been sent successfully!', data: { id: saved.id } };
        },
    });

    app.get('/contacts', {
        config: { access: 'staff' },
        preValidation: dropBlankParams,
        schema: {
            tags,
            summary: 'The staff inbox: bare, every message (legacy); else paged, sorted (newest first with sort=createdAt&order=DESC), searched, filtered by read',
            querystring: listQuerySchema(list),
            response: { 200: { type: 'array', items: messageRecord }, ...errorResponses },
        },
        handler: async (request, reply) => {
            const { rows, total } = await pageOf(app.db.selectFrom('contactMessages').select(COLUMNS), request.query as ListQuery, list);
            reply.header('X-Total-Count', total);
            if (isStockDialect(request)) reply.header('Content-Range', contentRange(request.query as ListQuery, rows.length, total));
            return rows;
        },
    });

    app.get('/contacts/:id', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Read one contact message', params: idParams, response: { 200: messageRecord, ...errorResponses } },
        handler: async (request) => {
            const row = await app.db.selectFrom('contactMessages').select(COLUMNS).where('id', '=', (request.params as { id: number }).id).executeTakeFirst();
            if (!row) throw notFound('Message not found');
            return row;
        },
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
            const read = (request.body as { read?: number } | null)?.read ?? 1;
            const row = await app.db
                .updateTable('contactMessages')
                .set(read ? { read: 1, readAt: nowIso(), readBy: request.user!.id } : { read: 0, readAt: null, readBy: null })
                .where('id', '=', (request.params as { id: number }).id)
                .returning(COLUMNS)
                .executeTakeFirst();
            if (!row) throw notFound('Message not found');
            return { success: true, message: read ? 'Message marked as read' : 'Message marked as unread', data: row };
        },
    });
}

/** Mails the shop's address and the staff who asked for it; a mail that fails is logged, the message is kept either way. */
async function notifyShop(app: FastifyInstance, message: Omit<ContactBody, 'subject'> & { subject: string | null; createdAt: string }) {
    const { email: shop } = await shopContact(app);
    const staff = await app.db
        .selectFrom('users')
        .innerJoin('profiles', 'profiles.userId', 'users.id')
        .select('users.email')
        .where('profiles.contactAlerts', '=', 1)
        .where('users.status', '=', 1)
        .where('users.roleId', 'in', [ROLE.admin, ROLE.seller])
        .execute();
    const recipients = [...new Set([shop, ...staff.map((row) => row.email)])];
    const text = `A new message arrived through the contact form.\n\nFrom: ${message.name} <${message.email}>\nPhone: ${message.contactNo}\nSubject: ${message.subject ?? '(none)'}\n\n${message.message}\n\nRead and answer it in the back-office under Contact messages.`;
    for (const to of recipients) {
        try {
            await app.mailer.send({ to, subject: `Contact message: ${message.subject ?? message.name}`.replace(/\s+/g, ' ').slice(0, 200), text });
        } catch (error) {
            app.log.error({ err: error }, 'Contact notification mail failed');
        }
    }
}
