import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { recordAudit } from '../../engine/audit';
import { HttpError } from '../../infra/errors';
import { hashPassword, newToken, sha256 } from '../../infra/secrets';
import { DEVICE_TOKEN_HEADER } from './deviceTokens';
import { signInCodes } from './signInCodes';
import { registrationMail } from './registrationMail';
import { signInRateLimit } from './signInLimit';
import { inMs, nowIso } from '../../infra/time';
import { ROLE, roleName } from '../../../schema/access';
import { errorResponses, messageBody } from '../../http/common';

export { CODE_MAIL_WINDOW_MS, DEVICE_FAILURES, lockoutMs, MAX_ACCOUNT_FAILURES, MAX_CODE_MAILS, MAX_TRIES, UNKNOWN_DEVICE_FAILURES } from './signInCodes';

const SESSION_TTL_MS = 12 * 60 * 60_000;
/** What every registration answers, whether the address was new or taken. */
export const REGISTERED = 'Registration successful';

// x@y.z, as the specification asks: something, an @, something, a dot, something (spaces around are trimmed).
const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$';
/** The device token a browser that signed in before sends back; anything else in it counts as no token. */
const deviceHeader = {
    type: 'object',
    properties: { [DEVICE_TOKEN_HEADER]: { type: 'string', description: 'The deviceToken of an earlier sign-in to this account, if any' } },
} as const;

const email = (message: string) => ({ type: 'string', maxLength: 254, pattern: EMAIL_PATTERN, 'x-message': message }) as const;

const userBody = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' }, roleId: { type: 'integer' }, role: { type: 'string' } },
} as const;

const meBody = {
    type: 'object',
    properties: { ...userBody.properties, shopTimeZone: { type: 'string', description: "The shop's time zone (the active settings' choice), which the screens' times read" } },
} as const;

type Codes = ReturnType<typeof signInCodes>;
type RateLimit = ReturnType<typeof signInRateLimit>;

/** Sign-in by a mailed one-time code, sign-out, the signed-in user, and customer registration. */
export default async function auth(app: FastifyInstance) {
    const rateLimit = signInRateLimit(app);
    const codes = signInCodes(app);
    registerLogin(app, rateLimit, codes);
    registerVerifyCode(app, rateLimit, codes);
    registerLogout(app);
    registerMe(app);
    registerRegistration(app, rateLimit);
}

/** POST /user_login: mails a code, the same answer for every address. */
function registerLogin(fastify: FastifyInstance, rateLimit: RateLimit, codes: Codes) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/user_login', {
        config: { access: 'public', rateLimit, idempotency: false },
        schema: {
            tags: ['Sign-in'],
            summary: 'Mails a one-time sign-in code (the same call resends it)',
            headers: deviceHeader,
            body: { type: 'object', required: ['email'], properties: { email: email('Invalid email') } },
            response: { 200: messageBody, 400: errorResponses[400], 429: errorResponses[400] },
        },
        handler: async (request) => {
            const address = request.body.email.trim().toLowerCase();
            // A code is recorded for every address, known or not, so the answers, the limits and the work
            // look the same either way: nobody learns which addresses have an account.
            const code = await codes.issue(address, await codes.deviceOf(address, request.headers[DEVICE_TOKEN_HEADER]));
            if (code === null) return { success: true, message: 'OTP sent to your email.' };
            // A disabled account gets no code, and the same answer as anyone.
            const user = await app.db.selectFrom('users').select('name').where('email', '=', address).where('status', '=', 1).executeTakeFirst();
            // Queued, not sent, either way: the answer does not wait on the mail server, and an unknown
            // address costs the same work (its mail is recorded as settled, never sent).
            await app.mailer.send(
                {
                    to: address,
                    subject: `Your sign-in code: ${code}`,
                    text: `Hello ${user?.name ?? ''},\n\nYour sign-in code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
                },
                { deliver: Boolean(user) },
            );
            return { success: true, message: 'OTP sent to your email.' };
        },
    });
}

/** POST /userverify-otp: a right code opens a session. */
function registerVerifyCode(fastify: FastifyInstance, rateLimit: RateLimit, codes: Codes) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/userverify-otp', {
        config: { access: 'public', rateLimit, idempotency: false },
        schema: {
            tags: ['Sign-in'],
            summary: 'Exchanges the one-time code for a session token',
            headers: deviceHeader,
            body: {
                type: 'object',
                required: ['email', 'otp'],
                properties: { email: email('Invalid email'), otp: { type: 'string', pattern: '^\\s*\\d{6}\\s*$', 'x-message': 'Invalid OTP' } },
            },
            response: {
                200: {
                    type: 'object',
                    properties: {
                        success: { type: 'boolean' },
                        message: { type: 'string' },
                        token: { type: 'string' },
                        deviceToken: { type: 'string', description: `This device's token for the account: send it back in ${DEVICE_TOKEN_HEADER} when signing in again` },
                        user: userBody,
                    },
                },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const { body } = request;
            const address = body.email.trim().toLowerCase();
            const device = await codes.deviceOf(address, request.headers[DEVICE_TOKEN_HEADER]);
            const check = await codes.use(address, device, request.ip, body.otp.trim());
            const user = await app.db
                .selectFrom('users')
                .select(['id', 'name', 'email', 'roleId', 'status'])
                .where('email', '=', address)
                .executeTakeFirst();
            if (check === 'spent') throw new HttpError(401, 'This code has had too many wrong tries. Please ask for a new one.');
            if (!user || check !== 'right') throw new HttpError(401, 'Invalid OTP');
            if (user.status !== 1) throw new HttpError(403, 'This account is disabled. Please ask the shop administrator.');
            const deviceToken = await codes.signedIn(address, device);

            const token = newToken();
            await app.db.transaction().execute(async (trx) => {
                await trx.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(SESSION_TTL_MS), createdAt: nowIso() }).execute();
                await recordAudit(trx, { userId: user.id, email: address, ip: request.ip }, { action: 'sign-in', entity: 'users', record: user.id });
            });
            return { success: true, message: 'Signed in', token, deviceToken, user: { ...user, email: address, role: roleName(user.roleId) } };
        },
    });
}

