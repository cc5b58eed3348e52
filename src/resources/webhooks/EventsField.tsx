import { Box, Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import { WEBHOOK_EVENTS, type WebhookEndpoint } from '../../../schema/webhooks';
import { eventLabel } from './webhookEvents';

/** The events an endpoint takes, by their readable names; one chip when it takes them all. */
export const EventsField = () => {
    const record = useRecordContext<WebhookEndpoint>();
    const translate = useTranslate();
    if (!record) return null;
    const all = WEBHOOK_EVENTS.every(event => record.events.includes(event));
    const labels = all ? [translate('resources.webhooks.events.all')] : record.events.map(event => translate(eventLabel(event), { _: event }));
    return (
        // Spans: a phone's list puts the field inside a paragraph.
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {labels.map(label => (
                <Chip key={label} component="span" label={label} size="small" variant="outlined" />
            ))}
        </Box>
    );
};
