// Not run again on PostgreSQL: mail text; the mail queue runs there in order-mails and auth.
import { afterEach, describe, expect, it } from 'vitest';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { pdfText } from './pdfText';
import { smtpSink, type SmtpSink } from './smtpSink';
import { gstinCheckCharacter } from '../../schema/gstin';

// Every mail comes from one name, the shop's trading name (sign-in codes too); the legal name stays on tax documents.
// An order mail's lines add up to its total, and a cancellation says only what happened.

const sinks: SmtpSink[] = [];
afterEach(async () => {
    while (sinks.length) await sinks.pop()!.close();
});

async function shopWithSink(settings: Record<string, unknown> = { tradingName: 'Fresh Basket' }) {
    const sink = await smtpSink();
    sinks.push(sink);
    const shop = await orderShop({ smtpUrl: sink.url });
    const saved = await shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`, state: 'Karnataka', ...settings });
    expect(saved.statusCode, saved.body).toBe(201);
    // The sign-in codes of the shop's set-up went out before it had a name.
    await shop.app.mailer.flush();
    return { shop, sink, before: sink.messages.length };
}

/** The mail's plain text part, its soft line breaks joined. */
const plain = (message: string) => message.replace(/=\r\n/g, '').replace(/=E2=82=B9/g, '₹').replace(/=C3=97/g, '×').replace(/=E2=88=92/g, '−');
const mailOf = (sink: SmtpSink, subject: RegExp) => plain(sink.messages[sink.subjects.findIndex((s) => subject.test(s))] ?? '');
const move = (shop: OrderShop, id: number, status: string) => shop.admin('POST', `/api/orderr/${id}/status`, { status });

describe('one sender name', () => {
    it('is the trading name on order mails and sign-in codes; the tax invoice still names the legal name', async () => {
        const { shop, sink, before } = await shopWithSink();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        expect((await shop.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'ravi@shop.test' } })).statusCode).toBe(200);
        for (const status of ['packed', 'out_for_delivery', 'delivered']) expect((await move(shop, order.id, status)).statusCode).toBe(200);
        await shop.app.mailer.flush();
        const froms = sink.messages.slice(before).map((message) => /^From: (.*)$/m.exec(message)?.[1]);
        expect(froms.length).toBeGreaterThan(4);
        for (const from of froms) expect(from).toMatch(/^Fresh Basket <[^>]+>$/);
        expect(sink.subjects).toContain(`We have your order #${order.id} - Fresh Basket`);
        const code = sink.messages.slice(before).find((message) => /^To: ravi@shop\.test/m.test(message) && /sign-in code/i.test(message));
        expect(code).toMatch(/^From: Fresh Basket </m);
        const invoice = pdfText((await shop.asha('GET', `/api/orderr/${order.id}/invoice`)).rawPayload);
        expect(invoice).toContain('Fresh Basket Retail Pvt Ltd');
    });

    it('is the legal name while no trading name is set', async () => {
        const { shop, sink, before } = await shopWithSink({});
        await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        expect((await shop.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'ravi@shop.test' } })).statusCode).toBe(200);
        await shop.app.mailer.flush();
        expect(sink.messages.length).toBeGreaterThan(before + 1);
        for (const message of sink.messages.slice(before)) expect(message).toMatch(/^From: "?Fresh Basket Retail Pvt Ltd"? </m);
    });
});

describe('order mails', () => {
    it('list the delivery charge and the discount, so the lines add up to the total', async () => {
        const { shop, sink } = await shopWithSink();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod', couponCode: 'FLAT50' });
        await shop.app.mailer.flush();
        const text = mailOf(sink, new RegExp(`We have your order #${order.id}`));
        expect(text).toContain('3 × Shimla Apples 1 kg  ₹567.00');
        expect(text).toContain('1 × Desi Ghee 1 L  ₹549.99');
        expect(text).toContain('Delivery  ₹25.50');
        expect(text).toContain('Discount (FLAT50)  −₹50.00');
        // 567.00 + 549.99 + 25.50 − 50.00
        expect(text).toContain('Total: ₹1,092.49');
        expect(order.totalPrice).toBe(1092.49);
    });

    it('of a cancellation say it was cancelled, and for a paid order that the money is not refunded yet', async () => {
        const { shop, sink } = await shopWithSink();
        const unpaid = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        await move(shop, unpaid.id, 'cancelled');
        const paid = await placed(shop.ravi);
        const created = (await shop.ravi('POST', '/api/create-paymentorderr', { orderId: paid.id })).json();
        const pay = (await shop.anonymous('POST', `/api/test-checkout/${created.orderId}`, { outcome: 'pay' })).json();
        await shop.ravi('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: pay.razorpay_payment_id, signature: pay.razorpay_signature });
        expect((await move(shop, paid.id, 'cancelled')).statusCode).toBe(200);
        await shop.app.mailer.flush();
        const first = mailOf(sink, new RegExp(`order #${unpaid.id} is cancelled`));
        expect(first).toContain(`Your order #${unpaid.id} is cancelled. It will not be delivered.`);
        expect(first).not.toMatch(/refund/i);
        const second = mailOf(sink, new RegExp(`order #${paid.id} is cancelled`));
        expect(second).toContain(`The ₹${paid.totalPrice.toLocaleString('en-IN', { minimumFractionDigits: 2 })} you paid is not refunded yet: we will write again when it is.`);
        expect(second).not.toMatch(/is refunded to|has been refunded/);
    });
});
