import { Checkbox, DialogContentText, FormControlLabel } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import type { MouseEventHandler } from 'react';

import { formatRupees } from '../../common/MoneyField';
import type { OrderToolsDataProvider } from '../../dataProvider';
import type { Order } from './orderStatuses';

/** The moves that cannot be taken back, so staff are asked first. */
export const ASKS_FIRST = ['delivered', 'cancelled', 'refunded'] as const;
export type AskedMove = (typeof ASKS_FIRST)[number];

interface ConfirmMoveProps {
    order: Order;
    /** The move asked about; the dialog is closed when null. */
    status: AskedMove | null;
    loading?: boolean;
    onConfirm: MouseEventHandler;
    onClose: MouseEventHandler;
    /** Offered when a paid order is cancelled by someone who may refund: give the money back in the same step. */
    refundToo?: { checked: boolean; onChange: (checked: boolean) => void };
}

/** The stock sentence: what the server says the order holds now, which the move puts back. */
const useStockLine = (order: Order, open: boolean) => {
    const dataProvider = useDataProvider<OrderToolsDataProvider>();
    const translate = useTranslate();
    const { data, isError } = useQuery({
        queryKey: ['orders', 'orderStock', order.id],
        queryFn: async () => (await dataProvider.orderStock(order.id)).data,
        enabled: open,
        staleTime: 0,
    });
    if (isError) return translate('resources.orders.confirm.stock_unknown');
    if (!data) return translate('resources.orders.confirm.stock_checking');
    return data.units > 0 ? translate('resources.orders.confirm.stock_back', { smart_count: data.units }) : translate('resources.orders.confirm.stock_none');
};

/**
 * Delivered, cancel and refund ask first, saying the amount at stake and what happens to the stock the order
 * took (a delivered order can afterwards only be refunded; with cash on delivery it counts as paid).
 */
export const ConfirmMove = ({ order, status, loading, onConfirm, onClose, refundToo }: ConfirmMoveProps) => {
    const translate = useTranslate();
    const stock = useStockLine(order, status === 'cancelled' || status === 'refunded');
    const amount = formatRupees(order.totalPrice);
    const t = (key: string) => translate(`resources.orders.confirm.${key}`, { amount });
    const lines = {
        delivered: [t('delivered_final'), ...(order.paymentMethod === 'cod' ? [t('delivered_cod')] : [])],
        refunded: [t(order.paymentMethod === 'online' ? 'refunded_online' : 'refunded_cod'), stock],
        cancelled: [t('cancelled_amount'), ...(order.paidAt && !refundToo ? [t('cancelled_paid')] : []), stock],
    }[status ?? 'cancelled'];
    const shown = status ?? 'cancelled';
    return (
        <Confirm
            isOpen={status !== null}
            loading={loading}
            title={`resources.orders.confirm.${shown}_title`}
            titleTranslateOptions={{ id: order.id }}
            content={
                <>
                    {lines.map(line => (
                        <DialogContentText key={line} sx={{ mb: 1 }}>
                            {line}
                        </DialogContentText>
                    ))}
                    {status === 'cancelled' && refundToo && (
                        <FormControlLabel
                            control={<Checkbox checked={refundToo.checked} onChange={event => refundToo.onChange(event.target.checked)} />}
                            label={translate('app.order_desk.refund_too', { amount })}
                        />
                    )}
                </>
            }
            confirm={`resources.orders.confirm.${shown}_confirm`}
            cancel="resources.orders.confirm.keep"
            confirmColor={status === 'delivered' ? 'primary' : 'warning'}
            onConfirm={onConfirm}
            onClose={onClose}
        />
    );
};
