import { entities } from '../../schema';
import type { EntitySchema } from '../../schema/types';

const byName = new Map(entities.map(entity => [entity.name, entity]));

/** The schema of a registered entity, by resource name; undefined for resources without one. */
export const schemaNamed = (name?: string): EntitySchema | undefined => (name ? byName.get(name) : undefined);

/** How another entity's rows are offered as choices: by the field that names them, when the API sorts on it. */
export const choiceSort = (name: string): { field: string; order: 'ASC' } => {
    const target = schemaNamed(name);
    const sortable = target?.list.sort ?? ['name'];
    const named = [target?.representation, 'name'].find(field => field && sortable.includes(field));
    return { field: named ?? sortable[0], order: 'ASC' };
};
