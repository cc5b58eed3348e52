import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a screen shows when its script cannot be loaded even on a second try: why, and Reload. */
export const ChunkFailed = ({ timedOut = false }: { timedOut?: boolean }) => {
    const translate = useTranslate();
    return (
        <Box role="alert" sx={{ p: 4, textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Typography variant="h6" component="p">
                {translate('app.error.chunk_title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {translate(timedOut ? 'app.error.timeout' : 'app.error.chunk_text')}
            </Typography>
            <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
                {translate('app.error.reload')}
            </Button>
        </Box>
    );
};
