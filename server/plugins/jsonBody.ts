import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify reads them, but for an empty one: common clients send `Content-Type:
 * application/json` with no body on calls that take none (POST /userlogout), which Fastify refuses. An
 * empty body is read as no body where the route takes none, and as `{}` where it takes one, so that a
 * route that needs fields still answers 400 naming each of them.
 */
export default fp(
    async (app) => {
        const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
        const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
        app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
            if (/^\s*$/.test(body as string)) return done(null, request.routeOptions.schema?.body ? {} : undefined);
            parse(request, body as string, done);
        });
    },
    { name: 'jsonBody' },
);
