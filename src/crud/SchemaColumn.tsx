import { DataTable, ReferenceField } from 'react-admin';

import type { EntitySchema } from '../../schema/types';
import { ImageThumbField } from '../common/ImageThumbField';
import { MoneyField } from '../common/MoneyField';
import { PercentField } from '../common/PercentField';
import { StatusField } from '../common/StatusField';
import { useEntitySchema } from './SchemaContext';

/** A column that shows the name a reference joins in (`categoryName`): the API does not sort on it. */
const isDisplayName = (schema: EntitySchema, source: string) => Object.values(schema.fields).some(field => field.display?.as === source);

/** One list column, shown as its field's type calls for; sortable when the API sorts on it. */
export const SchemaColumn = ({ source }: { source: string }) => {
    const schema = useEntitySchema();
    const disableSort = !schema.list.sort.includes(source);
    if (source === 'status') return <DataTable.Col source={source} field={StatusField} disableSort={disableSort} />;
    const field = schema.fields[source];
    if (!field) {
        // id, timestamps and joined display names are plain text.
        return <DataTable.Col source={source} disableSort={disableSort || isDisplayName(schema, source)} />;
    }
    switch (field.type) {
        case 'image':
            return <DataTable.Col source={source} field={ImageThumbField} disableSort />;
        case 'money':
            return <DataTable.Col source={source} field={MoneyField} align="right" disableSort={disableSort} />;
        case 'percent':
            return <DataTable.Col source={source} field={PercentField} align="right" disableSort={disableSort} />;
        case 'reference':
            return (
                <DataTable.Col source={source} disableSort={disableSort} sx={{ whiteSpace: 'nowrap' }}>
                    <ReferenceField source={source} reference={field.reference!} link={false} />
                </DataTable.Col>
            );
        case 'longText':
        case 'richText':
            return <DataTable.Col source={source} disableSort={disableSort} sx={{ maxWidth: 360 }} />;
        default:
            return <DataTable.Col source={source} disableSort={disableSort} />;
    }
};
