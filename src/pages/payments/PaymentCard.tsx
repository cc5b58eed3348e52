import type { ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

import { OutcomeAlert, type Outcome } from '../OutcomeAlert';

/** The frame of the payment screens: a titled card, a progress bar while a call runs, and the outcome. */
export const PaymentCard = ({ title, subtitle, busy, outcome, children }: { title: string; subtitle: string; busy: boolean; outcome?: Outcome; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ mt: 2, maxWidth: 480 }}>
            <Title title={title} />
            <Card>
                {busy ? <LinearProgress aria-label={translate('payments.verifying')} /> : <Box sx={{ height: 4 }} />}
                <CardContent>
                    <Typography variant="h5" component="h1" gutterBottom>
                        {translate(title)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                        {translate(subtitle)}
                    </Typography>
                    {children}
                    <OutcomeAlert outcome={outcome} />
                </CardContent>
            </Card>
        </Box>
    );
};
