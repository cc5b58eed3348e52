import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, List, SearchInput, SelectInput, SimpleList, useTranslate, type SearchInputProps } from 'react-admin';

import { AccountStatusField } from './AccountStatusField';
import { NoUsers } from './NoUsers';
import { PageOfPages } from '../../common/PageOfPages';
import { RoleField } from './RoleField';
import { roleChoices, roleKey } from './roles';
import { useSeesContacts } from './useSeesContacts';
import { PageHeading } from '../../common/PageHeading';
import { shopDate, shopDateFieldOptions } from '../../common/shopTime';

export const USERS_PER_PAGE = 30;

const NameSearch = (props: SearchInputProps) => {
    const placeholder = useSeesContacts() ? 'resources.users.fields.q' : 'resources.users.fields.q_name';
    return <SearchInput {...props} placeholder={useTranslate()(placeholder)} />;
};

const statusChoices = [
    { id: 1, name: 'resources.users.status.active' },
    { id: 0, name: 'resources.users.status.disabled' },
];

const filters = [
    <NameSearch key="q" source="q" alwaysOn />,
    <SelectInput key="roleId" source="roleId" choices={roleChoices} />,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

const Column = DataTable.Col;

/**
 * The user list (the legacy /UserList screen): name search, 30 a page with Prev/Next, the role as a word, the join
 * date in Indian short format.
 */
export const UserList = () => {
    // A phone gets one line per user instead of a table wider than the screen.
    const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
    const translate = useTranslate();
    const contacts = useSeesContacts();
    return (
        <List
            title="resources.users.title"
            filters={filters}
            perPage={USERS_PER_PAGE}
            sort={{ field: 'createdAt', order: 'DESC' }}
            pagination={<PageOfPages />}
            empty={<NoUsers />}
            exporter={false}
        >
            <PageHeading title="resources.users.title" />
            {small ? (
                <SimpleList
                    linkType="show"
                    primaryText={(user) => user.name}
                    secondaryText={(user) => (contacts ? user.email : undefined)}
                    tertiaryText={(user) =>
                        `${translate(`resources.users.roles.${roleKey(user.roleId)}`)} · ${shopDate(user.createdAt)}`
                    }
                    empty={<NoUsers />}
                />
            ) : (
                <DataTable bulkActionButtons={false} rowClick="show" empty={<NoUsers />}>
                    <Column source="id" />
                    <Column source="name" />
                    {contacts && <Column source="email" />}
                    {contacts && <Column source="contactNo" />}
                    <Column source="roleId" field={RoleField} />
                    <Column source="status" field={AccountStatusField} />
                    <Column source="createdAt">
                        <DateField source="createdAt" locales="en-IN" options={shopDateFieldOptions} />
                    </Column>
                </DataTable>
            )}
        </List>
    );
};
