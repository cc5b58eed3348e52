import { useCallback } from 'react';
import { useTranslate } from 'react-admin';

import { openCheckout, resultFromQuery } from './openCheckout';
import { paymentApi, type CheckoutResult } from './paymentApi';
import { usePaymentReturn } from './usePaymentReturn';

/**
 * Pays through the provider's checkout: POST create-paymentorderr, the checkout, then POST verify-payment,
 * saying 'Payment successful' or 'Payment verification failed'. `returnTo` is where the test provider's page comes back.
 */
export const useCheckout = (returnTo: string) => {
    const translate = useTranslate();
    const read = useCallback((query: URLSearchParams) => {
        const result = resultFromQuery(query);
        return result ? () => paymentApi.verifyPayment(result) : undefined;
    }, []);
    const { outcome, setOutcome, checking } = usePaymentReturn(read);

    const verify = (result: CheckoutResult) =>
        paymentApi
            .verifyPayment(result)
            .then(() => setOutcome({ severity: 'success', text: translate('payments.success') }))
            .catch(() => setOutcome({ severity: 'error', text: translate('payments.verification_failed') }));

    const pay = async (what: { amount: number } | { orderId: number }, failMessage: string) => {
        setOutcome(undefined);
        try {
            const order = await paymentApi.createCheckout(what);
            await openCheckout(order, returnTo, verify, () => setOutcome({ severity: 'error', text: translate('payments.cancelled') }));
        } catch {
            setOutcome({ severity: 'error', text: failMessage });
        }
    };

    return { pay, outcome, checking };
};
