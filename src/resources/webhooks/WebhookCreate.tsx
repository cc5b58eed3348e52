import { useState } from 'react';
import { Card } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useRedirect } from 'react-admin';

import type { WebhookDataProvider, WebhookInput, WebhookWithSecret } from '../../dataProvider';
import { PageHeading } from '../../common/PageHeading';
import { SAVED_STATE } from '../../common/WarnWhenUnsavedChanges';
import { SecretDialog } from './SecretDialog';
import { useFormRefusal } from './useFormRefusal';
import { refreshWebhooks } from './useWebhookQueries';
import { WebhookForm } from './WebhookForm';

/** Adds an endpoint, shows its secret once, then opens its page (the delivery log, Send test event). */
export const WebhookCreate = () => {
    const dataProvider = useDataProvider<WebhookDataProvider>();
    const notify = useNotify();
    const redirect = useRedirect();
    const queryClient = useQueryClient();
    const refusal = useFormRefusal();
    const [made, setMade] = useState<WebhookWithSecret>();

    const submit = async (values: WebhookInput) => {
        try {
            const { data } = await dataProvider.createWebhook(values);
            void refreshWebhooks(queryClient);
            notify('resources.webhooks.notifications.created', { type: 'success' });
            setMade(data);
        } catch (error) {
            return refusal(error);
        }
    };

    return (
        <Card sx={{ mt: 2 }}>
            <Title title="resources.webhooks.create_title" />
            <PageHeading title="resources.webhooks.create_title" />
            <WebhookForm onSubmit={submit} cancelTo="/webhooks" />
            <SecretDialog secret={made?.secret} onClose={() => redirect('show', 'webhooks', made!.id, undefined, SAVED_STATE)} />
        </Card>
    );
};
