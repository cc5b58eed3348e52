import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, ReferenceManyField, useDataProvider, useRecordContext, useTranslate } from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import { PageOfPages } from '../../common/PageOfPages';
import type { OrderToolsDataProvider } from '../../dataProvider';
import { OrderStatusField } from '../orders/OrderStatusField';
import { indianDate, type Order } from '../orders/orderStatuses';

const Column = DataTable.Col<Order>;

/** How many orders, and what they spent (GET /users/{id}/order-summary: paid orders, not cancelled or refunded). */
const OrderSummary = ({ userId }: { userId: number }) => {
    const dataProvider = useDataProvider<OrderToolsDataProvider>();
    const translate = useTranslate();
    const { data, isError } = useQuery({
        queryKey: ['users', 'customerOrderSummary', userId],
        queryFn: async () => (await dataProvider.customerOrderSummary(userId)).data,
    });
    const t = (key: string, options?: object) => translate(`resources.users.orders.${key}`, options);
    if (isError) return <Typography color="error">{t('error')}</Typography>;
    if (!data) return null;
    if (!data.orders) return <Typography color="text.secondary">{t('none')}</Typography>;
    return (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography variant="h6" component="p">
                {t('count', { smart_count: data.orders })}
            </Typography>
            <Typography variant="h6" component="p">
                {t('spent', { amount: formatRupees(data.totalSpent) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {t('spent_on', { smart_count: data.paidOrders })}
            </Typography>
        </Box>
    );
};

/** A user's page: their orders at a glance, and the orders themselves, newest first, each opening its page. */
export const CustomerOrders = () => {
    const user = useRecordContext<{ id: number }>();
    const translate = useTranslate();
    if (!user) return null;
    return (
        <Box component="section" aria-labelledby="customer-orders" sx={{ width: '100%' }}>
            <Typography id="customer-orders" variant="h6" component="h2" gutterBottom>
                {translate('resources.users.orders.title')}
            </Typography>
            <OrderSummary userId={user.id} />
            <ReferenceManyField reference="orders" target="customerId" perPage={10} sort={{ field: 'createdAt', order: 'DESC' }} pagination={<PageOfPages />}>
                <DataTable bulkActionButtons={false} rowClick="show" empty={<></>}>
                    <Column source="id" />
                    <Column source="createdAt" render={order => indianDate(order.createdAt)} />
                    <Column source="products" disableSort render={order => order.products.map(p => `${p.name} × ${p.quantity}`).join(', ')} />
                    <Column source="totalPrice" align="right" render={order => formatRupees(order.totalPrice)} />
                    <Column source="status" field={OrderStatusField} />
                </DataTable>
            </ReferenceManyField>
        </Box>
    );
};
