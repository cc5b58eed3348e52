import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nowIso } from '../../infra/time';
import { ProviderError, type PaymentProvider } from './provider';
import { signatureMatches } from './signature';

/** Razorpay-like ids: a prefix and 14 random letters and digits. */
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id as the provider writes them: `order_test` and 14 letters or digits, always 14. */
export const testId = (prefix: string) => `${prefix}_test${Array.from(randomBytes(14), (byte) => ALPHANUMERIC[byte % 62]).join('')}`;

/**
 * The built-in provider: works offline, keeps its side in test_provider_charges, lets the customer pay or
 * fail on its own checkout page (/test-checkout/{id}), signs a payment exactly as Razorpay does, and records refunds.
 */
export function testProvider(db: Kysely<Database>, secret: string, publicUrl: string): PaymentProvider {
    return {
        name: 'test',
        keyId: 'rzp_test_builtin',
        async createOrder({ amount, currency, receipt }) {
            const id = testId('order');
            await db
                .insertInto('testProviderCharges')
                .values({ id, kind: 'order', amount, currency, description: receipt, status: 'created', paymentId: null, callbackUrl: null, createdAt: nowIso() })
                .execute();
            return { id, amount, currency };
        },
        async createPaymentLink({ amount, currency, description, callbackUrl }) {
            const id = testId('plink');
            await db
                .insertInto('testProviderCharges')
                .values({ id, kind: 'link', amount, currency, description, status: 'created', paymentId: null, callbackUrl, createdAt: nowIso() })
                .execute();
            return { id, shortUrl: `${publicUrl}/test-checkout/${id}` };
        },
        async fetchPaymentLink(id) {
            const charge = await db.selectFrom('testProviderCharges').select(['status', 'paymentId']).where('id', '=', id).where('kind', '=', 'link').executeTakeFirst();
            if (!charge) return { status: 'unknown', paymentIds: [] };
            return { status: charge.status, paymentIds: charge.paymentId ? [charge.paymentId] : [] };
        },
        async refund({ paymentId, amount, receipt }) {
            // As Razorpay, a payment given back in full cannot be given back again.
            const done = await db.selectFrom('testProviderCharges').select('id').where('kind', '=', 'refund').where('paymentId', '=', paymentId).executeTakeFirst();
            if (done) throw new ProviderError('The payment has been fully refunded already');
            const id = testId('rfnd');
            await db
                .insertInto('testProviderCharges')
                .values({ id, kind: 'refund', amount, currency: 'INR', description: receipt, status: 'processed', paymentId, callbackUrl: null, createdAt: nowIso() })
                .execute();
            return { id, status: 'processed' };
        },
        verifySignature: (orderId, paymentId, signature) => signatureMatches(secret, orderId, paymentId, signature),
    };
}
