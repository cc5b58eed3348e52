import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../lib/audit';
import { conflict, HttpError } from '../lib/errors';
import { hashPassword, hmac, newOtp, newToken, sameDigest, serverSecret, sha256 } from '../lib/secrets';
import { signInRateLimit } from '../lib/signInLimit';
import { inMs, nowIso } from '../lib/time';
import { ROLE, roleName } from '../plugins/auth';
import { errorResponses, messageBody } from '../schemas/common';

const CODE_TTL_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_TRIES = 5;
const SESSION_TTL_MS = 12 * 60 * 60_000;
/** Consecutive wrong codes an address may get, over all its codes (NIST SP 800-63B), before it must wait. */
export const MAX_ACCOUNT_FAILURES = 100;
/** The wait past the bound: a minute, doubling with each further wrong code, at most a day. */
export const lockoutMs = (failures: number) => Math.min(24 * 60 * 60_000, 60_000 * 2 ** Math.min(20, failures - MAX_ACCOUNT_FAILURES));

// x@y.z, as the specification asks: something, an @, something, a dot, something (spaces around are trimmed).
const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$';
const email = (message: string) => ({ type: 'string', maxLength: 254, pattern: EMAIL_PATTERN, 'x-message': message }) as const;

const userBody = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' }, roleId: { type: 'integer' }, role: { type: 'string' } },
} as const;

