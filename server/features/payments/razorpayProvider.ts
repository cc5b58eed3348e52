import { ProviderError, type PaymentProvider } from './provider';
import { signatureMatches } from './signature';

interface RazorpayConfig {
    keyId: string;
    keySecret: string;
    /** https://api.razorpay.com, or a stand-in. */
    apiUrl: string;
}

interface RazorpayError {
    error?: { code?: string; description?: string };
}

/** Razorpay's REST API (Orders, Payment Links and Refunds, v1) with HTTP basic auth of the key pair. */
export function razorpayProvider({ keyId, keySecret, apiUrl }: RazorpayConfig): PaymentProvider {
    const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

    async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
        let response: Response;
        try {
            response = await fetch(`${apiUrl}/v1${path}`, {
                method,
                headers: { authorization, 'content-type': 'application/json' },
                body: body === undefined ? undefined : JSON.stringify(body),
                signal: AbortSignal.timeout(15_000),
            });
        } catch (error) {
            throw new ProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
        }
        const json = (await response.json().catch(() => ({}))) as T & RazorpayError;
        if (!response.ok) throw new ProviderError(`Razorpay answered ${response.status}: ${json.error?.description ?? 'no description'}`);
        return json;
    }

    return {
        name: 'razorpay',
        keyId,
        async createOrder({ amount, currency, receipt, notes }) {
            const order = await call<{ id: string; amount: number; currency: string }>('POST', '/orders', { amount, currency, receipt, notes });
            if (typeof order.id !== 'string') throw new ProviderError('Razorpay answered an order without an id');
            return { id: order.id, amount: order.amount, currency: order.currency };
        },
        async createPaymentLink({ amount, currency, description, referenceId, customer, callbackUrl }) {
            const link = await call<{ id: string; short_url: string }>('POST', '/payment_links', {
                amount,
                currency,
                description,
                reference_id: referenceId,
                customer: { name: customer.name, ...(customer.email ? { email: customer.email } : {}) },
                notify: { sms: false, email: Boolean(customer.email) },
                callback_url: callbackUrl,
                callback_method: 'get',
            });
            if (typeof link.id !== 'string' || typeof link.short_url !== 'string') throw new ProviderError('Razorpay answered a payment link without id or short_url');
            return { id: link.id, shortUrl: link.short_url };
        },
        async fetchPaymentLink(id) {
            const link = await call<{ status: string; payments?: Array<{ payment_id: string; status: string }> | null }>(
                'GET',
                `/payment_links/${encodeURIComponent(id)}`,
            );
            return { status: link.status, paymentIds: (link.payments ?? []).filter((p) => p.status === 'captured').map((p) => p.payment_id) };
        },
        async cancelPaymentLink(id) {
            await call<{ status: string }>('POST', `/payment_links/${encodeURIComponent(id)}/cancel`, {});
        },
        async refund({ paymentId, amount, receipt, notes }) {
            // speed normal: the refund Razorpay makes on every payment method, at no extra charge.
            const refund = await call<{ id: string; status: string }>('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, { amount, speed: 'normal', receipt, notes });
            if (typeof refund.id !== 'string' || typeof refund.status !== 'string') throw new ProviderError('Razorpay answered a refund without id or status');
            if (refund.status === 'failed') throw new ProviderError(`Razorpay could not refund payment ${paymentId}`);
            return { id: refund.id, status: refund.status };
        },
        verifySignature: (orderId, paymentId, signature) => signatureMatches(keySecret, orderId, paymentId, signature),
    };
}
