import { Box, Typography } from '@mui/material';
import { DataTable, DateField, TextField, useTranslate } from 'react-admin';

import { PhoneList } from '../../common/PhoneList';
import { ResourceList } from '../../common/ResourceList';
import { SchemaColumn } from '../../crud/SchemaColumn';
import { useEntitySchema } from '../../crud/SchemaContext';
import { schemaExporter } from '../../crud/schemaExporter';
import { listDefaults } from '../../crud/listDefaults';
import { schemaFilters } from '../../crud/schemaFilters';
import { ActionField } from './ActionField';
import { ChangesField } from './ChangesField';
import { EntityField } from './EntityField';
import { shopDateFieldOptions } from '../../common/shopTime';

/** A line on a phone: when and who, the screen and the record, then the changes. */
const ActivityPhoneList = () => (
    <PhoneList
        primary={<ActionField />}
        secondary={
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
                <Typography component="span" variant="body2">
                    <DateField source="createdAt" showTime locales="en-IN" options={shopDateFieldOptions} /> · <TextField source="userEmail" />
                </Typography>
                <Typography component="span" variant="body2">
                    <EntityField /> <TextField source="record" />
                </Typography>
                <ChangesField />
            </Box>
        }
    />
);

/**
 * The activity log as the generated list shows it (filters, dates, export), except that a line names its
 * screen and says what changed in that screen's labels ('Category: Fruits → Vegetables'), not raw JSON.
 */
export const ActivityList = () => {
    const schema = useEntitySchema();
    const translate = useTranslate();
    return (
        <ResourceList
            filters={schemaFilters(schema)}
            {...listDefaults(schema)}
            phone={<ActivityPhoneList />}
            exporter={schemaExporter(schema, translate)}
        >
            {schema.list.columns.map(column => {
                if (column === 'createdAt') {
                    return (
                        <DataTable.Col key={column} source={column} sx={{ whiteSpace: 'nowrap' }}>
                            <DateField source={column} showTime locales="en-IN" options={shopDateFieldOptions} />
                        </DataTable.Col>
                    );
                }
                if (column === 'action') return <DataTable.Col key={column} source={column} field={ActionField} />;
                if (column === 'entity') return <DataTable.Col key={column} source={column} field={EntityField} disableSort />;
                if (column === 'changes') {
                    return <DataTable.Col key={column} source={column} field={ChangesField} disableSort sx={{ maxWidth: 420 }} />;
                }
                return <SchemaColumn key={column} source={column} />;
            })}
        </ResourceList>
    );
};
