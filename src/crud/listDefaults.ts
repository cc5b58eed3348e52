import type { SortPayload } from 'react-admin';

import type { EntitySchema } from '../../schema/types';

/** How a generated list opens: its page size and first sort, from the schema (25 rows when it does not say). */
export const listDefaults = (schema: EntitySchema): { perPage: number; sort: SortPayload } => ({
    perPage: schema.list.perPage ?? 25,
    sort: { field: schema.list.sort[0], order: schema.list.defaultOrder ?? 'ASC' },
});

/**
 * The filter a list adds to what the user chose: where the entity has variants, one row a product (its own,
 * position 1, the others under it) while the list is browsed; a search or a filter (the dashboard's low stock) shows
 * every variant that matches, each a row, so that a pack running low is seen.
 */
export const variantsFilter = (schema: EntitySchema, chosen: Record<string, unknown> | undefined): Record<string, unknown> | undefined =>
    schema.variants && !Object.keys(chosen ?? {}).length ? { [schema.variants.position]: 1 } : undefined;
