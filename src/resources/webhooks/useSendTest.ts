import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';

import type { WebhookDelivery } from '../../../schema/webhooks';
import type { WebhookDataProvider } from '../../dataProvider';
import { serverMessage } from '../../common/serverMessage';
import { deliveriesQuery, refreshWebhooks } from './useWebhookQueries';

/** How long the button waits for the first try's answer: the server gives an endpoint 10 s to answer. */
const WAIT_MS = 15_000;
const LOOK_EVERY_MS = 1000;

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * Send test event: queues a `webhook.test` delivery, then follows the log's first page until it has been tried,
 * and says how it went (delivered, refused and to be tried again, or still on its way).
 */
export function useSendTest(endpointId: Identifier) {
    const dataProvider = useDataProvider<WebhookDataProvider>();
    const queryClient = useQueryClient();
    const notify = useNotify();

    const firstTry = async (queued: WebhookDelivery): Promise<WebhookDelivery> => {
        for (let waited = 0; waited < WAIT_MS; waited += LOOK_EVERY_MS) {
            await pause(LOOK_EVERY_MS);
            const { data } = await queryClient.fetchQuery(deliveriesQuery(dataProvider, endpointId, 1));
            const seen = data.find(delivery => delivery.id === queued.id);
            if (seen && seen.attempts > 0) return seen;
        }
        return queued;
    };

    return useMutation({
        mutationFn: async () => {
            const { data: queued } = await dataProvider.sendTestWebhook(endpointId);
            void refreshWebhooks(queryClient);
            return firstTry(queued);
        },
        onSuccess: delivery => {
            if (delivery.state === 'delivered') {
                notify('resources.webhooks.notifications.test_delivered', { type: 'success', messageArgs: { status: delivery.statusCode } });
            } else if (delivery.attempts > 0) {
                const reason = delivery.statusCode ?? delivery.lastError ?? '';
                notify('resources.webhooks.notifications.test_failed', { type: 'warning', messageArgs: { reason } });
            } else notify('resources.webhooks.notifications.test_queued', { type: 'info' });
        },
        onError: error => notify(serverMessage(error) ?? 'resources.webhooks.notifications.error', { type: 'error' }),
    });
}
