import { createContext, useContext } from 'react';

import type { EntitySchema } from '../../schema/types';

/** The schema of the resource on screen; the generated views and inputs read it. */
export const SchemaContext = createContext<EntitySchema | undefined>(undefined);

export const useEntitySchema = (): EntitySchema => {
    const schema = useContext(SchemaContext);
    if (!schema) throw new Error('useEntitySchema must be used inside a schema resource (see schemaResource)');
    return schema;
};
