import type { FastifyInstance } from 'fastify';
import { emailField, normalEmail } from '../lib/emailField';
import { badRequest } from '../lib/errors';
import { passwordAlert } from '../lib/passwordAlert';
import { passwordField } from '../lib/passwordField';
import { peopleRateLimit } from '../lib/peopleRateLimit';
import { hashPassword, newToken, sha256 } from '../lib/secrets';
import { endSessions } from '../lib/sessions';
import { inMs, nowIso } from '../lib/time';
import { errorResponses, messageBody } from '../schemas/common';

const RESET_TTL_MS = 30 * 60_000;
// A second request within a minute sends nothing more: the answer cannot say so, or it would tell who is registered.
const RESEND_AFTER_MS = 60_000;

export const INVALID_LINK = 'This password reset link is invalid, used or expired. Please ask for a new one.';
export const SENT = 'If this e-mail address is registered, a password reset link has been sent to it.';

/** Forgot and reset password (spec §7): a mailed link with a random, single-use, 30-minute token stored only as a digest. */
export default async function passwords(app: FastifyInstance) {
    const tags = ['Passwords'];
    const rateLimit = peopleRateLimit(app);

    app.post('/forgot-password', {
        config: { access: 'public', rateLimit },
        schema: {
            tags,
            summary: 'Mails a password reset link; answers the same whether or not the address is registered',
            body: { type: 'object', required: ['email'], properties: { email: emailField('Please enter a valid email address!') } },
            response: { 200: messageBody, 400: errorResponses[400], 429: errorResponses[400] },
        },
        handler: async (request) => {
            const address = normalEmail((request.body as { email: string }).email);
            const user = await app.db.selectFrom('users').select(['id', 'name']).where('email', '=', address).where('status', '=', 1).executeTakeFirst();
            if (!user) return { success: true, message: SENT };

            const token = newToken();
            const issued = await app.db.transaction().execute(async (trx) => {
                // Lock the user's row so that two requests at once cannot both issue a live link.
                if (app.dbKind === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
                const last = await trx
                    .selectFrom('passwordResetTokens')
                    .select('createdAt')
                    .where('userId', '=', user.id)
                    .orderBy('createdAt', 'desc')
                    .executeTakeFirst();
                if (last && Date.parse(last.createdAt) > Date.now() - RESEND_AFTER_MS) return false;
                const now = nowIso();
                // A new link replaces every older one.
                await trx.updateTable('passwordResetTokens').set({ usedAt: now }).where('userId', '=', user.id).where('usedAt', 'is', null).execute();
                await trx
                    .insertInto('passwordResetTokens')
                    .values({ userId: user.id, tokenHash: sha256(token), expiresAt: inMs(RESET_TTL_MS), createdAt: now })
                    .execute();
                return true;
            });
            if (issued) {
                const link = `${app.config.publicUrl.replace(/\/+$/, '')}/ResetPassword?token=${token}`;
                await app.mailer.send({
                    to: address,
                    subject: 'Reset your password',
                    text: `Hello ${user.name},\n\nTo choose a new password, open this link within 30 minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this mail: your password stays as it is.`,
                });
            }
            return { success: true, message: SENT };
        },
    });

    app.post('/reset-password/:token', {
        config: { access: 'public', rateLimit },
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
            const { token } = request.params as { token: string };
            const passwordHash = await hashPassword((request.body as { password: string }).password);
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
