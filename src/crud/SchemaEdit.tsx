import type { ReactNode } from 'react';

import { ResourceEdit } from '../common/ResourceEdit';
import { RecordHistory } from './RecordHistory';
import { useEntitySchema } from './SchemaContext';
import { SchemaForm } from './SchemaForm';
import { VariantRows } from './VariantRows';

/**
 * The generated edit view; `children` replaces the generated form. A save can be undone for a few seconds,
 * unless the entity has files: an upload cannot be held back, so those forms wait for the server.
 */
export const SchemaEdit = ({ children }: { children?: ReactNode }) => {
    const schema = useEntitySchema();
    const hasFiles = Object.values(schema.fields).some(field => field.type === 'image' || field.type === 'gallery');
    return (
        <ResourceEdit mutationMode={hasFiles ? 'pessimistic' : 'undoable'}>
            {children ?? <SchemaForm mode="edit" />}
            {schema.variants && <VariantRows />}
            <RecordHistory />
        </ResourceEdit>
    );
};
