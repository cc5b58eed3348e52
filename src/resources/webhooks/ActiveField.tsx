import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import type { WebhookEndpoint } from '../../../schema/webhooks';

/** Whether the endpoint is sent events: a word, not only a colour. */
export const ActiveField = () => {
    const record = useRecordContext<WebhookEndpoint>();
    const translate = useTranslate();
    if (!record) return null;
    return (
        <Chip
            component="span"
            size="small"
            color={record.active ? 'success' : 'default'}
            variant={record.active ? 'filled' : 'outlined'}
            label={translate(record.active ? 'app.status.active' : 'app.status.inactive')}
        />
    );
};
