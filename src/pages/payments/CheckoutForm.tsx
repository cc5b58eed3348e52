import { useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

import { formatRupees } from '../../common/MoneyField';
import { AmountForm } from './AmountForm';
import { PaymentCard } from './PaymentCard';
import { paymentApi } from './paymentApi';
import { useCheckout } from './useCheckout';

type Order = Awaited<ReturnType<typeof paymentApi.order>>;

/**
 * /CheckoutForm: with `?orderId=` it pays one of the customer's orders, its total as the server priced it;
 * without, an amount, as /RazorpayPayment does.
 */
export const CheckoutForm = () => {
    const translate = useTranslate();
    const [query] = useSearchParams();
    const orderId = /^\d+$/.test(query.get('orderId') ?? '') ? Number(query.get('orderId')) : undefined;
    const returnTo = orderId ? `/CheckoutForm?orderId=${orderId}` : '/CheckoutForm';
    const { pay, outcome, checking } = useCheckout(returnTo);
    const [order, setOrder] = useState<Order | null>();
    const [pending, setPending] = useState(false);

    useEffect(() => {
        if (!orderId || checking) return;
        paymentApi.order(orderId).then(setOrder, () => setOrder(null));
    }, [orderId, checking, outcome]);

    const start = async (what: { amount: number } | { orderId: number }) => {
        setPending(true);
        await pay(what, translate('payments.creation_failed'));
        setPending(false);
    };
    const busy = pending || checking;

    return (
        <PaymentCard title="payments.checkout.title" subtitle="payments.checkout.subtitle" busy={busy} outcome={outcome}>
            {!orderId && <AmountForm submitLabel="payments.razorpay.submit" pending={busy} onSubmit={amount => start({ amount })} />}
            {orderId && order === null && <Alert severity="warning">{translate('payments.checkout.not_found')}</Alert>}
            {orderId && order && (
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                    <Box>
                        <Typography variant="subtitle1">{translate('payments.checkout.order', { id: order.id })}</Typography>
                        <Typography variant="body2" color="text.secondary">
                            {order.products.map(p => `${p.name} × ${p.quantity}`).join(', ')}
                        </Typography>
                    </Box>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
                        <Typography>{translate('payments.checkout.total')}</Typography>
                        <Typography variant="h6" component="p">
                            {formatRupees(order.totalPrice)}
                        </Typography>
                    </Box>
                    {order.status === 'placed' && order.paymentMethod === 'online' ? (
                        <Button variant="contained" disabled={busy} onClick={() => start({ orderId: order.id })}>
                            {translate('payments.checkout.submit', { amount: formatRupees(order.totalPrice) })}
                        </Button>
                    ) : (
                        <Alert severity={order.paymentMethod === 'online' && order.status !== 'cancelled' ? 'success' : 'info'}>
                            {translate(order.paymentMethod === 'online' && order.status !== 'cancelled' ? 'payments.checkout.paid' : 'payments.checkout.not_payable')}
                        </Alert>
                    )}
                </Box>
            )}
        </PaymentCard>
    );
};
