import { useEffect, useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import type { OrderToolsDataProvider } from '../../dataProvider';
import { refusal } from '../../pages/api';
import type { Order } from './orderStatuses';

const MAX = 500;

/** What staff tell the rider (gate code, call first): kept on the order, printed on its packing slip. */
export const DeliveryNote = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<OrderToolsDataProvider>();
    const saved = order?.deliveryNote ?? '';
    const [note, setNote] = useState(saved);
    useEffect(() => setNote(saved), [saved]);
    const save = useMutation({
        mutationFn: () => dataProvider.setDeliveryNote(order!.id, note),
        onSuccess: () => {
            notify('resources.orders.rider.note_saved', { type: 'success' });
            refresh();
        },
        onError: (error: unknown) => notify(refusal(error) ?? 'resources.orders.rider.note_error', { type: 'error' }),
    });
    if (!order) return null;
    const t = (key: string) => translate(`resources.orders.rider.${key}`);
    return (
        <Box component="form" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }} onSubmit={event => { event.preventDefault(); save.mutate(); }}>
            <TextField
                size="small"
                multiline
                maxRows={4}
                label={t('note')}
                value={note}
                onChange={event => setNote(event.target.value)}
                helperText={t('note_help')}
                slotProps={{ htmlInput: { maxLength: MAX } }}
                sx={{ flex: '1 1 220px' }}
            />
            <Button type="submit" variant="outlined" size="small" disabled={save.isPending || note.trim() === saved.trim()} sx={{ mt: 0.5 }}>
                {t('note_save')}
            </Button>
        </Box>
    );
};
