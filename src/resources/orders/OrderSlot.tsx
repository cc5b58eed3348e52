import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import type { OrderDataProvider } from '../../dataProvider/AppDataProvider';
import type { SlotMethods, SlotOccurrence } from '../../dataProvider/slotMethods';
import { serverMessage } from '../../common/serverMessage';
import { OrderSlotField } from './OrderSlotField';
import { keyOf, SlotChoices } from './SlotChoices';
import type { Order } from './orderStatuses';

/** An order can change its slot until it leaves the shop (the server says the same). */
const CHANGEABLE = ['placed', 'paid', 'packed'];

/**
 * The order's delivery slot on its page, and for staff a button to move it to another slot with room: the server
 * takes the new place, gives back the old one and mails the customer.
 */
export const OrderSlot = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<OrderDataProvider & SlotMethods>();
    const [open, setOpen] = useState(false);
    const [chosen, setChosen] = useState('');
    const slots = useQuery({ queryKey: ['deliverySlots', 'available'], queryFn: () => dataProvider.availableSlots().then(({ data }) => data), enabled: open });
    const { mutate, isPending } = useMutation({
        mutationFn: (slot: SlotOccurrence) => dataProvider.changeOrderSlot(order!.id, { slotId: slot.slotId, slotDate: slot.slotDate }),
        onSuccess: ({ message }) => {
            setOpen(false);
            notify(message ?? 'ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
            refresh();
        },
        onError: error => notify(serverMessage(error) ?? 'resources.orders.slots.error', { type: 'error' }),
    });
    if (!order) return null;
    const t = (key: string, options?: object) => translate(`resources.orders.slots.${key}`, options);
    const choices = (slots.data ?? []).filter(slot => !(slot.slotId === order.slotId && slot.slotDate === order.slotDate));
    const picked = choices.find(slot => keyOf(slot) === chosen);
    return (
        <Box sx={{ mt: 1 }}>
            <Typography variant="body2">
                {t('title')}: {order.slotId ? <OrderSlotField /> : t('none')}
            </Typography>
            {CHANGEABLE.includes(order.status) && (
                <Button size="small" onClick={() => { setChosen(''); setOpen(true); }} sx={{ px: 0 }}>
                    {t('change')}
                </Button>
            )}
            <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="order-slot-title" fullWidth maxWidth="sm">
                <DialogTitle id="order-slot-title">{t('dialog_title', { id: order.id })}</DialogTitle>
                <DialogContent>
                    {slots.isPending ? (
                        <Typography>{t('loading')}</Typography>
                    ) : choices.length ? (
                        <SlotChoices slots={choices} value={chosen} onChange={setChosen} />
                    ) : (
                        <Typography>{t('none_open')}</Typography>
                    )}
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {t('mail_note')}
                    </Typography>
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{t('keep')}</Button>
                    <Button variant="contained" disabled={!picked || isPending} onClick={() => picked && mutate(picked)}>
                        {t('save')}
                    </Button>
                </DialogActions>
            </Dialog>
        </Box>
    );
};
