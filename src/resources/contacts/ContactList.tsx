import { Chip } from '@mui/material';
import { DataTable, DateField, List, SearchInput, SelectInput, useRecordContext, useTranslate } from 'react-admin';

import { MessageField } from './MessageField';
import { ReadToggleButton } from './ReadToggleButton';
import { SenderField } from './SenderField';

const readChoices = [
    { id: 0, name: 'resources.contacts.read_choices.unread' },
    { id: 1, name: 'resources.contacts.read_choices.read' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="read" source="read" choices={readChoices} />];

const ReadField = (_props: { source?: string; label?: string }) => {
    const record = useRecordContext<{ read: number }>();
    const translate = useTranslate();
    if (!record) return null;
    const read = Number(record.read) === 1;
    return <Chip size="small" color={read ? 'default' : 'primary'} variant={read ? 'outlined' : 'filled'} label={translate(`resources.contacts.read_choices.${read ? 'read' : 'unread'}`)} />;
};

const Column = DataTable.Col;

/** The staff inbox (GET /contacts): newest first, searchable, read or unread, each message whole. */
export const ContactList = () => (
    <List title="resources.contacts.title" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
        <DataTable bulkActionButtons={false} rowClick={false} rowSx={(record) => (Number(record.read) === 1 ? {} : { bgcolor: 'action.hover' })}>
            <Column source="createdAt">
                <DateField source="createdAt" showTime locales="en-IN" options={{ dateStyle: 'short', timeStyle: 'short' }} />
            </Column>
            <Column source="name" field={SenderField} disableSort />
            <Column source="message" field={MessageField} disableSort />
            <Column source="read" field={ReadField} />
            <Column label="app.list.action" align="right">
                <ReadToggleButton />
            </Column>
        </DataTable>
    </List>
);
