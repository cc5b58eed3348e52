import 'fastify';
import fp from 'fastify-plugin';
import { registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { entityRoutes } from './entityRoutes';
import type { HooksByEntity } from './hooks';
import type { Repository } from './repository';
import { uploadRoute } from './routes/uploadRoute';

declare module 'fastify' {
    interface FastifyInstance {
        /** Every schema entity's repository by name, for routes beyond the entity's own (an import, a report). */
        entityStores: Map<string, { schema: EntitySchema; store: Repository }>;
    }
}

/** The routes of every schema-described entity (schema/index.ts), each as its schema says, with its features' hooks. */
export default fp<{ entities: EntitySchema[]; hooks: HooksByEntity }>(
    async (app, { entities, hooks }) => {
        const all = registry(entities);
        const unknown = Object.keys(hooks).filter((name) => !entities.some((entity) => entity.name === name));
        if (unknown.length) throw new Error(`Hooks name no entity: ${unknown.join(', ')}`);
        const stores = new Map(entities.map((entity) => [entity.name, { schema: entity, store: entityRoutes(app, entity, all, hooks[entity.name]) }]));
        app.decorate('entityStores', stores);
        // The pictures the records' image fields take by address in the v1 shape.
        uploadRoute(app);
    },
    { name: 'entities' },
);
