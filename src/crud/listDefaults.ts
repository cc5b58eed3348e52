import type { SortPayload } from 'react-admin';

import type { EntitySchema } from '../../schema/types';

/** How a generated list opens: its page size and first sort, from the schema (25 rows when it does not say). */
export const listDefaults = (schema: EntitySchema): { perPage: number; sort: SortPayload } => ({
    perPage: schema.list.perPage ?? 25,
    sort: { field: schema.list.sort[0], order: schema.list.defaultOrder ?? 'ASC' },
});
