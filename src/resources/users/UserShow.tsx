import { Divider } from '@mui/material';
import { DateField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';

import { AccountActions } from './AccountActions';
import { AccountStatusField } from './AccountStatusField';
import { BusinessDetails } from './BusinessDetails';
import { CustomerOrders } from './CustomerOrders';
import { RoleField } from './RoleField';
import { useSeesContacts } from './useSeesContacts';
import { ShowHeading } from '../../common/PageHeading';
import { shopDateFieldOptions } from '../../common/shopTime';

/**
 * One user: their name, a business customer's GSTIN and business name, role and account state, their orders and what
 * they spent (and, for an administrator, contact details, the business details' form and the account controls).
 */
export const UserShow = () => {
    const contacts = useSeesContacts();
    return (
        <Show actions={false}>
            <ShowHeading />
            <SimpleShowLayout>
                <TextField source="name" />
                {contacts && <TextField source="email" />}
                {contacts && <TextField source="contactNo" emptyText="-" />}
                {contacts && <TextField source="address" emptyText="-" />}
                {contacts && <TextField source="pincode" emptyText="-" />}
                <TextField source="gstin" emptyText="-" />
                <TextField source="businessName" emptyText="-" />
                <Labeled source="roleId">
                    <RoleField />
                </Labeled>
                <Labeled source="status">
                    <AccountStatusField />
                </Labeled>
                <DateField source="createdAt" locales="en-IN" options={shopDateFieldOptions} />
                <Divider />
                <CustomerOrders />
                <Divider />
                <BusinessDetails />
                <AccountActions />
            </SimpleShowLayout>
        </Show>
    );
};
