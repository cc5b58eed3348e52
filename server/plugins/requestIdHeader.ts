import fp from 'fastify-plugin';

/**
 * Every answer carries its request's id (server/infra/requestId.ts) in X-Request-Id, errors included: the
 * id a user or a proxy reports is the `reqId` of the request's log lines.
 */
export default fp(
    async (app) => {
        // Not an async hook: a promise per answer for a header.
        app.addHook('onSend', (request, reply, payload, done) => {
            reply.header('X-Request-Id', request.id);
            done(null, payload);
        });
    },
    { name: 'request-id-header' },
);
