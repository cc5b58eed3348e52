import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateInput, List, SearchInput, SelectInput, type SearchInputProps, SimpleList, useTranslate } from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import { useNotifyError } from '../../common/useNotifyError';
import { NoOrders } from './NoOrders';
import { PageOfPages } from '../../common/PageOfPages';
import { OrderStatusField } from './OrderStatusField';
import { indianDate, statusChoices, type Order } from './orderStatuses';

export const ORDERS_PER_PAGE = 30;

/** The search box says what it searches: customer names. */
const CustomerSearch = (props: SearchInputProps) => {
    const translate = useTranslate();
    const label = translate('resources.orders.fields.q');
    return <SearchInput {...props} placeholder={label} inputProps={{ 'aria-label': label }} />;
};

const filters = [
    <CustomerSearch key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <DateInput key="createdFrom" source="createdFrom" />,
    <DateInput key="createdTo" source="createdTo" />,
];

const Column = DataTable.Col<Order>;

const productsOf = (order: Order) => order.products.map(p => `${p.name} × ${p.quantity}`).join(', ');

/** /ListOrder (spec §2, §9): customer-name search on the server, 30 a page with Prev/Next, Indian dates, ₹ totals. */
export const OrderList = () => {
    const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'));
    const translate = useTranslate();
    const onError = useNotifyError('fetch_list_error');
    return (
        <List
            title="resources.orders.title"
            filters={filters}
            perPage={ORDERS_PER_PAGE}
            sort={{ field: 'createdAt', order: 'DESC' }}
            pagination={<PageOfPages />}
            empty={<NoOrders />}
            exporter={false}
            queryOptions={{ onError }}
        >
            {small ? (
                <SimpleList<Order>
                    linkType="show"
                    primaryText={order => `#${order.id} · ${order.customer.name}`}
                    secondaryText={order => `${formatRupees(order.totalPrice)} · ${indianDate(order.createdAt)}`}
                    tertiaryText={order => translate(`resources.orders.statuses.${order.status}`)}
                    empty={<NoOrders />}
                />
            ) : (
                <DataTable bulkActionButtons={false} rowClick="show" empty={<NoOrders />}>
                    <Column source="id" />
                    <Column source="customerName" label="resources.orders.fields.customer" render={order => order.customer.name} />
                    <Column source="products" disableSort render={productsOf} sx={{ maxWidth: 360 }} />
                    <Column source="totalPrice" align="right" render={order => formatRupees(order.totalPrice)} />
                    <Column source="createdAt" render={order => indianDate(order.createdAt)} />
                    <Column source="status" field={OrderStatusField} />
                </DataTable>
            )}
        </List>
    );
};
