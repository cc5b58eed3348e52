import type { MouseEvent } from 'react';
import DraftsIcon from '@mui/icons-material/Drafts';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';

import type { AppDataProvider } from '../../dataProvider';

/** Marks a message read or unread: the endpoint map's toggle for `contacts` is POST /contacts/{id}/read {read}. */
export const ReadToggleButton = () => {
    const record = useRecordContext<{ id: number; read: number }>();
    const dataProvider = useDataProvider<AppDataProvider>();
    const notify = useNotify();
    const refresh = useRefresh();
    const { mutate, isPending } = useMutation({
        mutationFn: (read: 0 | 1) => dataProvider.toggleStatus('contacts', { id: record!.id, status: read }),
        onSuccess: () => refresh(),
        onError: () => notify('resources.contacts.notifications.toggle_error', { type: 'error' }),
    });
    if (!record) return null;
    const read = Number(record.read) === 1;
    return (
        <Button
            label={read ? 'resources.contacts.actions.mark_unread' : 'resources.contacts.actions.mark_read'}
            onClick={(event: MouseEvent) => {
                event.stopPropagation();
                mutate(read ? 0 : 1);
            }}
            disabled={isPending}
        >
            {read ? <MarkEmailUnreadIcon /> : <DraftsIcon />}
        </Button>
    );
};
