import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { conflict } from '../../infra/errors';
import { hmac } from '../../infra/secrets';
import type { PaymentProvider } from './provider';
import { razorpayProvider } from './razorpayProvider';
import { testProvider } from './testProvider';

export type PaymentMode = 'razorpay' | 'test' | 'none';

export const NO_ONLINE_PAYMENT = 'Online payment is not available in this shop at the moment. Please choose cash on delivery.';

/**
 * Which provider takes online payments: Razorpay when both of its keys are set; else the built-in test
 * provider, which moves no money, so in production only when ALLOW_TEST_PAYMENTS=true says so; else none.
 */
export function paymentMode(config: Config): PaymentMode {
    if (config.razorpayKeyId && config.razorpayKeySecret) return 'razorpay';
    if (config.nodeEnv !== 'production' || config.allowTestPayments) return 'test';
    return 'none';
}

/** What the server says at start about payments: the operator must never be left to guess. */
export const paymentModeNotice: Record<PaymentMode, string> = {
    razorpay: 'Online payments go through Razorpay.',
    test: 'Online payments go through the built-in TEST provider: no money moves. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for real payments.',
    none: 'No online payment provider: NODE_ENV=production without RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET. Online payment is refused, cash on delivery works (ALLOW_TEST_PAYMENTS=true turns the test provider on, for a staging shop).',
};

/** The test provider's signing secret: TEST_PAYMENT_SECRET, or one derived from the key every instance shares. */
export const testPaymentSecret = (app: FastifyInstance) => app.config.testPaymentSecret ?? hmac(app.serverSecret, 'test-payments');

/** The configured provider; with none, online payment is refused with a message the customer can act on. */
export function providerFor(app: FastifyInstance): PaymentProvider {
    const { razorpayKeyId, razorpayKeySecret, razorpayApiUrl, publicUrl } = app.config;
    const mode = paymentMode(app.config);
    if (mode === 'razorpay') return razorpayProvider({ keyId: razorpayKeyId!, keySecret: razorpayKeySecret!, apiUrl: razorpayApiUrl });
    if (mode === 'test') return testProvider(app.db, testPaymentSecret(app), publicUrl);
    throw conflict(NO_ONLINE_PAYMENT);
}
