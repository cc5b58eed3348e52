import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import { Box, Card, CardContent, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { useCountdown } from './useCountdown';

/** The 'Coming Soon' launch is always 30 days ahead of the visit, as the legacy layout had it. */
const COUNTDOWN_DAYS = 30;

const units = ['days', 'hours', 'minutes', 'seconds'] as const;

// The spec's social icons lead nowhere, so they are not links.
const socials = [
    { key: 'facebook', Icon: FacebookIcon },
    { key: 'twitter', Icon: XIcon },
    { key: 'instagram', Icon: InstagramIcon },
    { key: 'linkedin', Icon: LinkedInIcon },
];

export const Countdown = () => {
    const translate = useTranslate();
    const countdown = useCountdown(COUNTDOWN_DAYS);

    return (
        <Card>
            <CardContent>
                <Typography variant="h5" component="h2" gutterBottom>
                    {translate('app.countdown.title')}
                </Typography>
                <Typography color="text.secondary" gutterBottom>
                    {translate('app.countdown.subtitle')}
                </Typography>
                <Stack direction="row" spacing={2} sx={{ my: 2 }}>
                    {units.map(unit => (
                        <Box
                            key={unit}
                            sx={{ flex: 1, textAlign: 'center', py: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
                        >
                            <Typography variant="h4" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                                {String(countdown[unit]).padStart(2, '0')}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {translate(`app.countdown.${unit}`)}
                            </Typography>
                        </Box>
                    ))}
                </Stack>
                <LinearProgress
                    variant="determinate"
                    value={countdown.progress}
                    aria-label={translate('app.countdown.progress')}
                    sx={{ height: 8, borderRadius: 4 }}
                />
                <Stack direction="row" spacing={1} justifyContent="center" sx={{ mt: 2 }}>
                    {socials.map(({ key, Icon }) => (
                        <IconButton key={key} aria-label={translate(`app.countdown.${key}`)} color="primary">
                            <Icon />
                        </IconButton>
                    ))}
                </Stack>
            </CardContent>
        </Card>
    );
};
