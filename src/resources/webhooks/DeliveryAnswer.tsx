import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import type { WebhookDelivery } from '../../../schema/webhooks';

const EXCERPT_SHOWN = 80;

/** What the endpoint last answered: its status and the start of its body, or why it could not be reached. */
export const DeliveryAnswer = ({ delivery }: { delivery: WebhookDelivery }) => {
    const translate = useTranslate();
    const { statusCode, responseExcerpt, lastError } = delivery;
    if (statusCode === null && !lastError) return <>{delivery.attempts ? translate('resources.webhooks.deliveries.no_answer') : '—'}</>;
    const excerpt = responseExcerpt && responseExcerpt.length > EXCERPT_SHOWN ? `${responseExcerpt.slice(0, EXCERPT_SHOWN)}…` : responseExcerpt;
    return (
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {statusCode !== null && <Typography component="span" variant="body2" sx={{ fontWeight: 600, mr: 1 }}>{statusCode}</Typography>}
            {excerpt && (
                <Typography component="code" variant="caption" title={responseExcerpt ?? undefined} sx={{ fontFamily: 'monospace' }}>
                    {excerpt}
                </Typography>
            )}
            {lastError && statusCode === null && (
                <Typography component="span" variant="body2" color="error">
                    {lastError}
                </Typography>
            )}
        </Box>
    );
};