export default async function auth(app: FastifyInstance) {
    const rateLimit = signInRateLimit(app);
    // Keyed: a million possible codes are no secret without the server's key.
    const secret = serverSecret(app.config.dataDir, app.config.appSecret);
    const codeDigest = (address: string, code: string) => hmac(secret, `${address}:${code}`);

    /** The address's newest code; later codes replace earlier ones. */
    const newestCode = (address: string) =>
        app.db
            .selectFrom('loginCodes')
            .selectAll()
            .where('email', '=', address)
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst();

    /** Counts a wrong code against the address, in one statement, and starts a wait past the bound. */
    async function countFailure(address: string, ip: string) {
        const now = nowIso();
        const { failures } = await app.db
            .insertInto('signInFailures')
            .values({ email: address, failures: 1, lockedUntil: null, updatedAt: now })
            .onConflict((oc) => oc.column('email').doUpdateSet((eb) => ({ failures: eb('signInFailures.failures', '+', 1), updatedAt: now })))
            .returning('failures')
            .executeTakeFirstOrThrow();
        if (failures >= MAX_ACCOUNT_FAILURES) {
            await app.db.updateTable('signInFailures').set({ lockedUntil: inMs(lockoutMs(failures)) }).where('email', '=', address).execute();
        }
        // A burst is a whole code's worth of wrong guesses: the activity log shows it, not every miss.
        if (failures % MAX_TRIES === 0) {
            const user = await app.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
            await recordAudit(app.db, { email: address, ip }, { action: 'code-burst', entity: 'users', entityId: user?.id, changes: { failures: { after: failures } } });
        }
    }

    app.post('/user_login', {
        config: { access: 'public', rateLimit },
        schema: {
            tags: ['Sign-in'],
            summary: 'Mails a one-time sign-in code (the same call resends it)',
            body: { type: 'object', required: ['email'], properties: { email: email('Invalid email') } },
            response: { 200: messageBody, 400: errorResponses[400], 429: errorResponses[400] },
        },
        handler: async (request) => {
            const address = (request.body as { email: string }).email.trim().toLowerCase();
            const last = await newestCode(address);
            // Only a live code holds back a new one: once wrong guesses (anyone's) killed it, or it was
            // used, the owner may ask again at once; strangers are held back per client by the rate limit.
            const live = last && !last.usedAt && last.attempts < MAX_TRIES && last.expiresAt > nowIso();
            if (live && Date.parse(last.createdAt) > Date.now() - RESEND_AFTER_MS) {
                throw new HttpError(429, 'A code was sent less than a minute ago. Please wait before asking again.');
            }
            // A code is recorded for every address, known or not, so the answers and the resend
            // limit look the same either way: nobody learns which addresses have an account.
            const code = newOtp();
            await app.db
                .insertInto('loginCodes')
                .values({ email: address, codeHash: codeDigest(address, code), attempts: 0, expiresAt: inMs(CODE_TTL_MS), createdAt: nowIso() })
                .execute();
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

    app.post('/userverify-otp', {
        config: { access: 'public', rateLimit },
        schema: {
            tags: ['Sign-in'],
            summary: 'Exchanges the one-time code for a session token',
            body: {
                type: 'object',
                required: ['email', 'otp'],
                properties: { email: email('Invalid email'), otp: { type: 'string', pattern: '^\\s*\\d{6}\\s*$', 'x-message': 'Invalid OTP' } },
            },
            response: {
                200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, token: { type: 'string' }, user: userBody } },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const body = request.body as { email: string; otp: string };
            const address = body.email.trim().toLowerCase();
            const otp = body.otp.trim();
            const now = nowIso();
            const held = await app.db.selectFrom('signInFailures').select('lockedUntil').where('email', '=', address).executeTakeFirst();
            if (held?.lockedUntil && held.lockedUntil > now) {
                const minutes = Math.max(1, Math.ceil((Date.parse(held.lockedUntil) - Date.now()) / 60_000));
                throw new HttpError(429, `Too many wrong codes for this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
            }
            const code = await newestCode(address);
            if (!code) throw new HttpError(401, 'Invalid OTP');
            // Each try takes one of the code's five before it is compared, in one statement: however
            // many guesses arrive at once, at most five are ever compared with a code.
            const slot = await app.db
                .updateTable('loginCodes')
                .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
                .where('id', '=', code.id)
                .where('usedAt', 'is', null)
                .where('attempts', '<', MAX_TRIES)
                .where('expiresAt', '>', now)
                .returning('attempts')
                .executeTakeFirst();
            if (!slot) throw new HttpError(401, 'Invalid OTP');
            if (!sameDigest(code.codeHash, codeDigest(address, otp))) {
                await countFailure(address, request.ip);
                throw new HttpError(401, 'Invalid OTP');
            }
            // Single use: the update only wins if nobody used the code in between.
            const claimed = await app.db
                .updateTable('loginCodes')
                .set({ usedAt: nowIso() })
                .where('id', '=', code.id)
                .where('usedAt', 'is', null)
                .executeTakeFirst();
            const user = await app.db
                .selectFrom('users')
                .select(['id', 'name', 'email', 'roleId', 'status'])
                .where('email', '=', address)
                .executeTakeFirst();
            if (!user || Number(claimed.numUpdatedRows) !== 1) throw new HttpError(401, 'Invalid OTP');
            if (user.status !== 1) throw new HttpError(403, 'This account is disabled. Please ask the shop administrator.');
            await app.db.deleteFrom('signInFailures').where('email', '=', address).execute();

            const token = newToken();
            await app.db.transaction().execute(async (trx) => {
                await trx.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(SESSION_TTL_MS), createdAt: nowIso() }).execute();
                await recordAudit(trx, { userId: user.id, email: user.email, ip: request.ip }, { action: 'sign-in', entity: 'users', entityId: user.id });
            });
            return { success: true, message: 'Signed in', token, user: { ...user, role: roleName(user.roleId) } };
        },
    });

    app.post('/userlogout', {
        config: { access: 'signedIn' },
        schema: { tags: ['Sign-in'], summary: 'Ends the current session', response: { 200: messageBody, 401: errorResponses[401] } },
        handler: async (request) => {
            const user = request.user!;
            await app.db.transaction().execute(async (trx) => {
                await trx.updateTable('sessions').set({ revokedAt: nowIso() }).where('id', '=', user.sessionId).execute();
                await recordAudit(trx, { userId: user.id, email: user.email, ip: request.ip }, { action: 'sign-out', entity: 'users', entityId: user.id });
            });
            return { success: true, message: 'Signed out' };
        },
    });

    app.get('/me', {
        config: { access: 'signedIn' },
        schema: { tags: ['Sign-in'], summary: 'The signed-in user', response: { 200: userBody, 401: errorResponses[401] } },
        handler: async (request) => {
            const { sessionId: _session, ...user } = request.user!;
            return { ...user, role: roleName(user.roleId) };
        },
    });

    app.post('/user_register', {
        config: { access: 'public', rateLimit },
        schema: {
            tags: ['Sign-in'],
            summary: 'Registers a customer (spec §5 customer rules) and signs them in',
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
                201: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, token: { type: 'string' } } },
                ...errorResponses,
            },
        },
        handler: async (request, reply) => {
            const body = request.body as { name: string; email: string; contact_no: string; address: string; pincode: string; password: string };
            const address = body.email.trim().toLowerCase();
            const taken = await app.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
            if (taken) throw conflict('An account with this e-mail already exists. Please sign in instead.', { email: 'This e-mail is already registered' });
            const now = nowIso();
            const user = await app.db
                .insertInto('users')
                .values({
                    name: body.name.trim(),
                    email: address,
                    contactNo: body.contact_no,
                    address: body.address.trim(),
                    pincode: body.pincode,
                    passwordHash: await hashPassword(body.password),
                    roleId: ROLE.customer,
                    createdAt: now,
                    updatedAt: now,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
            const token = newToken();
            await app.db.insertInto('sessions').values({ tokenHash: sha256(token), userId: user.id, expiresAt: inMs(SESSION_TTL_MS), createdAt: now }).execute();
            reply.code(201);
            return { success: true, message: 'Registration successful', token };
        },
    });
}
