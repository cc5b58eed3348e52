import { Tab, Tabs, Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';

import type { OrderToolsDataProvider } from '../../dataProvider';
import { ORDER_STATUSES, type OrderStatus } from './orderStatuses';

const count = (n: number | undefined) => (n === undefined ? undefined : n.toLocaleString('en-IN'));

/**
 * Tabs above the order list, as the react-admin demo's: All and each status, with how many orders the other
 * filters leave in each, from one call (GET /orderr/counts). A tab sets the list's status filter.
 */
export const OrderStatusTabs = () => {
    const { filterValues, displayedFilters, setFilters } = useListContext();
    const dataProvider = useDataProvider<OrderToolsDataProvider>();
    const translate = useTranslate();
    const { status, ...others } = filterValues as { status?: string } & Record<string, unknown>;
    const { data } = useQuery({
        queryKey: ['orders', 'orderCounts', others],
        queryFn: async () => (await dataProvider.orderCounts(others)).data,
    });
    const label = (name: string, n: number | undefined) => (n === undefined ? name : translate('resources.orders.tools.tab', { status: name, count: count(n) }));
    const current = ORDER_STATUSES.includes(status as OrderStatus) ? status : 'all';
    // Width 0 and at least the whole row: the tabs scroll within the page instead of widening it on a phone.
    return (
        <Box sx={{ width: 0, minWidth: '100%' }}>
        <Tabs
            value={current}
            onChange={(_event, next: string) => setFilters(next === 'all' ? others : { ...others, status: next }, displayedFilters)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={translate('resources.orders.tools.tabs')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
            <Tab value="all" label={label(translate('resources.orders.tools.all'), data?.total)} />
            {ORDER_STATUSES.map(name => (
                <Tab key={name} value={name} label={label(translate(`resources.orders.statuses.${name}`), data?.counts[name])} />
            ))}
        </Tabs>
        </Box>
    );
};
