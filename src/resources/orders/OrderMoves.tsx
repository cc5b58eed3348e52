import { useState } from 'react';
import { Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import type { OrderDataProvider } from '../../dataProvider/AppDataProvider';
import { serverMessage } from '../../common/serverMessage';
import { ASKS_FIRST, ConfirmMove, type AskedMove } from './ConfirmMove';
import { MoveButton } from './MoveButton';
import type { Order, OrderStatus } from './orderStatuses';
import { ROLE } from '../users/roles';

/**
 * One button per status the server says the order may go to next, with an optional note for the history.
 * Refunds move money, so only an administrator may make one: a seller sees the button disabled, and why.
 * Cancel and refund cannot be taken back, so they ask first (ConfirmMove).
 */
export const OrderMoves = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    const notify = useNotify();
    const refresh = useRefresh();
    const dataProvider = useDataProvider<OrderDataProvider>();
    const [note, setNote] = useState('');
    const [asking, setAsking] = useState<AskedMove | null>(null);
    const [refundToo, setRefundToo] = useState(true);
    const mayRefund = Number(useGetIdentity().identity?.roleId) === ROLE.admin;
    const { mutate, isPending } = useMutation({
        mutationFn: async (status: OrderStatus) => {
            const moved = await dataProvider.moveOrder(order!.id, status, note);
            // A paid order cancelled with its refund ticked gets the money back in the same step.
            return status === 'cancelled' && order!.paidAt && mayRefund && refundToo ? dataProvider.moveOrder(order!.id, 'refunded', note) : moved;
        },
        onSuccess: ({ message }) => {
            setNote('');
            setAsking(null);
            notify(message ?? 'ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
            refresh();
        },
        onError: error => {
            setAsking(null);
            // A cancel that went through before its refund was refused still shows as cancelled.
            refresh();
            notify(serverMessage(error) ?? 'resources.orders.notifications.move_error', { type: 'error' });
        },
    });
    if (!order) return null;
    const next = order.nextStatuses ?? [];
    const asksFirst = (status: OrderStatus): status is AskedMove => (ASKS_FIRST as readonly string[]).includes(status);

    return (
        <Card variant="outlined">
            <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                    {translate('resources.orders.show.move')}
                </Typography>
                {next.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate('resources.orders.show.final')}
                    </Typography>
                ) : (
                    <Stack spacing={2}>
                        <TextField
                            label={translate('resources.orders.show.note')}
                            value={note}
                            onChange={event => setNote(event.target.value)}
                            slotProps={{ htmlInput: { maxLength: 500 } }}
                            size="small"
                            fullWidth
                        />
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                            {next.map(status => (
                                <MoveButton
                                    key={status}
                                    status={status}
                                    disabled={isPending || (status === 'refunded' && !mayRefund)}
                                    describedBy={status === 'refunded' && !mayRefund ? 'refund-admin-only' : undefined}
                                    onClick={() => (asksFirst(status) ? setAsking(status) : mutate(status))}
                                />
                            ))}
                        </Box>
                        {next.includes('refunded') && !mayRefund && (
                            <Typography id="refund-admin-only" variant="body2" color="text.secondary">
                                {translate('resources.orders.show.refund_admin_only')}
                            </Typography>
                        )}
                    </Stack>
                )}
                <ConfirmMove
                    order={order}
                    status={asking}
                    loading={isPending}
                    onConfirm={() => asking && mutate(asking)}
                    onClose={() => setAsking(null)}
                    refundToo={order.paidAt && mayRefund ? { checked: refundToo, onChange: setRefundToo } : undefined}
                />
            </CardContent>
        </Card>
    );
};
