import { entities } from '../../schema';
import type { EntitySchema } from '../../schema/types';

const byName = new Map(entities.map(entity => [entity.name, entity]));

/** The schema of a registered entity, by resource name; undefined for resources without one. */
export const schemaNamed = (name?: string): EntitySchema | undefined => (name ? byName.get(name) : undefined);
