import { Alert, Card, LinearProgress } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';

import type { WebhookDataProvider, WebhookInput } from '../../dataProvider';
import { PageHeading } from '../../common/PageHeading';
import { SAVED_STATE } from '../../common/WarnWhenUnsavedChanges';
import { useFormRefusal } from './useFormRefusal';
import { refreshWebhooks, useWebhook } from './useWebhookQueries';
import { WebhookForm } from './WebhookForm';

/** Changes an endpoint's address, events or switch, then goes back to its page. Its secret is changed there. */
export const WebhookEdit = () => {
    const { id } = useParams<{ id: string }>();
    const { data: endpoint, isPending, isError } = useWebhook(id);
    const dataProvider = useDataProvider<WebhookDataProvider>();
    const notify = useNotify();
    const redirect = useRedirect();
    const translate = useTranslate();
    const queryClient = useQueryClient();
    const refusal = useFormRefusal();

    const submit = async (values: WebhookInput) => {
        try {
            await dataProvider.updateWebhook(id!, values);
            await refreshWebhooks(queryClient);
            notify('resources.webhooks.notifications.saved', { type: 'success' });
            redirect('show', 'webhooks', id, undefined, SAVED_STATE);
        } catch (error) {
            return refusal(error);
        }
    };

    return (
        <Card sx={{ mt: 2 }}>
            <Title title="resources.webhooks.edit_title" />
            <PageHeading title="resources.webhooks.edit_title" />
            {isPending && <LinearProgress sx={{ m: 2 }} />}
            {isError && <Alert severity="error" sx={{ m: 2 }}>{translate('resources.webhooks.notifications.fetch_error')}</Alert>}
            {endpoint && <WebhookForm record={endpoint} onSubmit={submit} cancelTo={`/webhooks/${id}/show`} />}
        </Card>
    );
};
