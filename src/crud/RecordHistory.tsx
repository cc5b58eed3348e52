import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { CanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';

import { shopDateTimeWithZone } from '../common/shopTime';
import { AuditChanges } from './AuditChanges';
import { useEntitySchema } from './SchemaContext';

interface Activity {
    id: number;
    createdAt: string;
    userEmail: string | null;
    action: string;
    changes: Record<string, unknown> | null;
}

const Entries = () => {
    const { name } = useEntitySchema();
    const record = useRecordContext();
    const translate = useTranslate();
    const { data = [] } = useGetList<Activity>(
        'activity',
        { filter: { entity: name, record: record?.id }, sort: { field: 'createdAt', order: 'DESC' }, pagination: { page: 1, perPage: 10 } },
        { enabled: record?.id != null }
    );
    if (!data.length) return null;
    return (
        <Box sx={{ px: 2, pb: 2 }}>
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
                {translate('resources.activity.history')}
            </Typography>
            <List dense>
                {data.map(entry => (
                    <ListItem key={entry.id} disableGutters>
                        <ListItemText
                            primary={`${shopDateTimeWithZone(entry.createdAt)} · ${entry.userEmail ?? '—'} · ${translate(`resources.activity.choices.action.${entry.action}`, { _: entry.action })}`}
                            secondary={<AuditChanges entity={name} changes={entry.changes} />}
                            slotProps={{ secondary: { component: 'div' } }}
                        />
                    </ListItem>
                ))}
            </List>
        </Box>
    );
};

/** Under an edit form: who changed this record, when, and each field from what to what (administrators only). */
export const RecordHistory = () => (
    <CanAccess action="list" resource="activity" accessDenied={null}>
        <Entries />
    </CanAccess>
);
