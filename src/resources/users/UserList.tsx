import { DataTable, DateField, List, SearchInput, SelectInput } from 'react-admin';

import { AccountStatusField } from './AccountStatusField';
import { NoUsers } from './NoUsers';
import { PageOfPages } from './PageOfPages';
import { RoleField } from './RoleField';
import { roleChoices } from './roles';

export const USERS_PER_PAGE = 30;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="roleId" source="roleId" choices={roleChoices} />];

const Column = DataTable.Col;

/** /UserList (spec §2, §9): name search, 30 a page with Prev/Next, the role as a word, the join date in Indian short format. */
export const UserList = () => (
    <List
        title="resources.users.title"
        filters={filters}
        perPage={USERS_PER_PAGE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        pagination={<PageOfPages />}
        empty={<NoUsers />}
        exporter={false}
    >
        <DataTable bulkActionButtons={false} rowClick="show" empty={<NoUsers />}>
            <Column source="id" />
            <Column source="name" />
            <Column source="email" />
            <Column source="contactNo" />
            <Column source="roleId" field={RoleField} />
            <Column source="status" field={AccountStatusField} />
            <Column source="createdAt">
                <DateField source="createdAt" locales="en-IN" />
            </Column>
        </DataTable>
    </List>
);
