import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** The screen a line is about, by its menu name ('Product'), not its resource key ('products'). */
export const EntityField = () => {
    const record = useRecordContext<{ id: number; entity: string }>();
    const translate = useTranslate();
    if (!record?.entity) return null;
    return (
        <Typography component="span" variant="body2">
            {translate(`resources.${record.entity}.name`, { smart_count: 1, _: record.entity })}
        </Typography>
    );
};
