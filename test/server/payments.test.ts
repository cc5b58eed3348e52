import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { startRazorpayStub } from './razorpayStub';

const stubs: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
    while (stubs.length) await stubs.pop()!.close();
});

type Call = OrderShop['asha'];

/** Pays a test-provider checkout order or link as the customer would on its page. */
async function payOnTestCheckout(anyone: Call, id: string, outcome: 'pay' | 'fail' = 'pay') {
    const res = await anyone('POST', `/api/test-checkout/${id}`, { outcome });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
}

const paymentRows = (shop: OrderShop) => shop.app.db.selectFrom('payments').selectAll().orderBy('id').execute();

describe('payments through the built-in test provider', () => {
    it('creates a checkout order for an amount, lets the customer pay on its page, and verifies the signature once', async () => {
        const shop = await orderShop();
        const created = await shop.asha('POST', '/api/create-paymentorderr', { amount: 250 });
        expect(created.statusCode, created.body).toBe(200);
        const answer = created.json();
        expect(answer).toMatchObject({
            orderId: expect.stringMatching(/^order_test\w{14}$/),
            order: { amount: 25000, currency: 'INR' },
            prefillData: { name: 'Asha Sharma', email: 'asha@shop.test' },
            provider: 'test',
            checkoutUrl: `/test-checkout/${answer.orderId}`,
        });
        const page = await shop.anonymous('GET', `/api/test-checkout/${answer.orderId}`);
        expect(page.json()).toMatchObject({ kind: 'order', amount: 25000, currency: 'INR', status: 'created' });

        const paid = await payOnTestCheckout(shop.anonymous, answer.orderId);
        expect(paid).toMatchObject({ outcome: 'paid', razorpay_order_id: answer.orderId, razorpay_payment_id: expect.stringMatching(/^pay_test/) });
        const body = { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature };
        const verified = await shop.asha('POST', '/api/verify-payment', body);
        expect(verified.statusCode).toBe(200);
        expect(verified.json()).toMatchObject({ success: true, message: 'Payment successful' });
        const [row] = await paymentRows(shop);
        expect(row).toMatchObject({ status: 'paid', amount: 25000, providerPaymentId: paid.razorpay_payment_id, orderId: null });

        const replay = await shop.asha('POST', '/api/verify-payment', body);
        expect(replay.json().message).toBe('Payment successful');
        expect((await paymentRows(shop))[0].paidAt).toBe(row.paidAt);
        // Paying the same checkout again on the page answers the same payment.
        expect((await payOnTestCheckout(shop.anonymous, answer.orderId)).razorpay_payment_id).toBe(paid.razorpay_payment_id);
    });

    it.each([
        ['a forged signature', (p: Record<string, string>) => ({ ...p, signature: 'f'.repeat(64) })],
        ['a short signature', (p: Record<string, string>) => ({ ...p, signature: 'abc' })],
        ['another payment id', (p: Record<string, string>) => ({ ...p, payment_id: 'pay_test00000000000000' })],
        ['an unknown order id', (p: Record<string, string>) => ({ ...p, order_id: 'order_unknown' })],
        ['a signature made with another secret', (p: Record<string, string>) => ({
            ...p,
            signature: createHmac('sha256', 'guessed-secret').update(`${p.order_id}|${p.payment_id}`).digest('hex'),
        })],
        ['a non-text signature', (p: Record<string, string>) => ({ ...p, signature: { $ne: '' } })],
    ])('refuses %s with 400 Payment verification failed, and marks nothing paid', async (_name, tamper) => {
        const shop = await orderShop();
        const { orderId } = (await shop.asha('POST', '/api/create-paymentorderr', { amount: 100 })).json();
        const paid = await payOnTestCheckout(shop.anonymous, orderId);
        const res = await shop.asha('POST', '/api/verify-payment', tamper({ order_id: orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Payment verification failed');
        expect((await paymentRows(shop))[0].status).toBe('created');
    });

    it("pays one of our orders: the amount is the order's total, the order becomes paid once, with its reference", async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha);
        const created = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        expect(created.order.amount).toBe(114249);
        // Asking again reuses the open checkout rather than opening a second one.
        expect((await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json().orderId).toBe(created.orderId);
        expect(await paymentRows(shop)).toHaveLength(1);

        const paid = await payOnTestCheckout(shop.anonymous, created.orderId);
        const body = { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature };
        const answers = await Promise.all([1, 2, 3].map(() => shop.asha('POST', '/api/verify-payment', body)));
        expect(answers.map((a) => a.json().message)).toEqual(['Payment successful', 'Payment successful', 'Payment successful']);

        const detail = (await shop.admin('GET', `/api/orderr/${order.id}`)).json();
        expect(detail).toMatchObject({ status: 'paid', paymentReference: paid.razorpay_payment_id, nextStatuses: ['packed', 'cancelled'] });
        expect(detail.paidAt).not.toBeNull();
        expect(detail.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['placed', 'paid']);
        expect(detail.history[1].note).toBe(`Payment ${paid.razorpay_payment_id} verified`);

        const again = await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('This order is not waiting for payment');
    });

    it("refuses to pay someone else's order, a cash-on-delivery order, or to verify another customer's payment", async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha);
        expect((await shop.ravi('POST', '/api/create-paymentorderr', { orderId: order.id })).statusCode).toBe(404);
        const cod = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        const res = await shop.asha('POST', '/api/create-paymentorderr', { orderId: cod.id });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('This order is paid in cash on delivery');

        const { orderId } = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = await payOnTestCheckout(shop.anonymous, orderId);
        const theirs = await shop.ravi('POST', '/api/verify-payment', { order_id: orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        expect(theirs.statusCode).toBe(400);
        expect((await shop.admin('GET', `/api/orderr/${order.id}`)).json().status).toBe('placed');
    });

    it('keeps a checkout unpaid when the customer chooses Fail, so they can try again', async () => {
        const shop = await orderShop();
        const { orderId } = (await shop.asha('POST', '/api/create-paymentorderr', { amount: 100 })).json();
        expect(await payOnTestCheckout(shop.anonymous, orderId, 'fail')).toEqual({ success: true, outcome: 'failed' });
        expect((await shop.anonymous('GET', `/api/test-checkout/${orderId}`)).json().status).toBe('created');
        expect((await payOnTestCheckout(shop.anonymous, orderId)).outcome).toBe('paid');
        expect((await shop.anonymous('GET', '/api/test-checkout/order_nothing')).statusCode).toBe(404);
        expect((await shop.anonymous('POST', `/api/test-checkout/${orderId}`, { outcome: 'maybe' })).statusCode).toBe(400);
    });

    it('creates a payment link and confirms it only once the provider says it was paid', async () => {
        const shop = await orderShop();
        const created = await shop.asha('POST', '/api/create-paymentorder', { amount: 100, currency: 'INR' });
        expect(created.statusCode, created.body).toBe(200);
        const { short_url: shortUrl, paymentId } = created.json();
        expect(shortUrl).toBe(`${shop.config.publicUrl}/test-checkout/${paymentId}`);

        const early = await shop.asha('POST', '/api/confirm-payment', { paymentId, transactionId: 'pay_test00000000000000' });
        expect(early.statusCode).toBe(400);
        expect(early.json().message).toBe('Payment verification failed');

        const paid = await payOnTestCheckout(shop.anonymous, paymentId);
        expect(paid.redirect).toMatch(new RegExp(`^${shop.config.publicUrl}/PaymentPage\\?razorpay_payment_id=pay_test`));
        const body = { paymentId, transactionId: paid.razorpay_payment_id };
        expect((await shop.asha('POST', '/api/confirm-payment', body)).json()).toMatchObject({ success: true, message: 'Payment successful' });
        expect((await shop.asha('POST', '/api/confirm-payment', body)).json().message).toBe('Payment successful');
        expect((await shop.asha('POST', '/api/confirm-payment', { ...body, transactionId: 'pay_other' })).statusCode).toBe(400);
        expect((await shop.ravi('POST', '/api/confirm-payment', body)).statusCode).toBe(400);
        expect((await paymentRows(shop))[0]).toMatchObject({ status: 'paid', providerPaymentId: paid.razorpay_payment_id, amount: 10000 });
    });

    it.each([
        ['/api/create-paymentorder', { amount: 0 }],
        ['/api/create-paymentorder', { amount: -5 }],
        ['/api/create-paymentorder', { amount: 1.5 }],
        ['/api/create-paymentorder', { amount: 'lots' }],
        ['/api/create-paymentorder', {}],
        ['/api/create-paymentorder', { amount: 1e300 }],
        ['/api/create-paymentorderr', { amount: 0 }],
        ['/api/create-paymentorderr', {}],
    ])('refuses a bad amount on %s %j: Please enter a valid amount.', async (url, body) => {
        const shop = await orderShop();
        const res = await shop.asha('POST', url, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Please enter a valid amount.');
    });

    it('accepts INR only, and only from someone signed in', async () => {
        const shop = await orderShop();
        const usd = await shop.asha('POST', '/api/create-paymentorder', { amount: 100, currency: 'USD' });
        expect(usd.statusCode).toBe(400);
        expect(usd.json().message).toBe('Only INR payments are accepted.');
        for (const url of ['/api/create-paymentorder', '/api/create-paymentorderr', '/api/verify-payment', '/api/confirm-payment']) {
            expect((await shop.anonymous('POST', url, { amount: 100 })).statusCode, url).toBe(401);
        }
    });
});

describe('refunds', () => {
    /** An online order of Asha's paid through the test provider's checkout, then cancelled by staff. */
    async function paidAndCancelled(shop: OrderShop) {
        const order = await placed(shop.asha);
        const created = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = await payOnTestCheckout(shop.anonymous, created.orderId);
        const verified = await shop.asha('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        expect(verified.statusCode, verified.body).toBe(200);
        expect((await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
        return { id: order.id as number, paymentId: paid.razorpay_payment_id as string };
    }
    const refunds = (shop: OrderShop) => shop.app.db.selectFrom('testProviderCharges').selectAll().where('kind', '=', 'refund').execute();

    it('gives a paid order back through the test provider once, of two refunds at once, and shows the refund id', async () => {
        const shop = await orderShop();
        const order = await paidAndCancelled(shop);
        const answers = await Promise.all([shop.admin, shop.admin].map((who) => who('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' })));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const made = await refunds(shop);
        expect(made).toHaveLength(1);
        expect(made[0]).toMatchObject({ id: expect.stringMatching(/^rfnd_test/), paymentId: order.paymentId, amount: 114249, status: 'processed' });

        const detail = (await shop.admin('GET', `/api/orderr/${order.id}`)).json();
        expect(detail).toMatchObject({ status: 'refunded', refundReference: made[0].id, nextStatuses: [] });
        expect(detail.refundedAt).not.toBeNull();
        expect(detail.history.at(-1)).toMatchObject({ fromStatus: 'cancelled', toStatus: 'refunded', note: `Refund ${made[0].id}` });
        // The customer sees their refund too.
        expect((await shop.asha('GET', `/api/orderr/${order.id}`)).json().refundReference).toBe(made[0].id);

        const again = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe('This order is already refunded');
        expect(await refunds(shop)).toHaveLength(1);
        // A refund is no checkout of the test provider's.
        expect((await shop.anonymous('POST', `/api/test-checkout/${made[0].id}`, { outcome: 'pay' })).statusCode).toBe(404);
    });

    it('is for administrators: a seller is refused on either route and nothing moves; an administrator refunds on the refund route', async () => {
        const shop = await orderShop();
        const order = await paidAndCancelled(shop);
        for (const [url, body] of [
            [`/api/orderr/${order.id}/status`, { status: 'refunded' }],
            [`/api/orderr/${order.id}/refund`, {}],
        ] as const) {
            const refused = await shop.seller('POST', url, body);
            expect(refused.statusCode, url).toBe(403);
            if (url.endsWith('/status')) expect(refused.json().message).toBe('Only an administrator can refund an order.');
        }
        expect(await refunds(shop)).toHaveLength(0);
        expect((await shop.admin('GET', `/api/orderr/${order.id}`)).json()).toMatchObject({ status: 'cancelled', refundReference: null });
        // The seller's other moves are still theirs: only the money stays with administrators.
        const refunded = await shop.admin('POST', `/api/orderr/${order.id}/refund`, { note: 'Customer asked' });
        expect(refunded.statusCode, refunded.body).toBe(200);
        expect(refunded.json()).toMatchObject({ message: `Order ${order.id} is now refunded`, data: { status: 'refunded' } });
        expect(await refunds(shop)).toHaveLength(1);
    });

    it('waits for a refund under way, and takes over one left behind by a stopped server', async () => {
        const shop = await orderShop();
        const order = await paidAndCancelled(shop);
        const claim = (at: string) => shop.app.db.updateTable('orders').set({ refundReference: `pending:${at}` }).where('id', '=', order.id).execute();
        await claim(new Date().toISOString());
        expect((await shop.admin('GET', `/api/orderr/${order.id}`)).json()).toMatchObject({ status: 'cancelled', refundReference: null });
        const busy = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' });
        expect(busy.statusCode).toBe(409);
        expect(busy.json().message).toBe('This order is being refunded or changed by someone else just now; reload it to see its status');
        expect(await refunds(shop)).toEqual([]);
        await claim(new Date(Date.now() - 10 * 60_000).toISOString());
        const res = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.refundReference).toBe((await refunds(shop))[0].id);
    });

    it('records a delivered cash-on-delivery order refunded by hand, without the provider', async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        for (const status of ['packed', 'out_for_delivery', 'delivered']) {
            expect((await shop.admin('POST', `/api/orderr/${order.id}/status`, { status })).statusCode).toBe(200);
        }
        const res = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded', note: 'Cash returned at the door' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({ status: 'refunded', refundReference: 'manual' });
        expect(res.json().data.history.at(-1)).toMatchObject({ toStatus: 'refunded', note: 'Cash returned at the door', changedBy: 'Test User' });
        expect(await refunds(shop)).toEqual([]);
    });

    it('refuses to refund what was never paid, and lets only staff refund', async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha);
        await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'cancelled' });
        const unpaid = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' });
        expect(unpaid.statusCode).toBe(409);
        expect(unpaid.json().message).toBe('An order that is cancelled cannot be moved to refunded: nothing was paid for it');
        const paid = await paidAndCancelled(shop);
        expect((await shop.asha('POST', `/api/orderr/${paid.id}/status`, { status: 'refunded' })).statusCode).toBe(403);
        expect(await refunds(shop)).toEqual([]);
    });
});

