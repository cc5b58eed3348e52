import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export const Footer = () => {
    const translate = useTranslate();
    return (
        <Box
            component="footer"
            sx={{
                mt: 'auto',
                py: 2,
                px: 1,
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                gap: 1,
                borderTop: 1,
                borderColor: 'divider',
                color: 'text.secondary',
            }}
        >
            <Typography variant="body2">
                {translate('app.footer.copyright', { year: new Date().getFullYear() })}
            </Typography>
            <Typography variant="body2">{translate('app.footer.credit')}</Typography>
        </Box>
    );
};
