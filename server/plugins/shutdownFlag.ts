import fp from 'fastify-plugin';

declare module 'fastify' {
    interface FastifyInstance {
        /**
         * True once the server has begun to close: readiness then answers 503, so a load balancer stops sending
         * new requests while those in flight finish. Whoever handles SIGTERM may set it earlier.
         */
        shuttingDown: boolean;
        /** The signal that asked the process to stop, when one did (set in server/main.ts), for the shutdown's log line. */
        shutdownSignal: string | null;
    }
}

export default fp(
    async (app) => {
        app.decorate('shuttingDown', false);
        app.decorate('shutdownSignal', null);
        let started = 0;
        app.addHook('preClose', async () => {
            app.shuttingDown = true;
            started = performance.now();
        });
        // Registered before the other plugins, so run after their own closing (the database's, the queues'):
        // one line saying why the server stopped and how long closing took.
        app.addHook('onClose', async () => {
            app.log.info({ signal: app.shutdownSignal, durationMs: Math.round(performance.now() - started) }, 'Server closed');
        });
    },
    { name: 'shutdown-flag' },
);
