import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { loginBackground } from '../themes/lightTheme';

export interface PublicCardProps {
    icon: ReactNode;
    /** i18n keys. */
    title: string;
    subtitle?: string;
    children: ReactNode;
    width?: number;
}

/** The pages a visitor opens without signing in: a centred card on the sign-in page's background. */
export const PublicCard = ({ icon, title, subtitle, children, width = 440 }: PublicCardProps) => {
    const translate = useTranslate();
    return (
        <Box
            component="main"
            sx={{
                minHeight: '100vh',
                display: 'flex',
                alignItems: 'flex-start',
                justifyContent: 'center',
                backgroundImage: loginBackground,
                backgroundSize: 'cover',
                py: { xs: 3, sm: 8 },
                px: 2,
            }}
        >
            <Card sx={{ width, maxWidth: '100%' }}>
                <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
                        <Avatar sx={{ bgcolor: 'primary.main', mb: 1 }}>{icon}</Avatar>
                        <Typography variant="h5" component="h1" textAlign="center">
                            {translate(title)}
                        </Typography>
                        {subtitle && (
                            <Typography variant="body2" color="text.secondary" textAlign="center" sx={{ mt: 0.5 }}>
                                {translate(subtitle)}
                            </Typography>
                        )}
                    </Box>
                    {children}
                </CardContent>
            </Card>
        </Box>
    );
};
