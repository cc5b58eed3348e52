import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** Unread (filled) or Read (outlined). */
export const ReadField = (_props: { source?: string; label?: string }) => {
    const record = useRecordContext<{ read: number }>();
    const translate = useTranslate();
    if (!record) return null;
    const read = Number(record.read) === 1;
    return (
        <Chip
            size="small"
            color={read ? 'default' : 'primary'}
            variant={read ? 'outlined' : 'filled'}
            label={translate(`resources.contacts.read_choices.${read ? 'read' : 'unread'}`)}
        />
    );
};
