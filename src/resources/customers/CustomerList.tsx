import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList, useTranslate, type SearchInputProps } from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import { ListHeading } from '../../common/ListHeading';
import { PageOfPages } from '../../common/PageOfPages';
import { shopDate } from '../../common/shopTime';
import type { Customer } from './customer';

export const CUSTOMERS_PER_PAGE = 30;

/** The search box says what it searches: a caller is found by the number on the phone's screen. */
const CustomerSearch = (props: SearchInputProps) => {
    const label = useTranslate()('resources.customers.fields.q');
    return <SearchInput {...props} placeholder={label} inputProps={{ 'aria-label': label }} />;
};

const filters = [<CustomerSearch key="q" source="q" alwaysOn />];

const Column = DataTable.Col<Customer>;

const lastOrder = (customer: Customer, never: string) => (customer.lastOrderAt ? shopDate(customer.lastOrderAt) : never);

/**
 * The shop's customers (Shopify's Customers): who they are, how to reach them, how many orders, what they spent and
 * when they last ordered; each opens their page with their order history. Staff only.
 */
export const CustomerList = () => {
    const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'));
    const translate = useTranslate();
    const never = translate('resources.customers.never');
    return (
        <List title="resources.customers.title" filters={filters} perPage={CUSTOMERS_PER_PAGE} sort={{ field: 'name', order: 'ASC' }} pagination={<PageOfPages />} exporter={false}>
            <ListHeading />
            {small ? (
                <SimpleList<Customer>
                    linkType="show"
                    primaryText={customer => customer.name}
                    secondaryText={customer => [customer.contactNo, customer.email].filter(Boolean).join(' · ')}
                    tertiaryText={customer => `${translate('resources.customers.fields.orders')}: ${customer.orders} · ${formatRupees(customer.lifetimeSpend)} · ${lastOrder(customer, never)}`}
                />
            ) : (
                <DataTable bulkActionButtons={false} rowClick="show">
                    <Column source="name" />
                    <Column source="contactNo" disableSort render={customer => customer.contactNo ?? '—'} />
                    <Column source="email" disableSort />
                    <Column source="orders" disableSort align="right" />
                    <Column source="lifetimeSpend" disableSort align="right" render={customer => formatRupees(customer.lifetimeSpend)} />
                    <Column source="lastOrderAt" disableSort render={customer => lastOrder(customer, never)} />
                    <Column source="gstin" disableSort render={customer => customer.gstin ?? ''} />
                </DataTable>
            )}
        </List>
    );
};
