import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { emailField, normalEmail } from './emailField';
import { badRequest } from '../../infra/errors';
import { passwordAlert } from './passwordAlert';
import { passwordField } from './passwordField';
import { peopleRateLimit } from './peopleRateLimit';
import { hashPassword, newToken, sha256 } from '../../infra/secrets';
import { endSessions } from './sessions';
import { inMs, nowIso } from '../../infra/time';
import { errorResponses, messageBody } from '../../http/common';

const RESET_TTL_MS = 30 * 60_000;
// A second request within a minute sends nothing more: the answer cannot say so, or it would tell who is registered.
const RESEND_AFTER_MS = 60_000;

export const INVALID_LINK = 'This password reset link is invalid, used or expired. Please ask for a new one.';
export const SENT = 'If this e-mail address is registered, a password reset link has been sent to it.';

const tags = ['Passwords'];

/** Forgot and reset password: a mailed link with a random, single-use, 30-minute token stored only as a digest. */
export default async function passwords(app: FastifyInstance) {
    registerForgotPassword(app);
    registerResetPassword(app);
}

/**
 * Records the request and, unless the address asked within the minute, issues a new link that replaces
 * every older one. Every statement runs for a registered address and an unregistered one alike (for an
 * unregistered one the token statements touch no row), in one transaction that writes in both cases.
 * The request row also makes two requests at once take turns: the second finds the first's time.
 */
function issueLink(app: FastifyInstance, address: string, token: string) {
    return app.db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select(['id', 'name']).where('email', '=', address).where('status', '=', 1).executeTakeFirst();
        const now = nowIso();
        const fresh = await trx
            .insertInto('passwordResetRequests')
            .values({ email: address, requestedAt: now })
            .onConflict((oc) =>
                oc
                    .column('email')
                    .doUpdateSet({ requestedAt: now })
                    .where('passwordResetRequests.requestedAt', '<=', new Date(Date.now() - RESEND_AFTER_MS).toISOString()),
            )
            .returning('email')
            .executeTakeFirst();
        if (!fresh) return { user, issued: false };
        const userId = user?.id ?? 0;
        await trx.updateTable('passwordResetTokens').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
        await trx
            .insertInto('passwordResetTokens')
            .columns(['userId', 'tokenHash', 'expiresAt', 'createdAt'])
            .expression((eb) =>
                eb
                    .selectFrom('users')
                    .select(['id', eb.val(sha256(token)).as('tokenHash'), eb.val(inMs(RESET_TTL_MS)).as('expiresAt'), eb.val(now).as('createdAt')])
                    .where('id', '=', userId),
            )
            .execute();
        return { user, issued: true };
    });
}

/** POST /forgot-password: the same answer whether or not the address is registered. */
function registerForgotPassword(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/forgot-password', {
        config: { access: 'public', rateLimit: peopleRateLimit(app), idempotency: false },
        schema: {
            tags,
            summary: 'Mails a password reset link; answers the same whether or not the address is registered',
            body: { type: 'object', required: ['email'], properties: { email: emailField('Please enter a valid email address!') } },
            response: { 200: messageBody, 400: errorResponses[400], 429: errorResponses[400] },
        },
        handler: async (request) => {
            const address = normalEmail(request.body.email);
            const token = newToken();
            const { user, issued } = await issueLink(app, address, token);
            // Queued either way (an unknown address's mail is recorded as settled, never sent): the same
            // statements for every address, so neither the answer nor its time tells who is registered.
            if (issued) {
                const link = `${app.config.publicUrl.replace(/\/+$/, '')}/ResetPassword?token=${token}`;
                await app.mailer.send(
                    {
                        to: address,
                        subject: 'Reset your password',
                        text: `Hello ${user?.name ?? ''},\n\nTo choose a new password, open this link within 30 minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
                    },
                    { deliver: Boolean(user) },
                );
            }
            return { success: true, message: SENT };
        },
    });
}

/** POST /reset-password/:token: sets the new password once per link and ends every session of the user. */
function registerResetPassword(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/reset-password/:token', {
        config: { access: 'public', rateLimit: peopleRateLimit(app), idempotency: false },
        schema: {
            tags,
            summary: 'Sets a new password with the token from the mailed link; ends every session of the user',
            params: {
                type: 'object',
                required: ['token'],
                properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,100}$', 'x-message': INVALID_LINK } },
            },
            body: { type: 'object', required: ['password'], properties: { password: passwordField } },
            response: { 200: messageBody, 400: errorResponses[400], 429: errorResponses[400] },
        },
        handler: async (request) => {
            const { token } = request.params;
            const passwordHash = await hashPassword(request.body.password);
            const userId = await app.db.transaction().execute(async (trx) => {
                const now = nowIso();
                // Single use: only one request can turn used_at from null, so a replayed link fails.
                const claimed = await trx
                    .updateTable('passwordResetTokens')
                    .set({ usedAt: now })
                    .where('tokenHash', '=', sha256(token))
                    .where('usedAt', 'is', null)
                    .where('expiresAt', '>', now)
                    .returning('userId')
                    .executeTakeFirst();
                if (!claimed) throw badRequest(INVALID_LINK);
                await trx.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', claimed.userId).execute();
                await endSessions(trx, claimed.userId);
                return claimed.userId;
            });
            await passwordAlert(app, userId);
            return { success: true, message: 'Password has been reset successfully!' };
        },
    });
}
