import fp from 'fastify-plugin';

declare module 'fastify' {
    interface FastifyInstance {
        /**
         * True once the server has begun to close: readiness then answers 503, so a load balancer stops sending
         * new requests, and every answer from then on says `Connection: close`.
         */
        shuttingDown: boolean;
    }
}

/**
 * A stopping server (SIGTERM, a deploy) answers every request it still gets, those in flight and those that come
 * on kept-alive connections before it has closed them, each with `Connection: close`, so the client (or the load
 * balancer) takes its next request to another instance instead of meeting a refusal.
 */
export default fp(
    async (app) => {
        app.decorate('shuttingDown', false);
        // Registered first, so its preClose runs before the queues' and the database's own closing.
        app.addHook('preClose', async () => {
            app.shuttingDown = true;
        });
        // At the answer, not the request: a request whose body was still coming when the stop began is one of them.
        app.addHook('onSend', async (_request, reply) => {
            if (!app.shuttingDown) return;
            // Node closes the connection after an answer it may not keep alive (and says so, whoever else set the header).
            reply.raw.shouldKeepAlive = false;
            reply.header('Connection', 'close');
        });
    },
    { name: 'shutdown-flag' },
);
