import { Divider } from '@mui/material';
import { DateField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';

import { AccountActions } from './AccountActions';
import { AccountStatusField } from './AccountStatusField';
import { RoleField } from './RoleField';

/** One user: their details, and for an administrator the role and account controls. */
export const UserShow = () => (
    <Show actions={false}>
        <SimpleShowLayout>
            <TextField source="name" />
            <TextField source="email" />
            <TextField source="contactNo" emptyText="-" />
            <TextField source="address" emptyText="-" />
            <TextField source="pincode" emptyText="-" />
            <Labeled source="roleId">
                <RoleField />
            </Labeled>
            <Labeled source="status">
                <AccountStatusField />
            </Labeled>
            <DateField source="createdAt" locales="en-IN" />
            <Divider />
            <AccountActions />
        </SimpleShowLayout>
    </Show>
);
