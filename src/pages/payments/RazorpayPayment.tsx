import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { AmountForm } from './AmountForm';
import { PaymentCard } from './PaymentCard';
import { useCheckout } from './useCheckout';

/** /RazorpayPayment: an amount paid in the provider's checkout (create-paymentorderr, then verify-payment). */
export const RazorpayPayment = () => {
    const translate = useTranslate();
    const [pending, setPending] = useState(false);
    const { pay, outcome, checking } = useCheckout('/RazorpayPayment');
    const start = async (amount: number) => {
        setPending(true);
        await pay({ amount }, translate('payments.create_failed'));
        setPending(false);
    };
    return (
        <PaymentCard title="payments.razorpay.title" subtitle="payments.razorpay.subtitle" busy={pending || checking} outcome={outcome}>
            <AmountForm submitLabel="payments.razorpay.submit" pending={pending || checking} onSubmit={start} />
        </PaymentCard>
    );
};
