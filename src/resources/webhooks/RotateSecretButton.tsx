import { useState } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';

import type { WebhookEndpoint } from '../../../schema/webhooks';
import type { WebhookDataProvider, WebhookWithSecret } from '../../dataProvider';
import { serverMessage } from '../../common/serverMessage';
import { SecretDialog } from './SecretDialog';
import { refreshWebhooks } from './useWebhookQueries';

/** New secret, asked first (the old one stops signing at once), then the new one shown once. */
export const RotateSecretButton = () => {
    const endpoint = useRecordContext<WebhookEndpoint>();
    const dataProvider = useDataProvider<WebhookDataProvider>();
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const [asking, setAsking] = useState(false);
    const [made, setMade] = useState<WebhookWithSecret>();
    const rotate = useMutation({
        mutationFn: () => dataProvider.rotateWebhookSecret(endpoint!.id),
        onSuccess: ({ data }) => {
            setMade(data);
            notify('resources.webhooks.notifications.rotated', { type: 'success' });
            void refreshWebhooks(queryClient);
        },
        onError: error => notify(serverMessage(error) ?? 'resources.webhooks.notifications.error', { type: 'error' }),
    });
    if (!endpoint) return null;
    return (
        <>
            <Button size="small" variant="outlined" color="warning" startIcon={<KeyIcon />} onClick={() => setAsking(true)} disabled={rotate.isPending}>
                {translate('resources.webhooks.action.rotate')}
            </Button>
            <Confirm
                isOpen={asking}
                loading={rotate.isPending}
                title="resources.webhooks.rotate.title"
                content="resources.webhooks.rotate.content"
                contentTranslateOptions={{ url: endpoint.url }}
                confirm="resources.webhooks.rotate.confirm"
                confirmColor="warning"
                onConfirm={() => {
                    setAsking(false);
                    rotate.mutate();
                }}
                onClose={() => setAsking(false)}
            />
            <SecretDialog secret={made?.secret} onClose={() => setMade(undefined)} />
        </>
    );
};
