import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';

export const Welcome = () => {
    const translate = useTranslate();
    const { identity } = useGetIdentity();
    return (
        <Card sx={{ background: theme => `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.dark})`, color: 'common.white' }}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
                <Box sx={{ flex: 1 }}>
                    <Typography variant="h5" component="h2" gutterBottom>
                        {identity?.fullName
                            ? translate('app.dashboard.welcome_title', { name: identity.fullName })
                            : translate('app.dashboard.welcome_title_anonymous')}
                    </Typography>
                    <Typography>{translate('app.dashboard.welcome_text')}</Typography>
                </Box>
                <StorefrontIcon sx={{ fontSize: 96, opacity: 0.3, display: { xs: 'none', sm: 'block' } }} />
            </CardContent>
        </Card>
    );
};
