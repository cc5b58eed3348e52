import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { eventLabel } from './webhookEvents';

/** An event by its readable name, with the name the integrator's code reads (`order.placed`) beside it. */
export const EventName = ({ event }: { event: string }) => {
    const translate = useTranslate();
    return (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
            <span>{translate(eventLabel(event), { _: event })}</span>
            <Typography component="code" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {event}
            </Typography>
        </Box>
    );
};
