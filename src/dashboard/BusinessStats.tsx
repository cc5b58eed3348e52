import PeopleIcon from '@mui/icons-material/PersonAddAlt1';
import InventoryIcon from '@mui/icons-material/Inventory2';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import { Alert, Box, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';

import { formatRupees } from '../common/MoneyField';
import type { OrderDataProvider } from '../dataProvider';
import { RevenueChart } from './RevenueChart';
import { SetupChecklist } from './SetupChecklist';
import { StatCard } from './StatCard';

/** A list address with its filter, as react-admin reads it from the URL. */
const ordersWhere = (filter: Record<string, unknown>) => `/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`;

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(5, 1fr)' } } as const;

/** The day's business for staff: five cards, each opening its filtered list, and the last 30 days' chart. */
export const BusinessStats = () => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<OrderDataProvider>();
    const { data, isPending, isError } = useQuery({
        queryKey: ['dashboardStats'],
        queryFn: () => dataProvider.dashboardStats().then(({ data }) => data),
        // A figure that failed is said at once; the next visit asks again.
        retry: false,
    });

    if (isError) return <Alert severity="warning">{translate('dashboard.load_error')}</Alert>;
    if (isPending) {
        return (
            <Box sx={grid}>
                {[1, 2, 3, 4, 5].map(key => (
                    <Skeleton key={key} variant="rounded" height={104} />
                ))}
            </Box>
        );
    }
    const today = { createdFrom: data.today, createdTo: data.today };
    return (
        <>
            <Box sx={grid}>
                <StatCard title="dashboard.today_orders" hint="dashboard.today_hint" value={String(data.todayOrders)} icon={ReceiptLongIcon} to={ordersWhere(today)} />
                <StatCard title="dashboard.today_revenue" hint="dashboard.today_hint" value={formatRupees(data.todayRevenue)} icon={CurrencyRupeeIcon} to={ordersWhere(today)} />
                <StatCard title="dashboard.to_pack" hint="dashboard.to_pack_hint" value={String(data.toPack)} icon={InventoryIcon} to={ordersWhere({ toPack: 1 })} />
                <StatCard
                    title="dashboard.new_customers"
                    hint="dashboard.new_customers_hint"
                    value={String(data.newCustomers)}
                    icon={PeopleIcon}
                    to={`/users?filter=${encodeURIComponent(JSON.stringify({ roleId: 3 }))}&sort=createdAt&order=DESC`}
                />
                <StatCard
                    title="dashboard.low_stock"
                    hint="dashboard.low_stock_hint"
                    hintArgs={{ level: data.lowStockAt }}
                    value={String(data.lowStock)}
                    icon={WarningAmberIcon}
                    to={`/products?filter=${encodeURIComponent(JSON.stringify({ stock_lte: data.lowStockAt }))}&sort=stock&order=ASC`}
                />
            </Box>
            <RevenueChart days={data.days} />
        </>
    );
};

/** Only staff see the set-up checklist and the business figures; a customer's dashboard keeps the welcome and the countdown. */
export const StaffBusinessStats = () => {
    const { identity } = useGetIdentity();
    const roleId = identity?.roleId as number | undefined;
    if (!(roleId === undefined || roleId === 1 || roleId === 2)) return null;
    return (
        <>
            <SetupChecklist />
            <BusinessStats />
        </>
    );
};
