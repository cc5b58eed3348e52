import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict } from '../../infra/errors';
import { nowIso } from '../../infra/time';
import { actorOf } from '../../engine/audit';
import { fromUnits } from '../../engine/money';
import { errorBody, errorResponses, idParams, idValue } from '../../http/common';
import { ORDER_COLUMNS, orderDetail, orderDetailOf, type OrderRow } from './orderRecord';
import { SLOT_CHOICE_PROPERTIES } from '../deliverySlots/slotChoiceSchema';
import { placeOrder } from './placeOrder';
import { orderNote } from './orderRoutes';
import { priceOrder } from './pricing';
import { itemsInThousandths, measureOf, measureProperties, orderItemsSchema } from './orderItems';
import { shortOf } from './stock';
import { inUnits, UNITS } from '../../../schema/measure';
import { recordHistory } from './transition';
import { findOrCreateCustomer, searchCustomers } from './deskCustomer';
import { newCustomerSchema } from '../../../schema/deskCustomer';
import { changeUnpaidLines } from './changeLines';
import { changePaidLines } from './changePaidLines';
import { tellPaymentLink } from './deskMails';
import { ProviderError, type PaymentProvider } from '../payments/provider';
import { NO_ONLINE_PAYMENT, paymentMode, providerFor } from '../payments/providerFor';
import { variantName } from '../../../schema/variantName';

const rupees = (paise: number) => fromUnits(paise, 2);
const tags = ['Orders'];

const items = orderItemsSchema;
const pincode = { type: 'string', pattern: '^[0-9]{6}$', 'x-message': 'Please enter a valid 6-digit pincode!' } as const;
const couponCode = { type: 'string', maxLength: 40, 'x-message': 'A coupon code has at most 40 characters' } as const;
const search = { type: 'object', required: ['q'], properties: { q: { type: 'string', minLength: 1, maxLength: 100, 'x-message': 'Please type at least one character to search' } } } as const;

const forCustomerBody = {
    type: 'object',
    required: ['items', 'pincode', 'paymentMethod'],
    additionalProperties: false,
    properties: {
        customerId: { ...idValue, 'x-message': 'Please choose a customer' },
        customer: newCustomerSchema,
        items,
        pincode,
        couponCode,
        address: { type: 'string', maxLength: 500, 'x-message': 'The address can be at most 500 characters long' },
        paymentMethod: { type: 'string', enum: ['online', 'cod'], 'x-message': 'Payment method must be online or cod' },
        note: orderNote,
        ...SLOT_CHOICE_PROPERTIES,
    },
    oneOf: [{ required: ['customerId'] }, { required: ['customer'] }],
    'x-message': 'Please choose a customer or add a new one (not both)',
} as const;

const linesBody = {
    type: 'object',
    required: ['items'],
    additionalProperties: false,
    properties: {
        items,
        substitutions: {
            type: 'array',
            maxItems: 50,
            items: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: idValue, to: idValue } },
            'x-message': 'Substitutions name the product taken out (from) and the one put in (to)',
        },
        note: { type: 'string', maxLength: 300, 'x-message': 'The note can be at most 300 characters long' },
    },
} as const;

const customerRecord = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: ['string', 'null'] }, contactNo: { type: ['string', 'null'] }, address: { type: ['string', 'null'] }, pincode: { type: ['string', 'null'] } },
} as const;
const productRecord = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        sku: { type: ['string', 'null'] },
        barcode: { type: ['string', 'null'] },
        price: { type: 'number', description: 'Rupees a piece, kg or litre' },
        ...measureProperties,
    },
} as const;
const quoteAnswer = {
    type: 'object',
    properties: {
        lines: {
            type: 'array',
            items: {
                type: 'object',
                properties: {
                    productId: { type: 'integer' },
                    name: { type: 'string' },
                    unitPrice: { type: 'number' },
                    quantity: { type: 'number', description: 'In the unit: pieces, kg or litres' },
                    unit: { type: 'string', enum: UNITS },
                    lineTotal: { type: 'number' },
                    tax: { type: 'number' },
                    stock: { type: ['number', 'null'], description: 'On the shelf now, in the unit; null when not tracked' },
                    short: { type: ['string', 'null'], description: 'Why the shelf cannot fill this line, if it cannot' },
                },
            },
        },
        subtotal: { type: 'number' },
        taxTotal: { type: 'number' },
        deliveryCharge: { type: 'number' },
        discount: { type: 'number' },
        totalPrice: { type: 'number' },
    },
} as const;
const placedAnswer = {
    type: 'object',
    properties: { success: { type: 'boolean' }, message: { type: 'string' }, paymentLink: { type: ['string', 'null'] }, data: orderDetail },
} as const;

