import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export const AccountStatusField = (_props: { source?: string; label?: string }) => {
    const record = useRecordContext<{ status: number }>();
    const translate = useTranslate();
    if (!record) return null;
    const active = Number(record.status) === 1;
    return (
        <Chip
            size="small"
            color={active ? 'success' : 'default'}
            variant="outlined"
            label={translate(active ? 'resources.users.status.active' : 'resources.users.status.disabled')}
        />
    );
};
