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
        async cancelPaymentLink(id) {
            await db.updateTable('testProviderCharges').set({ status: 'cancelled' }).where('id', '=', id).where('kind', '=', 'link').where('status', '=', 'created').execute();
        },
        async fetchPaymentLink(id) {
            const charge = await db.selectFrom('testProviderCharges').select(['status', 'paymentId']).where('id', '=', id).where('kind', '=', 'link').executeTakeFirst();
            if (!charge) return { status: 'unknown', paymentIds: [] };
            return { status: charge.status, paymentIds: charge.paymentId ? [charge.paymentId] : [] };
        },
        async refund({ paymentId, amount, receipt }) {
            // As Razorpay, a payment is given back in parts at most up to what it took: then never again.
            const charges = await db.selectFrom('testProviderCharges').select(['kind', 'amount']).where('paymentId', '=', paymentId).execute();
            const taken = charges.find((charge) => charge.kind !== 'refund')?.amount ?? Number.POSITIVE_INFINITY;
            const given = charges.filter((charge) => charge.kind === 'refund').reduce((sum, charge) => sum + charge.amount, 0);
            if (given > 0 && given >= taken) throw new ProviderError('The payment has been fully refunded already');
            if (given + amount > taken) throw new ProviderError('The refund amount exceeds what is left of the payment');
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