/** The order whole, as staff see it. */
const detail = async (app: FastifyInstance, id: number) =>
    orderDetailOf(app.db, (await app.db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', '=', id).executeTakeFirstOrThrow()) as OrderRow, true);
const staffActor = (request: FastifyRequest) => ({ id: request.user!.id, name: request.user!.name });

/**
 * The order desk: staff take an order for a customer (a phone or counter order), find customers and products for it,
 * see it priced before it is placed, and change an order's lines until it is packed.
 */
export default async function deskRoutes(fastify: FastifyInstance) {
    registerDeskSearches(fastify);
    registerQuote(fastify);
    registerPlaceForCustomer(fastify);
    registerPaymentLink(fastify);
    registerChangeLines(fastify);
}

/** GET /orders/customers and /orders/products: the desk finds customers and products. */
function registerDeskSearches(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.get('/orders/customers', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Customers for an order taken by staff: by name, e-mail or phone (at most 10)', querystring: search, response: { 200: { type: 'array', items: customerRecord }, ...errorResponses } },
        handler: async (request) => searchCustomers(app.db, request.query.q),
    });

    app.get('/orders/products', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Products on sale for an order taken by staff: an exact barcode or SKU first (a scanner types one), then names holding the words',
            querystring: search,
            response: { 200: { type: 'array', items: productRecord }, ...errorResponses },
        },
        handler: async (request) => {
            const text = request.query.q.trim();
            const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            const rows = await app.db
                .selectFrom('products')
                .select(['id', 'name', 'option', 'sku', 'barcode', 'price', 'stock', 'unit', 'step', 'minimum'])
                .where('status', '=', 1)
                .where((eb) => eb.or([eb('barcode', '=', text), eb('sku', '=', text), eb(eb.fn('lower', ['name']), 'like', like)]))
                .orderBy('name')
                .limit(20)
                .execute();
            const exact = (row: (typeof rows)[number]) => row.barcode === text || row.sku === text;
            return [...rows.filter(exact), ...rows.filter((row) => !exact(row))].slice(0, 10).map(({ option, ...row }) => ({ ...row, name: variantName(row.name, option), price: rupees(row.price), ...measureOf(row) }));
        },
    });
}

/** POST /orders/quote: an order priced as it would be placed now. */
function registerQuote(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/orders/quote', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Prices an order as it would be placed now, without placing it: lines, tax, delivery, discount, total and the stock of each',
            body: { type: 'object', required: ['items', 'pincode'], additionalProperties: false, properties: { items, pincode, couponCode } },
            response: { 200: quoteAnswer, ...errorResponses },
        },
        handler: async (request) => {
            const priced = await priceOrder(app.db, itemsInThousandths(request.body));
            const stock = await app.db.selectFrom('products').select(['id', 'stock']).where('id', 'in', priced.lines.map((line) => line.productId)).execute();
            const stockOf = new Map(stock.map((row) => [row.id, row.stock]));
            return {
                lines: priced.lines.map((line) => {
                    const left = stockOf.get(line.productId) ?? null;
                    const short = left === null || left >= line.quantity ? null : shortOf(line.name, left, line.unit);
                    const { productId, name, unit } = line;
                    return { productId, name, unit, unitPrice: rupees(line.unitPrice), quantity: inUnits(line.quantity), lineTotal: rupees(line.lineTotal), tax: rupees(line.tax), stock: left === null ? null : inUnits(left), short };
                }),
                subtotal: rupees(priced.subtotal),
                taxTotal: rupees(priced.taxTotal),
                deliveryCharge: rupees(priced.deliveryCharge),
                discount: rupees(priced.discount),
                totalPrice: rupees(priced.totalPrice),
            };
        },
    });
}

