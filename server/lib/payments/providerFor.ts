import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './provider';
import { razorpayProvider } from './razorpayProvider';
import { testProvider } from './testProvider';

/** Razorpay when both of its keys are configured, else the built-in test provider. */
export function providerFor(app: FastifyInstance): PaymentProvider {
    const { razorpayKeyId, razorpayKeySecret, razorpayApiUrl, testPaymentSecret, publicUrl } = app.config;
    if (razorpayKeyId && razorpayKeySecret) return razorpayProvider({ keyId: razorpayKeyId, keySecret: razorpayKeySecret, apiUrl: razorpayApiUrl });
    return testProvider(app.db, testPaymentSecret, publicUrl);
}
