import type { FastifyInstance } from 'fastify';
import { registry } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { entityRoutes } from '../lib/entityRoutes';

/** The routes of every schema-described entity (schema/index.ts), each as its schema says. */
export default async function entities(app: FastifyInstance, { entities }: { entities: EntitySchema[] }) {
    const all = registry(entities);
    for (const entity of entities) entityRoutes(app, entity, all);
}