/** POST /orders/for-customer: staff place an order for a customer. */
function registerPlaceForCustomer(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/orders/for-customer', {
        config: { access: 'staff', rateLimit: { max: app.config.orderRateLimit, timeWindow: '1 minute' } },
        schema: {
            tags,
            summary: 'Staff place an order for a customer (a phone or counter order), priced and stocked exactly as their own order',
            description:
                'The customer is an existing one (customerId) or found by e-mail, else by phone, else added (customer: name, phone and/or e-mail, address, pincode; a customer without an e-mail cannot sign in and is sent no mail). Cash on delivery, or online: a payment link is mailed to the customer (when they have an e-mail) and answered as paymentLink, for staff to give them; the order is paid when they pay it.',
            body: forCustomerBody,
            response: { 201: placedAnswer, ...errorResponses, 502: errorBody },
        },
        handler: async (request, reply) => {
            const { body } = request;
            if (body.paymentMethod === 'online' && paymentMode(app.config) === 'none') throw conflict(NO_ONLINE_PAYMENT);
            const customerId = body.customerId ?? (await findOrCreateCustomer(app.db, body.customer!));
            const customer = await app.db.selectFrom('users').select(['id', 'roleId']).where('id', '=', customerId).executeTakeFirst();
            if (customer && customer.roleId !== 3) throw conflict('Orders are taken for customers, not for staff', { customerId: 'Not a customer' });
            const { items, pincode, couponCode, address, paymentMethod, slotId, slotDate } = body;
            const id = await placeOrder(app.db, customerId, itemsInThousandths({ items, pincode, couponCode, address, paymentMethod, slotId, slotDate }));
            const note = `Taken by ${request.user!.name} for the customer${body.note?.trim() ? `: ${body.note.trim()}` : ''}`;
            await recordHistory(app.db, id, 'placed', 'placed', staffActor(request), note);
            let paymentLink: string | null = null;
            if (body.paymentMethod === 'online') {
                try {
                    paymentLink = await sendPaymentLink(app, id);
                } catch (error) {
                    if (!(error instanceof ProviderError)) throw error;
                    // The order stands; the link can be sent again from the order once the provider answers.
                    app.log.warn({ err: error }, 'Payment link not made');
                }
            }
            app.mailer.wake();
            reply.code(201);
            const mailed = (await app.db.selectFrom('orders').select('customerEmail').where('id', '=', id).executeTakeFirstOrThrow()).customerEmail !== null;
            const message = paymentLink && !mailed ? `Order ${id} placed; the customer has no e-mail: give them the payment link ${paymentLink}` : paymentLink ? `Order ${id} placed; the payment link is mailed to the customer` : paymentLink === null && body.paymentMethod === 'online' ? `Order ${id} placed, but the payment provider did not make a link; send it again from the order` : `Order ${id} placed`;
            return { success: true, message, paymentLink, data: await detail(app, id) };
        },
    });
}

/** POST /orderr/:id/payment-link: mails the customer a link paying the order. */
function registerPaymentLink(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.post('/orderr/:id/payment-link', {
        config: { access: 'staff' },
        schema: { tags, summary: 'Mails the customer a link that pays an online order waiting for payment (again, for its current total)', params: idParams, response: { 200: placedAnswer, ...errorResponses, 502: errorBody } },
        handler: async (request, reply) => {
            const order = await app.db.selectFrom('orders').select(['status', 'paymentMethod']).where('id', '=', request.params.id).executeTakeFirst();
            if (!order) return reply.code(404).send({ success: false, message: 'Order not found', error: 'Order not found' });
            if (order.paymentMethod !== 'online' || order.status !== 'placed') throw conflict('Only an online order waiting for payment can be sent a payment link');
            try {
                const paymentLink = await sendPaymentLink(app, request.params.id);
                app.mailer.wake();
                return { success: true, message: 'The payment link is mailed to the customer', paymentLink, data: await detail(app, request.params.id) };
            } catch (error) {
                if (!(error instanceof ProviderError)) throw error;
                const message = 'The payment provider did not answer. Please try again.';
                return reply.code(502).send({ success: false, message, error: message });
            }
        },
    });
}

