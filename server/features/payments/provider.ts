/**
 * What the app asks of a payment provider. Amounts are paise, as Razorpay counts them. Two implementations:
 * the built-in test provider (testProvider.ts, the default, offline) and Razorpay (razorpayProvider.ts),
 * chosen by configuration in providerFor.ts.
 */
export interface ProviderOrder {
    id: string;
    amount: number;
    currency: string;
}

/** Why a payment link made before its order changed pays nothing: the shop cancelled it and sent one for the new amount. */
export const LINK_REPLACED = 'This payment link was replaced: the order changed after it was made. Please pay with the newest link the shop sent.';

export interface ProviderLink {
    id: string;
    shortUrl: string;
}

export interface LinkState {
    /** Razorpay's words: created, partially_paid, paid, expired, cancelled. */
    status: string;
    /** Captured payments of the link. */
    paymentIds: string[];
}

export interface ProviderRefund {
    /** rfnd_… */
    id: string;
    /** Razorpay's words: pending, processed, failed. */
    status: string;
}

export interface PaymentProvider {
    readonly name: 'test' | 'razorpay';
    /** The public key the checkout widget is opened with. */
    readonly keyId: string;
    createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
    createPaymentLink(input: {
        amount: number;
        currency: string;
        description: string;
        referenceId: string;
        /** A customer taken by phone has no e-mail: the link is then given to them by staff, not mailed by the provider. */
        customer: { name: string; email: string | null };
        callbackUrl: string;
    }): Promise<ProviderLink>;
    fetchPaymentLink(id: string): Promise<LinkState>;
    /** Stops a link from taking payment (Razorpay: POST /v1/payment_links/{id}/cancel); throws ProviderError when refused. */
    cancelPaymentLink(id: string): Promise<void>;
    /** Gives back `amount` of a captured payment (Razorpay: POST /v1/payments/{id}/refund); throws ProviderError when refused. */
    refund(input: { paymentId: string; amount: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderRefund>;
    /** Checks a checkout's signature: HMAC-SHA256 of `order_id|payment_id` with the secret, compared in constant time. */
    verifySignature(orderId: string, paymentId: string, signature: string): boolean;
}

/** The provider refused or could not be reached; answered as 502 with a plain message. */
export class ProviderError extends Error {}