/** POST /userlogout */
function registerLogout(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/userlogout', {
        config: { access: 'signedIn', idempotency: false },
        schema: { tags: ['Sign-in'], summary: 'Ends the current session', response: { 200: messageBody, 401: errorResponses[401] } },
        handler: async (request) => {
            const user = request.user!;
            await app.db.transaction().execute(async (trx) => {
                await trx.updateTable('sessions').set({ revokedAt: nowIso() }).where('id', '=', user.sessionId).execute();
                await recordAudit(trx, { userId: user.id, email: user.email, ip: request.ip }, { action: 'sign-out', entity: 'users', record: user.id });
            });
            return { success: true, message: 'Signed out' };
        },
    });
}

/** GET /me */
function registerMe(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/me', {
        config: { access: 'signedIn' },
        schema: { tags: ['Sign-in'], summary: "The signed-in user, and the shop's time zone", response: { 200: meBody, 401: errorResponses[401] } },
        handler: async (request) => {
            const { sessionId: _session, ...user } = request.user!;
            return { ...user, role: roleName(user.roleId), shopTimeZone: await app.shopClock.zone() };
        },
    });
}

/** POST /user_register: the same 201 for a taken address, whose owner is mailed instead. */
function registerRegistration(fastify: FastifyInstance, rateLimit: RateLimit) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/user_register', {
        config: { access: 'public', rateLimit, idempotency: false },
        schema: {
            tags: ['Sign-in'],
            summary: 'Registers a customer; they then sign in with a mailed code',
            description:
                'Answers the same 201 for an address that already has an account: its owner is mailed a warning instead, and nothing is changed. No session is given here; the account is used by signing in (POST /user_login), which proves the mailbox.',
            body: {
                type: 'object',
                required: ['name', 'email', 'contact_no', 'address', 'pincode', 'password'],
                properties: {
                    name: { type: 'string', pattern: '\\S', maxLength: 120, 'x-message': 'Please, enter your name!' },
                    email: email('Please enter a valid email address!'),
                    contact_no: { type: 'string', pattern: '^\\d{10}$', 'x-message': 'Please enter a valid 10-digit contact number!' },
                    address: { type: 'string', pattern: '\\S', maxLength: 500, 'x-message': 'Please enter your address!' },
                    pincode: { type: 'string', pattern: '^\\d{6}$', 'x-message': 'Please enter a valid 6-digit pincode!' },
                    password: { type: 'string', minLength: 6, maxLength: 200, 'x-message': 'Password must be at least 6 characters long!' },
                },
            },
            response: {
                201: messageBody,
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const { body } = request;
            const address = body.email.trim().toLowerCase();
            const name = body.name.trim();
            // The same work for a taken address as for a new one: the password is hashed either way, the insert
            // itself finds the taken address, and one mail is queued either way.
            const passwordHash = await hashPassword(body.password);
            const now = nowIso();
            const created = await app.db
                .insertInto('users')
                .values({ name, email: address, contactNo: body.contact_no, address: body.address.trim(), pincode: body.pincode, passwordHash, roleId: ROLE.customer, createdAt: now, updatedAt: now })
                // A taken address's row is locked and left as it is, which answers no id; the lock is a write,
                // so the statement waits for the disk at commit as a new account's does (PostgreSQL flushes
                // only transactions that wrote).
                .onConflict((oc) =>
                    oc
                        .column('email')
                        .doUpdateSet({ updatedAt: (eb) => eb.ref('users.updatedAt') })
                        .where(sql<boolean>`false`),
                )
                .returning('id')
                .executeTakeFirst();
            await app.mailer.send(registrationMail(address, name, Boolean(created), app.config.publicUrl));
            reply.code(201);
            return { success: true, message: REGISTERED };
        },
    });
}
