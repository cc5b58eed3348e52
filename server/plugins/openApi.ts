import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { typedDocument } from '../http/openApiTypes';
import { operationId } from '../infra/operationId';
import { takesIdempotencyKey, withIdempotencyKey } from '../infra/idempotency/keyedRoutes';

/**
 * The OpenAPI document (`/api/docs/json`) and its UI (`/api/docs`). Registered before the routes, so every
 * operation it lists gets a unique operationId (for client generators) unless its schema names one.
 */
export default fp(async (app) => {
    const named = new Map<string, string>();
    // The operations that take an Idempotency-Key header (server/plugins/idempotency.ts), by operationId.
    const keyed = new Set<string>();
    app.addHook('onRoute', (route) => {
        if (route.method === 'HEAD' || route.schema?.hide) return;
        for (const method of [route.method].flat()) {
            const id = route.schema?.operationId ?? operationId(method, route.url);
            const owner = `${method} ${route.url}`;
            // Two paths that read alike (`/a-b` and `/a_b`) would share a name: refused at start, not in a client.
            if (named.has(id) && named.get(id) !== owner) throw new Error(`operationId ${id} names both ${named.get(id)} and ${owner}`);
            named.set(id, owner);
            if (takesIdempotencyKey(method, route)) keyed.add(id);
            // Public operations (sign-in, registration, the contact form, health, the test checkout) take no token.
            const open = route.config?.access === 'public' ? { security: [] } : {};
            if (!Array.isArray(route.method)) route.schema = { ...route.schema, ...open, operationId: id };
        }
    });
    await app.register(swagger, {
        openapi: {
            info: {
                title: 'Grocer Back-office API',
                version: '1.0.0',
                description: 'Legacy-compatible admin API; see docs/api.md',
                license: { name: 'Proprietary' },
            },
            // Paths carry their /api prefix, so the document's server is whichever host serves it.
            servers: [{ url: '/', description: 'This server' }],
            components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
            security: [{ bearer: [] }],
        },
        transformObject: (document) => typedDocument(withIdempotencyKey('openapiObject' in document ? document.openapiObject : document.swaggerObject, keyed)),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}, { name: 'open-api' });
