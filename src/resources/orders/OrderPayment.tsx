import { Link, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import { formatRupees } from '../../common/MoneyField';
import { orderDateTime, type Order } from './orderStatuses';

/** How the order is paid, its total, when it was paid and the provider's references (payment, refund). */
export const OrderPayment = () => {
    const order = useRecordContext<Order>();
    const translate = useTranslate();
    if (!order) return null;
    const t = (key: string, options?: object) => translate(`resources.orders.show.${key}`, options);
    return (
        <>
            <Typography>
                {translate(`resources.orders.methods.${order.paymentMethod}`)} · {formatRupees(order.totalPrice)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {order.paidAt ? t('paid_on', { date: orderDateTime(order.paidAt) }) : t('not_paid')}
            </Typography>
            {order.paymentLink && (
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {t('payment_link')}: <Link href={order.paymentLink} target="_blank" rel="noopener">{order.paymentLink}</Link>
                </Typography>
            )}
            {order.paymentReference && (
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {t('reference')}: {order.paymentReference}
                </Typography>
            )}
            {order.refundReference && order.refundedAt && (
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {order.refundReference === 'manual'
                        ? t('refunded_by_hand', { date: orderDateTime(order.refundedAt) })
                        : t('refunded_on', { date: orderDateTime(order.refundedAt), reference: order.refundReference })}
                </Typography>
            )}
        </>
    );
};
