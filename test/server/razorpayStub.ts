import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';

/**
 * A local stand-in for Razorpay's REST API (v1 Orders, Payment Links and Refunds), answering as its documentation
 * shows: HTTP basic auth with the key pair, amounts in paise (at least 100), `{error: {code, description}}`
 * on refusal. `pay` and `payLink` play the customer paying in Razorpay's checkout; their payments are captured
 * and can be refunded (POST /v1/payments/{id}/refund, up to what is left of the payment).
 */
export async function startRazorpayStub(keyId: string, keySecret: string) {
    const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
    const orders = new Map<string, Record<string, unknown>>();
    const links = new Map<string, Record<string, unknown> & { payments: Array<Record<string, unknown>> }>();
    const payments = new Map<string, { amount: number; refunded: number }>();
    const refunds: Array<Record<string, unknown>> = [];
    const requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
    let failNext: number | undefined;

    const server = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk) => (raw += chunk));
        req.on('end', () => {
            const send = (status: number, json: unknown) => {
                res.writeHead(status, { 'content-type': 'application/json' });
                res.end(JSON.stringify(json));
            };
            const refuse = (status: number, description: string, field?: string) =>
                send(status, { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', field } });
            const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
            requests.push({ method: req.method!, path: req.url!, body });
            if (req.headers.authorization !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) return refuse(401, 'Authentication failed');
            if (failNext) {
                const status = failNext;
                failNext = undefined;
                return refuse(status, 'Server is temporarily unavailable');
            }
            const now = Math.floor(Date.now() / 1000);
            const amountOk = Number.isInteger(body.amount) && (body.amount as number) >= 100;

            if (req.method === 'POST' && req.url === '/v1/orders') {
                if (!amountOk) return refuse(400, 'The amount must be atleast INR 1.00', 'amount');
                if (body.currency !== 'INR') return refuse(400, 'The currency provided is invalid', 'currency');
                const order = { id: id('order'), entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: body.currency, receipt: body.receipt ?? null, offer_id: null, status: 'created', attempts: 0, notes: body.notes ?? [], created_at: now };
                orders.set(order.id, order);
                return send(200, order);
            }
            if (req.method === 'POST' && req.url === '/v1/payment_links') {
                if (!amountOk) return refuse(400, 'The amount must be atleast INR 1.00', 'amount');
                const link = {
                    id: id('plink'), accept_partial: false, amount: body.amount, amount_paid: 0, callback_method: body.callback_method ?? '', callback_url: body.callback_url ?? '',
                    cancelled_at: 0, created_at: now, currency: body.currency, customer: body.customer ?? {}, description: body.description ?? '', expire_by: 0, expired_at: 0,
                    first_min_partial_amount: 0, notes: null, notify: body.notify ?? { email: false, sms: false }, payments: [] as Array<Record<string, unknown>>, reference_id: body.reference_id ?? '',
                    reminder_enable: false, reminders: [], short_url: `https://rzp.io/i/${randomBytes(5).toString('hex')}`, status: 'created', updated_at: now, upi_link: false, user_id: '',
                };
                links.set(link.id, link);
                return send(200, link);
            }
            const fetchLink = req.url!.match(/^\/v1\/payment_links\/([^/?]+)$/);
            if (req.method === 'GET' && fetchLink) {
                const link = links.get(decodeURIComponent(fetchLink[1]));
                if (!link) return refuse(400, 'The id provided does not exist');
                return send(200, link);
            }
            const refundOf = req.url!.match(/^\/v1\/payments\/([^/?]+)\/refund$/);
            if (req.method === 'POST' && refundOf) {
                const paymentId = decodeURIComponent(refundOf[1]);
                const payment = payments.get(paymentId);
                if (!payment) return refuse(400, 'The id provided does not exist');
                const left = payment.amount - payment.refunded;
                if (left === 0) return refuse(400, 'The payment has been fully refunded already');
                // No amount: a full refund, as Razorpay does.
                const amount = body.amount === undefined ? left : body.amount;
                if (!Number.isInteger(amount) || (amount as number) < 100) return refuse(400, 'The amount must be atleast INR 1.00', 'amount');
                if ((amount as number) > left) return refuse(400, 'The refund amount provided is greater than amount captured', 'amount');
                payment.refunded += amount as number;
                const refund = {
                    id: id('rfnd'), entity: 'refund', amount, currency: 'INR', payment_id: paymentId, notes: body.notes ?? [], receipt: body.receipt ?? null,
                    acquirer_data: { arn: null }, created_at: now, batch_id: null, status: 'processed', speed_processed: 'normal', speed_requested: body.speed ?? 'normal',
                };
                refunds.push(refund);
                return send(200, refund);
            }
            return refuse(404, 'The requested URL was not found on the server.');
        });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    return {
        url,
        requests,
        /** The refunds made, as Razorpay answered them. */
        refunds,
        /** The next call fails with this status, as Razorpay does when it is down. */
        failNextWith: (status: number) => (failNext = status),
        /** What Razorpay's checkout hands the page after a successful payment of an order. */
        pay(orderId: string) {
            const paymentId = id('pay');
            const order = orders.get(orderId);
            if (order) Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
            payments.set(paymentId, { amount: Number(order?.amount ?? 0), refunded: 0 });
            return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex') };
        },
        /** The customer pays a payment link; answers the payment id the callback carries. */
        payLink(linkId: string) {
            const link = links.get(linkId)!;
            const paymentId = id('pay');
            link.payments.push({ amount: link.amount, created_at: Math.floor(Date.now() / 1000), method: 'upi', payment_id: paymentId, status: 'captured' });
            payments.set(paymentId, { amount: Number(link.amount), refunded: 0 });
            Object.assign(link, { status: 'paid', amount_paid: link.amount });
            return paymentId;
        },
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
}
