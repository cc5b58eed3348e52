import { Fragment } from 'react';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    DataTable,
    FilterButton,
    List,
    NumberInput,
    ReferenceInput,
    SearchInput,
    SelectInput,
    type SearchInputProps,
    SimpleList,
    TopToolbar,
    CreateButton,
    useTranslate,
} from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import { ShopDateInput } from '../../common/ShopDateInput';
import { shopTimeOfDay, shopZoneName } from '../../common/shopTime';
import { FiltersKept } from '../../common/ListHeading';
import { useNotifyError } from '../../common/useNotifyError';
import { BulkMarkPackedButton } from './BulkMarkPackedButton';
import { BulkPackingSlipsButton } from './BulkPackingSlipsButton';
import { NoOrders } from './NoOrders';
import { PageOfPages } from '../../common/PageOfPages';
import { OrderExportButton } from './OrderExportButton';
import { orderExporter } from './orderExporter';
import { OrderStatusField } from './OrderStatusField';
import { OrderStatusTabs } from './OrderStatusTabs';
import { OrderSlotField } from './OrderSlotField';
import { PackNextSlotButton } from './PackNextSlotButton';
import { indianDate, type Order } from './orderStatuses';
import { PageHeading } from '../../common/PageHeading';

export const ORDERS_PER_PAGE = 30;

/** The search box says what it searches: customer names. */
const CustomerSearch = (props: SearchInputProps) => {
    const translate = useTranslate();
    const label = translate('resources.orders.fields.q');
    return <SearchInput {...props} placeholder={label} inputProps={{ 'aria-label': label }} />;
};

const methodChoices = [
    { id: 'online', name: 'resources.orders.methods.online' },
    { id: 'cod', name: 'resources.orders.methods.cod' },
];

// The status is chosen by the tabs above the list.
const filters = [
    <CustomerSearch key="q" source="q" alwaysOn />,
    <ShopDateInput key="createdFrom" source="createdFrom" />,
    <ShopDateInput key="createdTo" source="createdTo" />,
    <SelectInput key="paymentMethod" source="paymentMethod" choices={methodChoices} />,
    <NumberInput key="totalFrom" source="totalFrom" min={0} step={1} />,
    <NumberInput key="totalTo" source="totalTo" min={0} step={1} />,
    <ShopDateInput key="slotDate" source="slotDate" />,
    <ReferenceInput key="slotId" source="slotId" reference="deliverySlots" sort={{ field: 'startTime', order: 'ASC' }} />,
];

const OrderListActions = () => (
    <TopToolbar>
        <CreateButton label="app.order_desk.create" />
        <FilterButton />
        <PackNextSlotButton />
        <OrderExportButton />
    </TopToolbar>
);

const BulkActions = () => (
    <Fragment>
        <BulkMarkPackedButton />
        <BulkPackingSlipsButton />
    </Fragment>
);

const Column = DataTable.Col<Order>;

/** The day, and under it the time: a morning order and an evening one are packed for different runs. */
const PlacedAt = ({ order }: { order: Order }) => (
    <Box>
        <div>{indianDate(order.createdAt)}</div>
        <Typography variant="caption" color="text.secondary">
            {shopTimeOfDay(order.createdAt)}
        </Typography>
    </Box>
);

const productsOf = (order: Order) => order.products.map(p => `${p.name} × ${p.quantity}`).join(', ');

/**
 * /ListOrder, the legacy screen's route: status tabs with counts, filters by customer name (on the server), dates,
 * payment and total, 30 a page with Prev, 'Page X of Y' and Next as the user list, Indian dates, ₹ totals; the selected orders
 * marked packed at once; the filtered orders exported as CSV for the accounts.
 */
export const OrderList = () => {
    const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'));
    const translate = useTranslate();
    const onError = useNotifyError('fetch_list_error');
    return (
        <List
            title="resources.orders.title"
            filters={filters}
            actions={<OrderListActions />}
            perPage={ORDERS_PER_PAGE}
            sort={{ field: 'createdAt', order: 'DESC' }}
            pagination={<PageOfPages />}
            empty={<NoOrders />}
            exporter={orderExporter(translate)}
            queryOptions={{ onError }}
        >
            <PageHeading title="resources.orders.title" />
            {/* The status is the tabs' to show; the other filters are kept between visits, and this line says so. */}
            <Box sx={{ px: 2 }}>
                <FiltersKept skip={['status']} />
            </Box>
            <OrderStatusTabs />
            {small ? (
                <SimpleList<Order>
                    linkType="show"
                    primaryText={order => `#${order.id} · ${order.customer.name}`}
                    secondaryText={order => `${formatRupees(order.totalPrice)} · ${translate(`resources.orders.methods.${order.paymentMethod}`)}`}
                    tertiaryText={order => `${indianDate(order.createdAt)} ${shopTimeOfDay(order.createdAt)} · ${translate(`resources.orders.statuses.${order.status}`)}`}
                    empty={<NoOrders />}
                />
            ) : (
                <DataTable bulkActionButtons={<BulkActions />} rowClick="show" empty={<NoOrders />}>
                    <Column source="id" />
                    <Column source="customerName" label="resources.orders.fields.customer" render={order => order.customer.name} />
                    <Column source="products" disableSort render={productsOf} sx={{ maxWidth: 360 }} />
                    <Column source="totalPrice" align="right" render={order => formatRupees(order.totalPrice)} />
                    <Column source="paymentMethod" disableSort render={order => translate(`resources.orders.methods.${order.paymentMethod}`)} />
                    <Column source="createdAt" label={translate('resources.orders.fields.createdAt_zone', { zone: shopZoneName() })} render={order => <PlacedAt order={order} />} />
                    <Column source="slotDate" label="resources.orders.fields.slot" field={OrderSlotField} />
                    <Column source="status" field={OrderStatusField} />
                </DataTable>
            )}
        </List>
    );
};
