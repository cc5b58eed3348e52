import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** The subject over the whole message, line breaks kept: staff read it here, never cut short. */
export const MessageField = (_props: { source?: string; label?: string }) => {
    const record = useRecordContext<{ subject: string | null; message: string; read: number }>();
    if (!record) return null;
    const unread = Number(record.read) !== 1;
    return (
        <Box sx={{ minWidth: 220, maxWidth: 560 }}>
            {record.subject && (
                <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500 }}>
                    {record.subject}
                </Typography>
            )}
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {record.message}
            </Typography>
        </Box>
    );
};
