import { createHmac } from 'node:crypto';
import { sameDigest } from '../../infra/secrets';

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` keyed with the key secret. */
export const checkoutSignature = (secret: string, orderId: string, paymentId: string) =>
    createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

/** Razorpay's payment link callback signature: of `link_id|reference_id|status|payment_id`. */
export const linkSignature = (secret: string, linkId: string, referenceId: string, status: string, paymentId: string) =>
    createHmac('sha256', secret).update(`${linkId}|${referenceId}|${status}|${paymentId}`).digest('hex');

export const signatureMatches = (secret: string, orderId: string, paymentId: string, signature: string) =>
    typeof signature === 'string' && sameDigest(checkoutSignature(secret, orderId, paymentId), signature);
