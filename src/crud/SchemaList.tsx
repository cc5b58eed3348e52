import { ActionsColumn } from '../common/ActionsColumn';
import { ResourceList } from '../common/ResourceList';
import { SchemaColumn } from './SchemaColumn';
import { useEntitySchema } from './SchemaContext';
import { schemaFilters } from './schemaFilters';

/** The generated list: the schema's columns, filters, search, sort and page size, and the actions its paths allow. */
export const SchemaList = () => {
    const schema = useEntitySchema();
    const { ui = {} } = schema;
    return (
        <ResourceList filters={schemaFilters(schema)} perPage={schema.list.perPage}>
            {schema.list.columns.map(column => (
                <SchemaColumn key={column} source={column} />
            ))}
            <ActionsColumn
                deletable={Boolean(schema.paths.remove)}
                toggle={
                    schema.paths.toggle
                        ? {
                              confirm: ui.confirmToggle ? `resources.${schema.name}.confirm_toggle` : undefined,
                              serverMessage: ui.toggleServerMessage,
                          }
                        : false
                }
            />
        </ResourceList>
    );
};
