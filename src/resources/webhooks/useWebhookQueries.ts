import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';

import type { WebhookDelivery } from '../../../schema/webhooks';
import type { WebhookDataProvider } from '../../dataProvider';

/** Every webhook query's key starts so: a change to an endpoint asks them all again. */
export const WEBHOOKS_KEY = ['webhooks'];
export const DELIVERIES_PER_PAGE = 25;
/** A delivery just queued is posted within moments: the log looks again this often until it has been tried. */
const UNTRIED_POLL_MS = 1500;

export const refreshWebhooks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });

/** The endpoints, in the order they were added. */
export function useWebhookList() {
    const dataProvider = useDataProvider<WebhookDataProvider>();
    return useQuery({ queryKey: [...WEBHOOKS_KEY, 'list'], queryFn: async () => (await dataProvider.getWebhooks()).data });
}

/** One endpoint, by the id in the address. */
export function useWebhook(id: Identifier | undefined) {
    const dataProvider = useDataProvider<WebhookDataProvider>();
    return useQuery({
        queryKey: [...WEBHOOKS_KEY, 'one', String(id)],
        queryFn: async () => (await dataProvider.getWebhook(id!)).data,
        enabled: id !== undefined,
    });
}

/** A page of an endpoint's delivery log: the same query for the log and for the test button waiting on its answer. */
export const deliveriesQuery = (dataProvider: WebhookDataProvider, id: Identifier, page: number) => ({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', String(id), page],
    queryFn: () => dataProvider.webhookDeliveries(id, { page, perPage: DELIVERIES_PER_PAGE }),
});

const untried = (deliveries: WebhookDelivery[] = []) => deliveries.some(delivery => delivery.state === 'pending' && delivery.attempts === 0);

/** A page of the log, newest first, looked at again while a delivery on it waits for its first try. */
export function useDeliveries(id: Identifier, page: number) {
    const dataProvider = useDataProvider<WebhookDataProvider>();
    return useQuery({
        ...deliveriesQuery(dataProvider, id, page),
        placeholderData: keepPreviousData,
        refetchInterval: query => (untried(query.state.data?.data) ? UNTRIED_POLL_MS : false),
    });
}
