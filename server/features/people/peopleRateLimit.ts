import type { FastifyInstance } from 'fastify';

/**
 * Calls anyone can make that send mail or guess at secrets (forgot and reset password, the contact
 * form, change password): at most 10 a minute per client, fewer when AUTH_RATE_LIMIT is lower.
 */
export const peopleRateLimit = (app: FastifyInstance) => ({ max: Math.max(1, Math.min(10, app.config.authRateLimit)), timeWindow: '1 minute' });
