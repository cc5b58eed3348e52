import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../../infra/errors';
import { markOrderPaid } from '../orders/transition';
import { LINK_REPLACED, ProviderError, type PaymentProvider } from './provider';
import { providerFor } from './providerFor';
import { testCheckout } from './testCheckoutRoutes';
import { nowIso } from '../../infra/time';
import { ROLE } from '../../../schema/access';
import { errorBody, errorResponses, idValue } from '../../http/common';

const VERIFY_FAILED = 'Payment verification failed';
const SUCCESS = 'Payment successful';
const tags = ['Payments'];

/** Whole rupees, at least 1 (as the legacy payment form asks), at most ₹10 lakh a payment. */
const amount = { type: 'integer', minimum: 1, maximum: 1_000_000, 'x-message': 'Please enter a valid amount.' } as const;
const currency = { type: 'string', enum: ['INR'], default: 'INR', 'x-message': 'Only INR payments are accepted.' } as const;
const providerId = (message: string) => ({ type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_]+$', 'x-message': message }) as const;

const responses = { ...errorResponses, 502: errorBody };

/** What a checkout order answers: what the provider's checkout widget is opened with. */
const checkoutAnswer = {
    type: 'object',
    properties: {
        success: { type: 'boolean' },
        orderId: { type: 'string' },
        order: { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'integer' }, currency: { type: 'string' } } },
        prefillData: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, contact: { type: 'string' } } },
        key: { type: 'string' },
        provider: { type: 'string' },
        checkoutUrl: { type: 'string', description: 'The test provider: its checkout page' },
    },
} as const;

const isStaff = (request: Pick<FastifyRequest, 'user'>) => request.user!.roleId === ROLE.admin || request.user!.roleId === ROLE.seller;

/**
 * The legacy app's payment calls (on its own paths), through the configured provider. The flow needs no webhook:
 * the browser brings the provider's answer back and the server checks it, by signature (checkout) or by
 * asking the provider (payment links).
 */
export default async function payments(app: FastifyInstance) {
    registerPaymentLink(app);
    registerConfirmPayment(app);
    registerCheckoutOrder(app);
    registerVerifyPayment(app);
    testCheckout(app);
}

// A provider that refused or is down is not the caller's fault, but not a fault of ours to hide either.
async function withProvider<T>(app: FastifyInstance, reply: FastifyReply, work: (provider: PaymentProvider) => Promise<T>) {
    try {
        return await work(providerFor(app));
    } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        app.log.warn({ err: error }, 'Payment provider call failed');
        const message = 'The payment provider did not answer. Please try again.';
        return reply.code(502).send({ success: false, message, error: message });
    }
}

/** POST /create-paymentorder: a payment link. */
function registerPaymentLink(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/create-paymentorder', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: 'Creates a payment link for an amount (whole rupees) and answers its short_url',
            body: { type: 'object', required: ['amount'], properties: { amount, currency } },
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, short_url: { type: 'string' }, paymentId: { type: 'string' } } }, ...responses },
        },
        handler: async (request, reply) => {
            const { body } = request;
            const user = request.user!;
            return withProvider(app, reply, async (provider) => {
                const paise = body.amount * 100;
                const link = await provider.createPaymentLink({
                    amount: paise,
                    currency: body.currency,
                    description: `Payment of ₹${body.amount} to ${app.config.publicUrl.replace(/^https?:\/\//, '')}`,
                    referenceId: `u${user.id}-${Date.now()}`,
                    customer: { name: user.name, email: user.email },
                    callbackUrl: `${app.config.publicUrl}/PaymentPage`,
                });
                await app.db
                    .insertInto('payments')
                    .values({ orderId: null, userId: user.id, provider: provider.name, kind: 'link', providerOrderId: link.id, providerPaymentId: null, amount: paise, currency: body.currency, status: 'created', shortUrl: link.shortUrl, paidAt: null, createdAt: nowIso() })
                    .execute();
                return { success: true, short_url: link.shortUrl, paymentId: link.id };
            });
        },
    });
}

