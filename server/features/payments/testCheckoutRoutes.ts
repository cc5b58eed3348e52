import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../infra/errors';
import { LINK_REPLACED } from './provider';
import { paymentMode, testPaymentSecret } from './providerFor';
import { checkoutSignature, linkSignature } from './signature';
import { testId } from './testProvider';
import { errorResponses } from '../../http/common';

const providerId = (message: string) => ({ type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_]+$', 'x-message': message }) as const;

/** A test provider's checkout, by the id it gave the order or link. */
const chargeParams = { type: 'object', required: ['id'], properties: { id: providerId('Unknown payment') } } as const;
const tags = ['Payments'];

/**
 * The test provider's own side (it "hosts" the checkout page /test-checkout/{id} of the app): what is to be
 * paid, and the customer's Pay or Fail. Open to anyone holding the unguessable id, as a hosted checkout is.
 */
export function testCheckout(app: FastifyInstance) {
    registerTestCharge(app);
    registerTestOutcome(app);
}

/** The checkout order or payment link the id names, while the test provider is the one in use. */
async function chargeOf(app: FastifyInstance, id: string) {
    if (paymentMode(app.config) !== 'test') throw notFound('The test payment provider is not in use');
    const charge = await app.db
        .selectFrom('testProviderCharges')
        .selectAll()
        .where('id', '=', id)
        .where('kind', 'in', ['order', 'link']) // its refunds are no checkout
        .executeTakeFirst();
    if (!charge) throw notFound('Unknown payment');
    return charge;
}

/** GET /test-checkout/:id */
function registerTestCharge(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/test-checkout/:id', {
        config: { access: 'public' },
        schema: {
            tags,
            summary: 'Test provider: what a checkout order or payment link asks for',
            params: chargeParams,
            response: {
                200: {
                    type: 'object',
                    properties: {
                        id: { type: 'string' },
                        kind: { type: 'string' },
                        amount: { type: 'integer', description: 'Paise' },
                        currency: { type: 'string' },
                        description: { type: ['string', 'null'] },
                        status: { type: 'string' },
                    },
                },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const { id, kind, amount, currency, description, status } = await chargeOf(app, request.params.id);
            return { id, kind, amount, currency, description, status };
        },
    });
}

/** POST /test-checkout/:id: the customer's Pay or Fail. */
function registerTestOutcome(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/test-checkout/:id', {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
            tags,
            summary: 'Test provider: the customer pays or fails; a payment answers the fields and signature Razorpay gives',
            params: chargeParams,
            body: { type: 'object', required: ['outcome'], properties: { outcome: { type: 'string', enum: ['pay', 'fail'], 'x-message': 'Outcome must be pay or fail' } } },
            response: {
                200: {
                    type: 'object',
                    properties: {
                        success: { type: 'boolean' },
                        outcome: { type: 'string' },
                        razorpay_order_id: { type: 'string' },
                        razorpay_payment_link_id: { type: 'string' },
                        razorpay_payment_link_reference_id: { type: 'string' },
                        razorpay_payment_link_status: { type: 'string' },
                        razorpay_payment_id: { type: 'string' },
                        razorpay_signature: { type: 'string' },
                        redirect: { type: 'string' },
                    },
                },
                ...errorResponses,
            },
        },
        handler: async (request) => {
            const charge = await chargeOf(app, request.params.id);
            if (charge.status === 'cancelled') throw conflict(LINK_REPLACED);
            if (request.body.outcome === 'fail') return { success: true, outcome: 'failed' };
            await app.db
                .updateTable('testProviderCharges')
                .set({ status: 'paid', paymentId: testId('pay') })
                .where('id', '=', charge.id)
                .where('status', '=', 'created')
                .execute();
            const { paymentId } = await app.db.selectFrom('testProviderCharges').select('paymentId').where('id', '=', charge.id).executeTakeFirstOrThrow();
            const secret = testPaymentSecret(app);
            if (charge.kind === 'order') {
                return { success: true, outcome: 'paid', razorpay_order_id: charge.id, razorpay_payment_id: paymentId!, razorpay_signature: checkoutSignature(secret, charge.id, paymentId!) };
            }
            const fields = {
                razorpay_payment_id: paymentId!,
                razorpay_payment_link_id: charge.id,
                razorpay_payment_link_reference_id: '',
                razorpay_payment_link_status: 'paid',
                razorpay_signature: linkSignature(secret, charge.id, '', 'paid', paymentId!),
            };
            const redirect = charge.callbackUrl ? `${charge.callbackUrl}?${new URLSearchParams(fields).toString()}` : undefined;
            return { success: true, outcome: 'paid', ...fields, ...(redirect ? { redirect } : {}) };
        },
    });
}

