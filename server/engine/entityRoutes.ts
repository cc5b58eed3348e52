import type { FastifyInstance } from 'fastify';
import type { Registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { describe } from './describe';
import type { EntityHooks } from './hooks';
import { repository } from './repository';
import { listRoute } from './routes/listRoute';
import { readOnly, restRoutes } from './routes/restRoutes';
import { routeParts } from './routes/routeParts';
import { bulkRoute, removeRoute, toggleRoute } from './routes/statusRoutes';
import { variantRoutes } from './routes/variantRoutes';
import { createRoute, readRoute, updateRoute } from './routes/writeRoutes';

/**
 * Registers the legacy routes of one entity, as its schema describes them: list, read, create, update,
 * toggle, bulk and delete, each with the access the schema gives it; a path the schema leaves out is not offered.
 * Beside them, the same store under `/api/v1/<name>` in the stock REST shape (routes/restRoutes.ts).
 */
export function entityRoutes(app: FastifyInstance, entity: EntitySchema, registry: Registry, hooks?: EntityHooks) {
    const described = describe(entity, registry);
    const store = repository(app, entity, described, registry, hooks);
    const parts = routeParts(app, entity, registry, described, store);
    listRoute(parts);
    readRoute(parts);
    createRoute(parts);
    updateRoute(parts);
    toggleRoute(parts);
    bulkRoute(parts);
    removeRoute(parts);
    // An entity the server alone writes refuses every write at its legacy path as at its v1 one: 405, not 404.
    if (!entity.paths.create && !entity.paths.update && !entity.paths.remove) readOnly(parts, entity.paths.list, true);
    restRoutes(parts);
    variantRoutes(parts);
    return store;
}