/** POST /confirm-payment: asks the provider whether the link was paid. */
function registerConfirmPayment(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/confirm-payment', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: 'Confirms a payment link was paid: paymentId is the link (plink_…), transactionId the provider payment (pay_…); asks the provider',
            body: {
                type: 'object',
                required: ['paymentId', 'transactionId'],
                properties: { paymentId: providerId('Please send the payment id.'), transactionId: providerId('Please send the transaction id.') },
            },
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' } } }, ...responses },
        },
        handler: async (request, reply) => {
            const { paymentId, transactionId } = request.body;
            const payment = await app.db.selectFrom('payments').selectAll().where('providerOrderId', '=', paymentId).where('kind', '=', 'link').executeTakeFirst();
            if (!payment || (payment.userId !== request.user!.id && !isStaff(request))) throw badRequest(VERIFY_FAILED);
            if (payment.status === 'paid') {
                if (payment.providerPaymentId === transactionId) return { success: true, message: SUCCESS };
                throw badRequest(VERIFY_FAILED);
            }
            return withProvider(app, reply, async (provider) => {
                if (provider.name !== payment.provider) throw badRequest(VERIFY_FAILED);
                const link = await provider.fetchPaymentLink(paymentId);
                if (link.status !== 'paid' || !link.paymentIds.includes(transactionId)) throw badRequest(VERIFY_FAILED);
                const orderPaid = await app.db.transaction().execute(async (trx) => {
                    const paid = await trx
                        .updateTable('payments')
                        .set({ status: 'paid', providerPaymentId: transactionId, paidAt: nowIso() })
                        .where('id', '=', payment.id)
                        .where('status', '=', 'created')
                        .executeTakeFirst();
                    if (Number(paid.numUpdatedRows) !== 1 || payment.orderId === null) return false;
                    // A link sent for an order pays it, if the order still costs what the link asked; the payment
                    // stays recorded either way (the money was taken), for staff to settle.
                    const order = await trx.selectFrom('orders').select(['totalPrice', 'paidAt']).where('id', '=', payment.orderId).executeTakeFirst();
                    if (order && !order.paidAt && order.totalPrice !== payment.amount) return 'changed';
                    if (order?.totalPrice !== payment.amount) return false;
                    return markOrderPaid(trx, payment.orderId, transactionId, { id: request.user!.id, name: request.user!.name });
                });
                if (orderPaid === 'changed') throw conflict(`${LINK_REPLACED} The payment is recorded; the shop will settle it with you.`);
                if (orderPaid) app.mailer.wake();
                return { success: true, message: SUCCESS };
            });
        },
    });
}

/** POST /create-paymentorderr: a checkout order, for an amount or one of our orders. */
function registerCheckoutOrder(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/create-paymentorderr', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: 'Creates a checkout order with the provider: for an amount, or for one of our orders (orderId, its total)',
            description: 'order.amount is in paise, as the checkout widget takes it. With orderId the amount is the order total and `amount` may be left out.',
            body: {
                type: 'object',
                properties: { amount, currency, orderId: { ...idValue, 'x-message': 'Please send the number of the order to pay' } },
                // Each branch names its property so that a missing amount is told in the spec's words.
                anyOf: [{ required: ['amount'], properties: { amount } }, { required: ['orderId'] }],
                'x-message': 'Please enter a valid amount.',
            },
            response: { 200: checkoutAnswer, ...responses },
        },
        handler: async (request, reply) => {
            const { body } = request;
            const user = request.user!;
            const contact = await app.db.selectFrom('users').select(['name', 'email', 'contactNo']).where('id', '=', user.id).executeTakeFirstOrThrow();
            const prefillData = { name: contact.name, email: contact.email ?? '', contact: contact.contactNo ?? '' };

            const paise = body.orderId !== undefined ? await totalToPay(app, request, body.orderId) : (body.amount ?? 0) * 100;

            return withProvider(app, reply, async (provider) => {
                const answer = (id: string) => ({
                    success: true,
                    orderId: id,
                    order: { id, amount: paise, currency: body.currency },
                    prefillData,
                    key: provider.keyId,
                    provider: provider.name,
                    ...(provider.name === 'test' ? { checkoutUrl: `/test-checkout/${id}` } : {}),
                });
                if (body.orderId !== undefined) {
                    // Asking twice for the same order reuses the first checkout, so it cannot be paid twice over.
                    const open = await app.db
                        .selectFrom('payments')
                        .select('providerOrderId')
                        .where('orderId', '=', body.orderId)
                        .where('kind', '=', 'order')
                        .where('provider', '=', provider.name)
                        .where('status', '=', 'created')
                        .where('amount', '=', paise)
                        .executeTakeFirst();
                    if (open) return answer(open.providerOrderId);
                }
                const order = await provider.createOrder({
                    amount: paise,
                    currency: body.currency,
                    receipt: body.orderId !== undefined ? `order_${body.orderId}` : `user_${user.id}_${Date.now()}`,
                    notes: body.orderId !== undefined ? { orderId: String(body.orderId) } : {},
                });
                await app.db
                    .insertInto('payments')
                    .values({ orderId: body.orderId ?? null, userId: user.id, provider: provider.name, kind: 'order', providerOrderId: order.id, providerPaymentId: null, amount: paise, currency: body.currency, status: 'created', shortUrl: null, paidAt: null, createdAt: nowIso() })
                    .execute();
                return answer(order.id);
            });
        },
    });
}

