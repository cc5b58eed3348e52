import { browser } from './leavePage';
import type { CheckoutOrder, CheckoutResult } from './paymentApi';

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
    open(): void;
    on(event: 'payment.failed', handler: () => void): void;
}

declare global {
    interface Window {
        Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
    }
}

const loadScript = () =>
    new Promise<void>((resolve, reject) => {
        if (window.Razorpay) return resolve();
        const script = document.createElement('script');
        script.src = RAZORPAY_SCRIPT;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('The payment window could not be loaded'));
        document.body.appendChild(script);
    });

/** The query keys a checkout's answer comes back under when the test provider's page returns to a screen. */
export const RESULT_KEYS = ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const;

/** A checkout's answer carried back in the address, if there is one. */
export const resultFromQuery = (query: URLSearchParams): CheckoutResult | undefined =>
    RESULT_KEYS.every(key => query.get(key)) ? (Object.fromEntries(RESULT_KEYS.map(key => [key, query.get(key)!])) as unknown as CheckoutResult) : undefined;

/**
 * Opens the provider's checkout. Razorpay's is a window over the page that calls back with the result; the
 * test provider's is a page of this app, which returns to `returnTo` with the result in the query.
 */
export async function openCheckout(order: CheckoutOrder, returnTo: string, onPaid: (result: CheckoutResult) => void, onDismiss: () => void) {
    if (order.provider === 'test') {
        browser.go(`${order.checkoutUrl}?return=${encodeURIComponent(returnTo)}`);
        return;
    }
    await loadScript();
    const checkout = new window.Razorpay!({
        key: order.key,
        amount: order.order.amount,
        currency: order.order.currency,
        order_id: order.orderId,
        prefill: order.prefillData,
        handler: onPaid,
        modal: { ondismiss: onDismiss },
    });
    checkout.on('payment.failed', onDismiss);
    checkout.open();
}