/** PATCH /orderr/:id/lines: changes an order's lines until it is packed. */
function registerChangeLines(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
    app.patch('/orderr/:id/lines', {
        config: { access: 'staff' },
        schema: {
            tags,
            summary: 'Changes an order’s lines until it is packed: quantities, lines removed or added, a product substituted',
            description:
                'Send every line as it is to be. Priced again as a customer’s order would be now; stock taken or put back with each change (409 with what is left when short); a history row, an activity log line and a mail to the customer with the new total. A paid order can only be reduced, by an administrator: the difference is refunded with a credit note. Packed, delivered or cancelled orders: 409 saying why.',
            params: idParams,
            body: linesBody,
            response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: orderDetail } }, ...errorResponses, 502: errorBody },
        },
        handler: async (request, reply) => {
            const { id } = request.params;
            const order = await app.db.selectFrom('orders').select(['paidAt', 'invoiceNumber']).where('id', '=', id).executeTakeFirst();
            if (!order) return reply.code(404).send({ success: false, message: 'Order not found', error: 'Order not found' });
            let changes: string[];
            try {
                changes =
                    order.paidAt || order.invoiceNumber
                        ? await changePaidLines(app.db, () => providerFor(app), id, { ...staffActor(request), roleId: request.user!.roleId }, actorOf(request), itemsInThousandths(request.body))
                        : await changeUnpaidLines(app.db, id, staffActor(request), actorOf(request), itemsInThousandths(request.body));
            } catch (error) {
                if (!(error instanceof ProviderError)) throw error;
                const message = `The payment provider did not make the refund (${error.message}). The order is unchanged; please try again.`;
                return reply.code(502).send({ success: false, message, error: message });
            }
            // A payment link asks for the old total, and paying it no longer pays the order: send one for the new total.
            if (!order.paidAt && (await app.db.selectFrom('payments').select('id').where('orderId', '=', id).where('kind', '=', 'link').where('status', '=', 'created').executeTakeFirst())) {
                await sendPaymentLink(app, id).catch((error: unknown) => {
                    if (!(error instanceof ProviderError)) throw error;
                    app.log.warn({ err: error }, 'New payment link not made');
                });
            }
            app.mailer.wake();
            return { success: true, message: `Order ${id} changed: ${changes.join('; ')}`, data: await detail(app, id) };
        },
    });
}

/**
 * Asks the provider for a link paying the order's total, keeps it as the order's payment, and mails it to the customer.
 * The order's earlier links are cancelled first: one made before the order changed asks the old amount.
 */
async function sendPaymentLink(app: FastifyInstance, orderId: number): Promise<string> {
    const order = await app.db.selectFrom('orders').select(['id', 'customerId', 'customerName', 'customerEmail', 'totalPrice']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const provider = providerFor(app);
    await cancelOldLinks(app, provider, orderId);
    const link = await provider.createPaymentLink({
        amount: order.totalPrice,
        currency: 'INR',
        description: `Order #${order.id}`,
        referenceId: `order-${order.id}-${Date.now()}`,
        customer: { name: order.customerName, email: order.customerEmail },
        callbackUrl: `${app.config.publicUrl}/PaymentPage`,
    });
    await app.db.transaction().execute(async (trx) => {
        const { id } = await trx
            .insertInto('payments')
            .values({ orderId, userId: order.customerId, provider: provider.name, kind: 'link', providerOrderId: link.id, providerPaymentId: null, amount: order.totalPrice, currency: 'INR', status: 'created', shortUrl: link.shortUrl, paidAt: null, createdAt: nowIso() })
            .returning('id')
            .executeTakeFirstOrThrow();
        await tellPaymentLink(trx, orderId, id, link.shortUrl);
    });
    return link.shortUrl;
}

/** Stops the order's unpaid links at the provider. One it will not cancel is refused anyway when confirmed (its amount is not the order's). */
async function cancelOldLinks(app: FastifyInstance, provider: PaymentProvider, orderId: number) {
    const old = await app.db.selectFrom('payments').select('providerOrderId').where('orderId', '=', orderId).where('kind', '=', 'link').where('status', '=', 'created').where('provider', '=', provider.name).execute();
    for (const { providerOrderId } of old) {
        await provider.cancelPaymentLink(providerOrderId).catch((error: unknown) => {
            if (!(error instanceof ProviderError)) throw error;
            app.log.warn({ err: error, link: providerOrderId }, 'Old payment link not cancelled');
        });
    }
}