describe('payments through Razorpay (a local stand-in for its API)', () => {
    const keys = { razorpayKeyId: 'rzp_test_K3yId', razorpayKeySecret: 'k3y-s3cret' };
    const razorpayShop = async () => {
        const stub = await startRazorpayStub(keys.razorpayKeyId, keys.razorpayKeySecret);
        stubs.push(stub);
        return { stub, shop: await orderShop({ ...keys, razorpayApiUrl: stub.url }) };
    };

    it('creates a Razorpay order for our order and verifies the signature its checkout gives', async () => {
        const { stub, shop } = await razorpayShop();
        const order = await placed(shop.asha);
        const created = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        expect(created).toMatchObject({ orderId: expect.stringMatching(/^order_/), order: { amount: 114249, currency: 'INR' }, key: 'rzp_test_K3yId', provider: 'razorpay' });
        expect(created.checkoutUrl).toBeUndefined();
        expect(stub.requests.at(-1)).toEqual({
            method: 'POST',
            path: '/v1/orders',
            body: { amount: 114249, currency: 'INR', receipt: `order_${order.id}`, notes: { orderId: String(order.id) } },
        });

        const wrong = stub.pay(created.orderId);
        const forged = createHmac('sha256', 'not-the-secret').update(`${created.orderId}|${wrong.razorpay_payment_id}`).digest('hex');
        expect((await shop.asha('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: wrong.razorpay_payment_id, signature: forged })).statusCode).toBe(400);

        const paid = stub.pay(created.orderId);
        const verified = await shop.asha('POST', '/api/verify-payment', { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        expect(verified.json().message).toBe('Payment successful');
        expect((await shop.admin('GET', `/api/orderr/${order.id}`)).json()).toMatchObject({ status: 'paid', paymentReference: paid.razorpay_payment_id });
        // The test provider's page is not in use with Razorpay.
        expect((await shop.anonymous('GET', `/api/test-checkout/${created.orderId}`)).statusCode).toBe(404);
    });

    it('creates a Razorpay payment link and confirms it by asking Razorpay', async () => {
        const { stub, shop } = await razorpayShop();
        const created = (await shop.asha('POST', '/api/create-paymentorder', { amount: 499, currency: 'INR' })).json();
        expect(created.short_url).toMatch(/^https:\/\/rzp\.io\/i\//);
        expect(stub.requests.at(-1)).toMatchObject({
            path: '/v1/payment_links',
            body: { amount: 49900, currency: 'INR', customer: { name: 'Asha Sharma', email: 'asha@shop.test' }, callback_url: `${shop.config.publicUrl}/PaymentPage`, callback_method: 'get' },
        });
        expect((await shop.asha('POST', '/api/confirm-payment', { paymentId: created.paymentId, transactionId: 'pay_notyet' })).statusCode).toBe(400);
        const paymentId = stub.payLink(created.paymentId);
        expect(stub.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_links/${created.paymentId}` });
        const confirmed = await shop.asha('POST', '/api/confirm-payment', { paymentId: created.paymentId, transactionId: paymentId });
        expect(confirmed.json()).toMatchObject({ success: true, message: 'Payment successful' });
    });

    it("lets the app load Razorpay's checkout only when Razorpay is configured", async () => {
        const { shop } = await razorpayShop();
        const csp = (await shop.anonymous('GET', '/api/health')).headers['content-security-policy'] as string;
        expect(csp).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
        const plain = await orderShop();
        expect((await plain.anonymous('GET', '/api/health')).headers['content-security-policy']).not.toMatch(/razorpay/);
    });

    it('answers 502 with a plain message when Razorpay is down or refuses the keys', async () => {
        const { stub, shop } = await razorpayShop();
        stub.failNextWith(503);
        const down = await shop.asha('POST', '/api/create-paymentorderr', { amount: 100 });
        expect(down.statusCode).toBe(502);
        expect(down.json().message).toBe('The payment provider did not answer. Please try again.');
        expect(await paymentRows(shop)).toEqual([]);

        const badKeys = await orderShop({ ...keys, razorpayKeySecret: 'wrong', razorpayApiUrl: stub.url });
        expect((await badKeys.asha('POST', '/api/create-paymentorder', { amount: 100 })).statusCode).toBe(502);

        const unreachable = await orderShop({ ...keys, razorpayApiUrl: 'http://127.0.0.1:9' });
        expect((await unreachable.asha('POST', '/api/create-paymentorderr', { amount: 100 })).statusCode).toBe(502);
    });

    it("refunds through Razorpay's refund API; a refusal answers 502 and leaves the order as it was; two at once refund once", async () => {
        const { stub, shop } = await razorpayShop();
        const order = await placed(shop.asha);
        const created = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = stub.pay(created.orderId);
        await shop.asha('POST', '/api/verify-payment', { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'cancelled' });
        // The customer's mails about the order are out before the picture is taken, so only the refund could change it.
        await shop.app.mailer.flush();
        const before = (await shop.admin('GET', `/api/orderr/${order.id}`)).json();

        stub.failNextWith(500);
        const down = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' });
        expect(down.statusCode).toBe(502);
        expect(down.json().message).toBe('The payment provider did not make the refund (Razorpay answered 500: Server is temporarily unavailable). The order is unchanged; please try again.');
        expect((await shop.admin('GET', `/api/orderr/${order.id}`)).json()).toEqual(before);
        const unreachable = await orderShop({ ...keys, razorpayApiUrl: 'http://127.0.0.1:9' });
        const cash = await placed(unreachable.asha, { ...basket, paymentMethod: 'cod' });
        for (const status of ['packed', 'out_for_delivery', 'delivered']) await unreachable.admin('POST', `/api/orderr/${cash.id}/status`, { status });
        // Cash handed back needs no provider, reachable or not.
        const byHand = await unreachable.admin('POST', `/api/orderr/${cash.id}/status`, { status: 'refunded' });
        expect(byHand.json().data).toMatchObject({ status: 'refunded', refundReference: 'manual' });

        const answers = await Promise.all([1, 2].map(() => shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded', note: 'Out of stock' })));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        expect(stub.refunds).toHaveLength(1);
        const refundCalls = stub.requests.filter((r) => r.path.endsWith('/refund'));
        expect(refundCalls.at(-1)).toEqual({
            method: 'POST',
            path: `/v1/payments/${paid.razorpay_payment_id}/refund`,
            body: { amount: 114249, speed: 'normal', receipt: `order-${order.id}`, notes: { orderId: String(order.id), by: 'Test User' } },
        });
        const detail = (await shop.admin('GET', `/api/orderr/${order.id}`)).json();
        expect(detail).toMatchObject({ status: 'refunded', refundReference: stub.refunds[0].id });
        expect(detail.refundReference).toMatch(/^rfnd_/);
        expect(detail.history.at(-1)).toMatchObject({ toStatus: 'refunded', note: 'Out of stock' });
    });

    it('answers 502 in Razorpay\'s words when it refuses the refund, e.g. a payment already refunded from its dashboard', async () => {
        const { stub, shop } = await razorpayShop();
        const order = await placed(shop.asha, { items: [{ productId: 1, quantity: 1 }], pincode: '560034' });
        const created = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = stub.pay(created.orderId);
        await shop.asha('POST', '/api/verify-payment', { order_id: paid.razorpay_order_id, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'cancelled' });
        // Someone refunded it in Razorpay's dashboard, outside the app.
        const direct = await fetch(`${stub.url}/v1/payments/${paid.razorpay_payment_id}/refund`, {
            method: 'POST',
            headers: { authorization: `Basic ${Buffer.from(`${keys.razorpayKeyId}:${keys.razorpayKeySecret}`).toString('base64')}`, 'content-type': 'application/json' },
            body: '{}',
        });
        expect(direct.status).toBe(200);
        const res = await shop.admin('POST', `/api/orderr/${order.id}/status`, { status: 'refunded' });
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toMatch(/The payment has been fully refunded already/);
        expect((await shop.admin('GET', `/api/orderr/${order.id}`)).json()).toMatchObject({ status: 'cancelled', refundReference: null });
    });
});
