import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, Empty, List, SearchInput, SelectInput } from 'react-admin';

import { PageHeading } from '../../common/PageHeading';
import { MessageCards } from './MessageCards';
import { MessageField } from './MessageField';
import { ReadField } from './ReadField';
import { ReadToggleButton } from './ReadToggleButton';
import { SenderField } from './SenderField';
import { shopDateTimeFieldOptions } from '../../common/shopTime';

const readChoices = [
    { id: 0, name: 'resources.contacts.read_choices.unread' },
    { id: 1, name: 'resources.contacts.read_choices.read' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="read" source="read" choices={readChoices} />];

const Column = DataTable.Col;

/** No message yet: the page still says what it is. */
const ContactsEmpty = () => (
    <Box>
        <PageHeading title="resources.contacts.title" />
        <Empty />
    </Box>
);

/** The staff inbox (GET /contacts): newest first, searchable, read or unread, each message whole. */
export const ContactList = () => {
    const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
    return (
        <List title="resources.contacts.title" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} empty={<ContactsEmpty />}>
            <PageHeading title="resources.contacts.title" />
            {small ? (
                <MessageCards />
            ) : (
                <DataTable bulkActionButtons={false} rowClick={false} rowSx={(record) => (Number(record.read) === 1 ? {} : { bgcolor: 'action.hover' })}>
                    <Column source="createdAt">
                        <DateField source="createdAt" showTime locales="en-IN" options={shopDateTimeFieldOptions} />
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
