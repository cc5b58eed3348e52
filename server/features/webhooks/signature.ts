import { createHmac, randomBytes } from 'node:crypto';

/**
 * The header every delivery carries, as Stripe's and Razorpay's do: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed with the endpoint's secret>`. The time is signed with the body, so a receiver that refuses
 * old times (five minutes, say) cannot be fed a captured delivery again later. docs/api.md tells how to verify it.
 */
export const SIGNATURE_HEADER = 'X-Webhook-Signature';

export const signatureOf = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export const signatureHeader = (secret: string, body: string, at = Date.now()) => {
    const timestamp = Math.floor(at / 1000);
    return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
};

/** A new endpoint secret: 32 random bytes, prefixed so that one found lying about is known for what it is. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
