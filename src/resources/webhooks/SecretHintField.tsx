import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import type { WebhookEndpoint } from '../../../schema/webhooks';

/** The secret's last four characters: which secret the integrator should hold, never the secret. */
export const SecretHintField = () => {
    const record = useRecordContext<WebhookEndpoint>();
    const translate = useTranslate();
    if (!record?.secretHint) return null;
    return (
        <Typography
            component="code"
            variant="body2"
            title={translate('resources.webhooks.secret_hint', { hint: record.secretHint })}
            sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}
        >
            …{record.secretHint}
        </Typography>
    );
};