/** The total of one of our orders, in paise, when the caller may pay it online now. */
async function totalToPay(app: FastifyInstance, request: Pick<FastifyRequest, 'user'>, orderId: number) {
    let query = app.db.selectFrom('orders').select(['id', 'status', 'paymentMethod', 'totalPrice']).where('id', '=', orderId);
    if (!isStaff(request)) query = query.where('customerId', '=', request.user!.id);
    const order = await query.executeTakeFirst();
    if (!order) throw notFound('Order not found');
    if (order.paymentMethod !== 'online') throw conflict('This order is paid in cash on delivery');
    if (order.status !== 'placed') throw conflict('This order is not waiting for payment');
    return order.totalPrice;
}

/** POST /verify-payment: a checkout's signature, checked once. */
function registerVerifyPayment(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/verify-payment', {
        config: { access: 'signedIn' },
        schema: {
            tags,
            summary: "Checks a checkout's signature (HMAC-SHA256 of order_id|payment_id) and marks the payment, and its order, paid once",
            body: {
                type: 'object',
                required: ['payment_id', 'order_id', 'signature'],
                properties: {
                    payment_id: providerId(VERIFY_FAILED),
                    order_id: providerId(VERIFY_FAILED),
                    signature: { type: 'string', maxLength: 200, 'x-message': VERIFY_FAILED },
                },
            },
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' } } }, ...responses },
        },
        handler: async (request) => {
            const { payment_id: paymentId, order_id: orderId, signature } = request.body;
            const user = request.user!;
            const payment = await app.db.selectFrom('payments').selectAll().where('providerOrderId', '=', orderId).where('kind', '=', 'order').executeTakeFirst();
            const provider = providerFor(app);
            if (!payment || (payment.userId !== user.id && !isStaff(request)) || payment.provider !== provider.name) throw badRequest(VERIFY_FAILED);
            // The order id is the one we stored, never one the client names afresh.
            if (!provider.verifySignature(payment.providerOrderId, paymentId, signature)) throw badRequest(VERIFY_FAILED);

            const changed = await app.db.transaction().execute(async (trx) => {
                const paid = await trx
                    .updateTable('payments')
                    .set({ status: 'paid', providerPaymentId: paymentId, paidAt: nowIso() })
                    .where('id', '=', payment.id)
                    .where('status', '=', 'created')
                    .executeTakeFirst();
                if (Number(paid.numUpdatedRows) !== 1) return false;
                if (payment.orderId !== null) await markOrderPaid(trx, payment.orderId, paymentId, { id: user.id, name: user.name });
                return true;
            });
            if (changed) app.mailer.wake();
            if (!changed) {
                // A replay of the same payment changes nothing and says so kindly; another payment for it is refused.
                const now = await app.db.selectFrom('payments').select('providerPaymentId').where('id', '=', payment.id).executeTakeFirstOrThrow();
                if (now.providerPaymentId !== paymentId) throw conflict('This payment order was already paid with another payment');
            }
            return { success: true, message: SUCCESS };
        },
    });
}
