import { fetchUtils, HttpError } from 'react-admin';

import { API_URL } from '../../config';
import { TOKEN_KEY } from '../../http/token';
import { REGISTRATION_TOKEN_KEY } from '../registration/useRegistration';

/** The payment screens send the token under 'authToken' (where the legacy registration left it), else the session's 'token'. */
export const paymentToken = () => localStorage.getItem(REGISTRATION_TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);

const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = paymentToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const { json } = await fetchUtils.fetchJson(`${API_URL}${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
    return json as T;
};

/** What create-paymentorderr answers: the provider's order (amount in paise) and how to open its checkout. */
export interface CheckoutOrder {
    orderId: string;
    order: { id: string; amount: number; currency: string };
    prefillData: { name: string; email: string; contact: string };
    key: string;
    provider: 'test' | 'razorpay';
    checkoutUrl?: string;
}

/** What a checkout hands back once paid, in Razorpay's names. */
export interface CheckoutResult {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
}

export const paymentApi = {
    /** POST /create-paymentorder: a payment link for whole rupees. */
    createPaymentLink: (amount: number) => call<{ short_url: string; paymentId: string }>('/create-paymentorder', { amount, currency: 'INR' }),
    /** POST /confirm-payment: the link (plink_…) and the provider's payment (pay_…) it was paid with. */
    confirmPayment: (paymentId: string, transactionId: string) => call<{ message: string }>('/confirm-payment', { paymentId, transactionId }),
    /** POST /create-paymentorderr: for an amount, or for one of our orders. */
    createCheckout: (what: { amount: number } | { orderId: number }) => call<CheckoutOrder>('/create-paymentorderr', what),
    /** POST /verify-payment with the checkout's answer. */
    verifyPayment: (result: CheckoutResult) =>
        call<{ message: string }>('/verify-payment', {
            payment_id: result.razorpay_payment_id,
            order_id: result.razorpay_order_id,
            signature: result.razorpay_signature,
        }),
    order: (id: number) =>
        call<{ id: number; totalPrice: number; status: string; paymentMethod: string; products: { name: string; quantity: number }[] }>(`/orderr/${id}`),
    testCharge: (id: string) =>
        call<{ id: string; kind: 'order' | 'link'; amount: number; currency: string; description: string | null; status: string }>(
            `/test-checkout/${encodeURIComponent(id)}`
        ),
    testOutcome: (id: string, outcome: 'pay' | 'fail') =>
        call<Partial<CheckoutResult> & { outcome: string; redirect?: string }>(`/test-checkout/${encodeURIComponent(id)}`, { outcome }),
};

export const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** Whole rupees of at least 1 (the server refuses less): the number, or undefined. */
export const wholeRupees = (text: string): number | undefined => {
    const trimmed = text.trim();
    if (!/^\d{1,7}$/.test(trimmed)) return undefined;
    const amount = Number(trimmed);
    return amount >= 1 ? amount : undefined;
};
