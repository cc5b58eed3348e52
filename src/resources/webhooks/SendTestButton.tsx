import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import type { WebhookEndpoint } from '../../../schema/webhooks';
import { useSendTest } from './useSendTest';

/** Posts a test event to this endpoint and tells how it went; its delivery shows in the log below. */
export const SendTestButton = () => {
    const endpoint = useRecordContext<WebhookEndpoint>();
    const translate = useTranslate();
    const send = useSendTest(endpoint?.id ?? 0);
    if (!endpoint) return null;
    return (
        <Button
            size="small"
            variant="contained"
            onClick={() => send.mutate()}
            disabled={send.isPending}
            startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
        >
            {translate('resources.webhooks.action.send_test')}
        </Button>
    );
};
