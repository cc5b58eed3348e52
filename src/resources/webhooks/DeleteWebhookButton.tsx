import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';

import type { WebhookEndpoint } from '../../../schema/webhooks';
import type { WebhookDataProvider } from '../../dataProvider';
import { serverMessage } from '../../common/serverMessage';
import { WEBHOOKS_KEY } from './useWebhookQueries';

/** Delete, asked first: the endpoint is sent nothing more and its log goes with it. Then back to the list. */
export const DeleteWebhookButton = () => {
    const endpoint = useRecordContext<WebhookEndpoint>();
    const dataProvider = useDataProvider<WebhookDataProvider>();
    const translate = useTranslate();
    const notify = useNotify();
    const redirect = useRedirect();
    const queryClient = useQueryClient();
    const [asking, setAsking] = useState(false);
    const remove = useMutation({
        mutationFn: () => dataProvider.deleteWebhook(endpoint!.id),
        onSuccess: () => {
            // Its own page's queries go (they would only answer 404 now); the list is asked again.
            queryClient.removeQueries({ queryKey: [...WEBHOOKS_KEY, 'one', String(endpoint!.id)] });
            void queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, 'list'] });
            notify('resources.webhooks.notifications.deleted', { type: 'success' });
            redirect('list', 'webhooks');
        },
        onError: error => notify(serverMessage(error) ?? 'resources.webhooks.notifications.error', { type: 'error' }),
    });
    if (!endpoint) return null;
    return (
        <>
            <Button size="small" variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setAsking(true)} disabled={remove.isPending}>
                {translate('resources.webhooks.action.delete')}
            </Button>
            <Confirm
                isOpen={asking}
                loading={remove.isPending}
                title="resources.webhooks.delete.title"
                content="resources.webhooks.delete.content"
                contentTranslateOptions={{ url: endpoint.url }}
                confirm="ra.action.delete"
                confirmColor="warning"
                onConfirm={() => {
                    setAsking(false);
                    remove.mutate();
                }}
                onClose={() => setAsking(false)}
            />
        </>
    );
};
