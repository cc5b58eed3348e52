import type { RouteOptions } from 'fastify';

/** The methods a key applies to: POST (creates), and PUT/PATCH so a retried write is not refused as a conflict. */
export const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
export const MAX_KEY_LENGTH = 255;

/** Whether a route takes an Idempotency-Key: a write under /api that does not opt out (the sign-in family). */
export const takesIdempotencyKey = (method: string, route: Pick<RouteOptions, 'url' | 'config'>) =>
    KEYED_METHODS.has(method) && route.url.startsWith('/api/') && route.config?.idempotency !== false;

const parameter = {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
        'A unique key (a UUID) that makes a retry safe: the first answer to this key is saved for 24 hours and replayed, with Idempotent-Replayed: true, to a request with the same key and body. Up to 255 characters.',
    schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
};

type Operation = { operationId?: string; parameters?: unknown[] };
type Document = { components?: { parameters?: Record<string, unknown> }; paths?: Record<string, Record<string, Operation> | undefined> };

/** The OpenAPI document with the Idempotency-Key header on each operation named in `operationIds`. */
export function withIdempotencyKey<T>(document: T, operationIds: Set<string>): T {
    const doc = document as Document;
    doc.components = { ...doc.components, parameters: { ...doc.components?.parameters, IdempotencyKey: parameter } };
    const ref = { $ref: '#/components/parameters/IdempotencyKey' };
    for (const methods of Object.values(doc.paths ?? {})) {
        for (const operation of Object.values(methods ?? {})) {
            if (!operation.operationId || !operationIds.has(operation.operationId)) continue;
            const parameters = (operation.parameters ??= []);
            if (!parameters.some((p) => (p as { $ref?: string }).$ref === ref.$ref)) parameters.push(ref);
        }
    }
    return document;
}
