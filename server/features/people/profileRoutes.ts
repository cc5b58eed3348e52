import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { badRequest, HttpError, notFound } from '../../infra/errors';
import { passwordAlert } from './passwordAlert';
import { passwordField } from './passwordField';
import { peopleRateLimit } from './peopleRateLimit';
import { profileRecord, readProfile } from './profileRecord';
import { hashPassword, verifyPassword } from '../../infra/secrets';
import { endSessions } from './sessions';
import { nowIso } from '../../infra/time';
import { pictureRateLimit, PROFILE_PICTURE, replacePicture } from './profilePicture';
import { ROLE } from '../../../schema/access';
import { gstinProblem } from '../../../schema/gstin';
import { errorResponses, messageBody, MAX_INTEGER } from '../../http/common';

/** The legacy profile screen sends the route's own placeholder, `:id`, for the signed-in user: it means `me`. */
const OWN = new Set(['me', ':id']);

const params = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', pattern: '^(me|:id|[1-9][0-9]{0,9})$', 'x-message': "A profile id is a user's number, or me" } },
} as const;

const text = (maxLength: number, message?: string) => ({ type: ['string', 'null'], maxLength, ...(message ? { 'x-message': message } : {}) }) as const;
const link = (site: string) =>
    ({ type: ['string', 'null'], maxLength: 300, pattern: '^\\s*(https?://\\S+)?\\s*$', 'x-message': `Please enter your ${site} link as a full address starting with https://` }) as const;

const profileBody = {
    type: 'object',
    properties: {
        fullName: { type: 'string', pattern: '\\S', maxLength: 120, 'x-message': 'Please enter your full name' },
        email: { type: 'string', maxLength: 254, description: 'Read only: the sign-in address. Sending it unchanged is accepted.' },
        phone: { type: ['string', 'null'], pattern: '^\\s*(\\+?[0-9]{10,15})?\\s*$', 'x-message': 'Please enter a valid phone number (10-15 digits).' },
        address: text(500, 'The address can be at most 500 characters long'),
        gstin: { type: ['string', 'null'], maxLength: 20, description: "A business's GSTIN (15 characters, its check character checked); empty for none" },
        businessName: text(200, 'The business name can be at most 200 characters long'),
        jobTitle: text(120, 'The job title can be at most 120 characters long'),
        company: text(120, 'The company can be at most 120 characters long'),
        country: text(80, 'The country can be at most 80 characters long'),
        about: text(2000, 'About can be at most 2000 characters long'),
        profileImage: { type: ['string', 'null'], maxLength: 300, description: 'Only empty (remove the picture) or the stored value; upload with POST /profile/{id}/picture' },
        twitter: link('Twitter'),
        facebook: link('Facebook'),
        instagram: link('Instagram'),
        linkedin: link('LinkedIn'),
        securityAlerts: { type: 'boolean' },
        contactAlerts: { type: 'boolean' },
    },
} as const;

const PROFILE_TEXT = ['jobTitle', 'company', 'country', 'about', 'twitter', 'facebook', 'instagram', 'linkedin'] as const;
const blankToNull = (value: string | null | undefined) => (value == null || !value.trim() ? null : value.trim());

/** The user a `/profile/{id}` call is about (`raw`, the path's id); reading another's profile is for administrators, changing it for nobody. */
function subject(request: FastifyRequest, raw: string, write: boolean): number {
    const me = request.user!;
    const id = OWN.has(raw) ? me.id : Number(raw);
    if (id > MAX_INTEGER) throw notFound('User not found');
    if (id !== me.id && (write || me.roleId !== ROLE.admin)) {
        throw new HttpError(403, write ? 'You can only change your own profile' : 'You can only see your own profile');
    }
    return id;
}

const tags = ['Profile'];
const written = { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: profileRecord } } as const;

/** The staff member's own profile (the legacy screen only displayed it), wired: read, save, picture and password. */
export default async function profile(app: FastifyInstance) {
    // A picture is sent as the raw image body, so it needs neither multipart nor base64; only these routes read such bodies.
    app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE.maxBytes }, (_request, body, done) => done(null, body));
    registerReadProfile(app);
    registerSaveProfile(app);
    registerProfilePicture(app);
    registerChangePassword(app);
}

/** GET /profile/:id */
function registerReadProfile(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/profile/:id', {
        config: { access: 'signedIn' },
        schema: { tags, summary: 'A profile; `me` (or the legacy literal `:id`) is the signed-in user', params, response: { 200: profileRecord, ...errorResponses } },
        handler: async (request) => readProfile(app, subject(request, request.params.id, false)),
    });
}

