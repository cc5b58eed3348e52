import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { keepPrepared } from '../db/createDb';
import { coalescedReads } from '../infra/coalescedReads';
import { HttpError } from '../infra/errors';
import { sha256 } from '../infra/secrets';
import { nowIso } from '../infra/time';
import { roleAllows } from '../../schema/access';
import type { SessionUser } from '../infra/sessionUser';


/**
 * Who may call a route, declared once in the route's `config.access`:
 * public (anyone), signedIn (any session), staff (Admin or Seller), admin (Admin only).
 * A route that declares nothing is admin-only, so a forgotten declaration fails closed.
 */
export type Access = 'public' | 'signedIn' | 'staff' | 'admin';


declare module 'fastify' {
    interface FastifyContextConfig {
        access?: Access;
        /**
         * Starts the route's reads that are the same whoever asks (a list's versions), so that they are sent
         * with the caller's session lookup instead of after it.
         */
        readAhead?: (request: FastifyRequest) => void;
        /** Lets a caller in without the access above when it answers true (a scraper's METRICS_TOKEN). */
        alsoLetIn?: (request: FastifyRequest) => boolean;
    }
    interface FastifyRequest {
        user: SessionUser | null;
    }
}



export default fp(
    async (app) => {
        app.decorateRequest('user', null);

        // Every request but the public ones asks this, so it is built and compiled once; each call only puts
        // in its token's digest and the time (the placeholders below, swapped for the values by position).
        const TOKEN = '\u0000token';
        const NOW = '\u0000now';
        const lookup = app.db
            .selectFrom('sessions')
            .innerJoin('users', 'users.id', 'sessions.userId')
            .select(['sessions.id as sessionId', 'users.id', 'users.name', 'users.email', 'users.roleId'])
            .where('sessions.tokenHash', '=', TOKEN)
            .where('sessions.revokedAt', 'is', null)
            // A disabled account's sessions stop working at once, whatever their expiry.
            .where('users.status', '=', 1)
            .where('sessions.expiresAt', '>', NOW)
            .compile();
        if (lookup.parameters.filter((value) => value === TOKEN || value === NOW).length !== 2) throw new Error('The session lookup lost a parameter');
        keepPrepared(lookup.sql);

        // Requests of one session that arrive together share one lookup, sent after the last of them arrived.
        const lookUp = coalescedReads(async (digest: string) => {
            const now = nowIso();
            const parameters = lookup.parameters.map((value) => (value === TOKEN ? digest : value === NOW ? now : value));
            const { rows } = await app.db.executeQuery<SessionUser>({ ...lookup, parameters });
            return rows[0] ?? null;
        });

        async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
            const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
            if (!match) return null;
            const user = await lookUp(sha256(match[1]));
            // Each request its own copy: a handler may add to it.
            return user && { ...user };
        }

        // API answers are per caller and may carry tokens: no cache, shared or private, keeps them.
        // Not an async hook: a promise per answer for a header.
        app.addHook('onSend', (_request, reply, payload, done) => {
            if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
            done(null, payload);
        });

        app.addHook('onRequest', async (request) => {
            const { access = 'admin', readAhead, alsoLetIn } = request.routeOptions.config;
            if (access === 'public' || alsoLetIn?.(request)) return;
            // Only for a caller who shows a token: one who shows none is turned away without a read.
            if (request.headers.authorization) readAhead?.(request);
            request.user = await sessionUser(request);
            if (!request.user) throw new HttpError(401, 'Please sign in to continue');
            if (!roleAllows(access, request.user.roleId)) {
                throw new HttpError(403, 'Your account may not do this');
            }
        });
    },
    { name: 'auth', dependencies: ['db'] },
);
