import { Box, Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** Who wrote: name, e-mail (a mailto link for the answer) and phone. */
export const SenderField = (_props: { source?: string; label?: string }) => {
    const record = useRecordContext<{ name: string; email: string; contactNo: string; read: number }>();
    if (!record) return null;
    return (
        <Box sx={{ minWidth: 160 }}>
            <Typography variant="body2" sx={{ fontWeight: Number(record.read) === 1 ? 400 : 700 }}>
                {record.name}
            </Typography>
            <Link href={`mailto:${record.email}`} variant="body2" onClick={(event) => event.stopPropagation()} sx={{ overflowWrap: 'anywhere' }}>
                {record.email}
            </Link>
            <Typography variant="body2" color="text.secondary">
                {record.contactNo}
            </Typography>
        </Box>
    );
};
