import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';

import { AmountForm } from './AmountForm';
import { browser } from './leavePage';
import { PaymentCard } from './PaymentCard';
import { paymentApi } from './paymentApi';
import { usePaymentReturn } from './usePaymentReturn';

/**
 * /PaymentPage: a payment link for an amount (POST create-paymentorder), opened at once. The provider sends
 * the customer back here with the link and payment ids, which POST confirm-payment checks with the provider.
 */
export const PaymentPage = () => {
    const translate = useTranslate();
    const [pending, setPending] = useState(false);
    const read = useCallback((query: URLSearchParams) => {
        const link = query.get('razorpay_payment_link_id');
        const payment = query.get('razorpay_payment_id');
        return link && payment ? () => paymentApi.confirmPayment(link, payment) : undefined;
    }, []);
    const { outcome, setOutcome, checking } = usePaymentReturn(read);

    const pay = async (amount: number) => {
        setPending(true);
        setOutcome(undefined);
        try {
            const { short_url: shortUrl } = await paymentApi.createPaymentLink(amount);
            browser.go(shortUrl);
        } catch {
            setOutcome({ severity: 'error', text: translate('payments.creation_failed') });
            setPending(false);
        }
    };

    return (
        <PaymentCard title="payments.page.title" subtitle="payments.page.subtitle" busy={pending || checking} outcome={outcome}>
            <AmountForm submitLabel="payments.page.submit" pending={pending || checking} onSubmit={pay} />
        </PaymentCard>
    );
};