/** POST /profile/:id: saves the fields sent, clearing those sent empty. */
function registerSaveProfile(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/profile/:id', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: 'Saves your own profile; every field is optional, and a field sent empty is cleared (the full name cannot be)',
            params,
            body: profileBody,
            response: { 200: written, ...errorResponses },
        },
        handler: async (request) => {
            const id = subject(request, request.params.id, true);
            const { body } = request;
            const current = await readProfile(app, id);
            if (body.email !== undefined && body.email.trim().toLowerCase() !== current.email) {
                throw badRequest('Your e-mail address is how you sign in, so it cannot be changed here.', {
                    email: 'Your e-mail address is how you sign in, so it cannot be changed here.',
                });
            }
            const removePicture = body.profileImage !== undefined && blankToNull(body.profileImage) === null && current.profileImage !== null;
            if (body.profileImage != null && body.profileImage.trim() !== '' && body.profileImage !== current.profileImage) {
                throw badRequest('Please upload the picture with Change picture.', { profileImage: 'Please upload the picture with Change picture.' });
            }

            const gstin = blankToNull(body.gstin)?.toUpperCase() ?? null;
            const gstinWrong = gstin ? gstinProblem(gstin) : undefined;
            if (gstinWrong) throw badRequest(gstinWrong, { gstin: gstinWrong });

            const now = nowIso();
            const user = {
                ...(body.gstin !== undefined ? { gstin } : {}),
                ...(body.businessName !== undefined ? { businessName: blankToNull(body.businessName) } : {}),
                ...(body.fullName !== undefined ? { name: body.fullName.trim() } : {}),
                ...(body.phone !== undefined ? { contactNo: blankToNull(body.phone) } : {}),
                ...(body.address !== undefined ? { address: blankToNull(body.address) } : {}),
            };
            const own = {
                ...Object.fromEntries(PROFILE_TEXT.filter((key) => body[key] !== undefined).map((key) => [key, blankToNull(body[key])])),
                ...(removePicture ? { profileImage: null } : {}),
                ...(body.securityAlerts !== undefined ? { securityAlerts: body.securityAlerts ? 1 : 0 } : {}),
                ...(body.contactAlerts !== undefined ? { contactAlerts: body.contactAlerts ? 1 : 0 } : {}),
                updatedAt: now,
            };
            const write = async (trx: Transaction<Database>) => {
                if (Object.keys(user).length) await trx.updateTable('users').set({ ...user, updatedAt: now }).where('id', '=', id).execute();
                await trx
                    .insertInto('profiles')
                    .values({ userId: id, ...own })
                    .onConflict((oc) => oc.column('userId').doUpdateSet(own))
                    .execute();
            };
            // The picture removed is the one the row holds when it is written, which an upload since the read may have changed.
            if (removePicture) await replacePicture(app, id, null, write);
            else await app.db.transaction().execute(write);
            return { success: true, message: 'Profile updated successfully', data: await readProfile(app, id) };
        },
    });
}

/** POST /profile/:id/picture: the body is the image itself. */
function registerProfilePicture(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/profile/:id/picture', {
        config: { access: 'signedIn', rateLimit: pictureRateLimit(app) },
        bodyLimit: PROFILE_PICTURE.maxBytes,
        schema: {
            tags,
            summary:
                'Replaces your profile picture: the body is the image itself (Content-Type image/jpeg, png, gif or webp), at most 4 MB and 12 megapixels, kept at most 256 px square; PICTURE_RATE_LIMIT a minute',
            params,
            consumes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
            response: { 200: written, ...errorResponses, 413: errorResponses[400], 415: errorResponses[400], 429: errorResponses[400], 503: errorResponses[400] },
        },
        handler: async (request) => {
            const id = subject(request, request.params.id, true);
            if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('Please choose a picture to upload.');
            const staged = await app.media.stage(request.body, PROFILE_PICTURE);
            await replacePicture(app, id, staged, (trx) => trx.updateTable('profiles').set({ profileImage: staged, updatedAt: nowIso() }).where('userId', '=', id).execute());
            return { success: true, message: 'Profile picture updated', data: await readProfile(app, id) };
        },
    });
}

/** POST /profile/:id/password: ends the user's other sessions. */
function registerChangePassword(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/profile/:id/password', {
        config: { access: 'signedIn', rateLimit: peopleRateLimit(app), idempotency: false },
        schema: {
            tags,
            summary: 'Changes your own password; the current one is required when the account has one. Ends your other sessions.',
            params,
            body: {
                type: 'object',
                required: ['newPassword'],
                properties: { currentPassword: { type: 'string', maxLength: 200 }, newPassword: passwordField },
            },
            response: { 200: messageBody, ...errorResponses, 429: errorResponses[400] },
        },
        handler: async (request) => {
            const id = subject(request, request.params.id, true);
            const { body } = request;
            const user = await app.db.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow();
            // 400, not 401: a wrong current password must not sign the user out of the app.
            if (user.passwordHash && !(body.currentPassword && (await verifyPassword(body.currentPassword, user.passwordHash)))) {
                throw badRequest('Your current password is not correct.', { currentPassword: 'Your current password is not correct.' });
            }
            const passwordHash = await hashPassword(body.newPassword);
            const now = nowIso();
            await app.db.transaction().execute(async (trx) => {
                await trx.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', id).execute();
                await trx.updateTable('passwordResetTokens').set({ usedAt: now }).where('userId', '=', id).where('usedAt', 'is', null).execute();
                await endSessions(trx, id, request.user!.sessionId);
            });
            await passwordAlert(app, id);
            return { success: true, message: 'Password changed successfully' };
        },
    });
}
