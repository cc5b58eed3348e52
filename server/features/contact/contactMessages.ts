import type { FastifyInstance } from 'fastify';
import { emailField, normalEmail } from '../people/emailField';
import { notFound } from '../../infra/errors';
import { listQuerySchema, pageOf, type ListQuery, type ListSpec } from '../../engine/list';
import { nowIso } from '../../infra/time';
import { ROLE } from '../../../schema/access';
import { peopleRateLimit } from '../people/peopleRateLimit';
import { shopContact } from './shopContact';

const list: ListSpec = {
    search: ['name', 'email', 'subject', 'message'],
    sort: ['id', 'createdAt', 'name', 'email', 'read', 'updatedAt', 'contactNo', 'subject', 'readAt'],
    filters: { read: 'integer' },
};

/** The inbox's querystring (the legacy list and v1's). */
export const MESSAGE_LIST_QUERY = listQuerySchema(list);

const COLUMNS = ['id', 'name', 'email', 'contactNo', 'subject', 'message', 'read', 'readAt', 'createdAt', 'updatedAt'] as const;

export const messageRecord = {
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
        updatedAt: { type: ['string', 'null'], description: 'When it came, or was last marked read or unread' },
    },
} as const;

/** The contact form's limit, one count per client over both paths (POST /contact and POST /v1/contacts). */
export const contactRateLimit = (app: FastifyInstance) => ({ ...peopleRateLimit(app), groupId: 'contact-form' });

/** What the public form sends, checked the same at both paths. */
export const CONTACT_BODY = {
    type: 'object',
    required: ['name', 'email', 'contactNo', 'message'],
    properties: {
        name: { type: 'string', pattern: '\\S', maxLength: 120, 'x-message': 'Please enter your name.' },
        email: emailField('Please enter a valid email address.'),
        contactNo: { type: 'string', pattern: '^\\s*[0-9]{10,15}\\s*$', 'x-message': 'Please enter a valid contact number (10-15 digits).' },
        subject: { type: 'string', maxLength: 200, 'x-message': 'The subject can be at most 200 characters long.', description: 'Optional: the legacy client collects it but does not send it' },
        message: { type: 'string', pattern: '\\S', maxLength: 5000, 'x-message': 'Please enter your message (at most 5000 characters).' },
    },
} as const;

export interface ContactBody {
    name: string;
    email: string;
    contactNo: string;
    subject?: string;
    message: string;
}

export const listMessages = (app: FastifyInstance, query: ListQuery) => pageOf(app.db.selectFrom('contactMessages').select(COLUMNS), query, list);

export async function readMessage(app: FastifyInstance, id: number) {
    const row = await app.db.selectFrom('contactMessages').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Message not found');
    return row;
}

/** Keeps a message from the public form and tells the shop; answers its id. */
export async function sendMessage(app: FastifyInstance, body: ContactBody): Promise<number> {
    const values = {
        name: body.name.trim(),
        email: normalEmail(body.email),
        contactNo: body.contactNo.trim(),
        subject: body.subject?.trim() || null,
        message: body.message.trim(),
        createdAt: nowIso(),
    };
    const saved = await app.db.insertInto('contactMessages').values({ ...values, updatedAt: values.createdAt }).returning('id').executeTakeFirstOrThrow();
    await notifyShop(app, values);
    return saved.id;
}

/** Marks a message read (by this member of staff) or unread. */
export async function markRead(app: FastifyInstance, id: number, read: number, staffId: number) {
    const row = await app.db
        .updateTable('contactMessages')
        .set(read ? { read: 1, readAt: nowIso(), readBy: staffId, updatedAt: nowIso() } : { read: 0, readAt: null, readBy: null, updatedAt: nowIso() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst();
    if (!row) throw notFound('Message not found');
    return row;
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
    const recipients = [...new Set([shop, ...staff.flatMap((row) => (row.email ? [row.email] : []))])];
    const text = `A new message arrived through the contact form.\n\nFrom: ${message.name} <${message.email}>\nPhone: ${message.contactNo}\nSubject: ${message.subject ?? '(none)'}\n\n${message.message}\n\nRead and answer it in the back-office under Contact messages.`;
    for (const to of recipients) {
        try {
            await app.mailer.send({ to, subject: `Contact message: ${message.subject ?? message.name}`.replace(/\s+/g, ' ').slice(0, 200), text });
        } catch (error) {
            app.log.error({ err: error }, 'Contact notification mail failed');
        }
    }
}
