import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, SearchInput, SelectInput } from 'react-admin';

import { MessageCards } from './MessageCards';
import { MessageField } from './MessageField';
import { ReadField } from './ReadField';
import { ReadToggleButton } from './ReadToggleButton';
import { SenderField } from './SenderField';

const readChoices = [
    { id: 0, name: 'resources.contacts.read_choices.unread' },
    { id: 1, name: 'resources.contacts.read_choices.read' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="read" source="read" choices={readChoices} />];

const Column = DataTable.Col;

/** The staff inbox (GET /contacts): newest first, searchable, read or unread, each message whole. */
export const ContactList = () => {
    const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
    return (
        <List title="resources.contacts.title" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false}>
            {small ? (
                <MessageCards />
            ) : (
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
            )}
        </List>
    );
};
