import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** What happened, in words ('Status changed'), not the log's code ('toggle'). */
export const ActionField = () => {
    const record = useRecordContext<{ id: number; action: string }>();
    const translate = useTranslate();
    if (!record?.action) return null;
    return (
        <Typography component="span" variant="body2">
            {translate(`resources.activity.choices.action.${record.action}`, { _: record.action })}
        </Typography>
    );
};
