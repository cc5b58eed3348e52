import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

import { humanSize } from './humanSize';

/** The upload's bar and bytes sent of all; while it runs, a button to cancel it. */
export const VideoUploadProgress = ({ sent, total, uploading, onCancel }: { sent: number; total: number; uploading: boolean; onCancel: () => void }) => {
    const translate = useTranslate();
    const percent = total ? Math.min(100, Math.round((sent / total) * 100)) : 0;
    return (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
                <LinearProgress variant="determinate" value={percent} aria-label={translate('resources.videos.upload.progress')} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {translate('resources.videos.upload.sent', {
                        percent,
                        sent: humanSize(sent, translate),
                        total: humanSize(total, translate),
                    })}
                </Typography>
            </Box>
            {uploading && (
                <Button onClick={onCancel} color="warning">
                    {translate('resources.videos.upload.cancel')}
                </Button>
            )}
        </Stack>
    );
};
