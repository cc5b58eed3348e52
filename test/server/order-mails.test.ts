import { afterEach, describe, expect, it } from 'vitest';
import { form } from './helpers';
import { basket, orderShop, placed, type OrderShop } from './orderShop';
import { smtpSink, type SmtpSink } from './smtpSink';

// The customer hears of each step of their order once, through the mail queue and a real (local) SMTP server.

const sinks: SmtpSink[] = [];
afterEach(async () => {
    while (sinks.length) await sinks.pop()!.close();
});

async function shopWithSink() {
    const sink = await smtpSink();
    sinks.push(sink);
    const shop = await orderShop({ smtpUrl: sink.url });
    await shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket' });
    return { shop, sink };
}

const move = (shop: OrderShop, id: number, status: string) => shop.admin('POST', `/api/orderr/${id}/status`, { status });
const aboutOrder = (sink: SmtpSink, id: number) => sink.messages.filter((message) => message.includes(`order #${id}`) || message.includes(`Order #${id}`));
const subjectsOf = (sink: SmtpSink, id: number) => sink.subjects.filter((subject) => subject.includes(`#${id} `));

describe("the customer's order mails", () => {
    it('go out once per step, with the lines and total in plain text and HTML, in the shop\'s name; the invoice attached once there is one', async () => {
        const { shop, sink } = await shopWithSink();
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        for (const status of ['packed', 'out_for_delivery']) expect((await move(shop, order.id, status)).statusCode).toBe(200);
        // A retried request (two at once) moves the order once, and mails once.
        const twice = await Promise.all([move(shop, order.id, 'delivered'), move(shop, order.id, 'delivered')]);
        expect(twice.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect((await move(shop, order.id, 'delivered')).statusCode).toBe(409);
        expect((await move(shop, order.id, 'refunded')).statusCode).toBe(200);
        await shop.app.mailer.flush();

        expect(subjectsOf(sink, order.id)).toEqual([
            `We have your order #${order.id} - Fresh Basket`,
            `Your order #${order.id} is packed - Fresh Basket`,
            `Your order #${order.id} is out for delivery - Fresh Basket`,
            `Your order #${order.id} is delivered - Fresh Basket`,
            `Your order #${order.id} is refunded - Fresh Basket`,
        ]);
        const [first] = aboutOrder(sink, order.id);
        expect(first).toMatch(/^From: Fresh Basket <[^>]+>/m);
        expect(first).toMatch(/^To: asha@shop\.test/m);
        expect(first).toMatch(/multipart\/alternative/);
        expect(first).toMatch(/Content-Type: text\/plain/);
        expect(first).toMatch(/Content-Type: text\/html/);
        expect(first).toContain('Shimla Apples 1 kg');
        expect(first).not.toMatch(/application\/pdf/);
        const delivered = sink.messages[sink.subjects.indexOf(`Your order #${order.id} is delivered - Fresh Basket`)];
        expect(delivered).toMatch(/Content-Type: application\/pdf; name=INV-\d\d-\d\d-000001\.pdf/);
        expect(delivered.replace(/=\r\n/g, '')).toMatch(/tax invoice INV\/\d\d-\d\d\/000001 is attached/);

        const detail = (await shop.admin('GET', `/api/orderr/${order.id}`)).json();
        expect(detail.mails.map((mail: { step: string }) => mail.step)).toEqual(['placed', 'packed', 'out_for_delivery', 'delivered', 'refunded']);
        expect(detail.mails.every((mail: { sentAt: string | null; to: string }) => mail.sentAt && mail.to === 'asha@shop.test')).toBe(true);
    });

    it('tell of a verified payment once, however often it is verified', async () => {
        const { shop, sink } = await shopWithSink();
        const order = await placed(shop.ravi);
        const created = (await shop.ravi('POST', '/api/create-paymentorderr', { orderId: order.id })).json();
        const paid = (await shop.anonymous('POST', `/api/test-checkout/${created.orderId}`, { outcome: 'pay' })).json();
        const body = { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature };
        await Promise.all([1, 2, 3].map(() => shop.ravi('POST', '/api/verify-payment', body)));
        await shop.app.mailer.flush();
        expect(subjectsOf(sink, order.id)).toEqual([`We have your order #${order.id} - Fresh Basket`, `Payment received for order #${order.id} - Fresh Basket`]);
        expect(aboutOrder(sink, order.id)[1]).toMatch(/application\/pdf/);
    });

    it('stay quiet for a step the settings turn off', async () => {
        const { shop, sink } = await shopWithSink();
        const off = await shop.admin('POST', '/api/settings/1', { mailPacked: false, mailPlaced: 0 });
        expect(off.statusCode, off.body).toBe(200);
        const order = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        await move(shop, order.id, 'packed');
        await move(shop, order.id, 'cancelled');
        await shop.app.mailer.flush();
        expect(subjectsOf(sink, order.id)).toEqual([`Your order #${order.id} is cancelled - Fresh Basket`]);
        expect((await shop.admin('GET', '/api/settings/1')).json()).toMatchObject({ mailPacked: false, mailPlaced: false, mailCancelled: true });
        // The settings screen sends a form: its switches arrive as text.
        expect((await shop.admin('POST', '/api/settings/1', form({ mailPacked: 'true', mailPaid: 'false' }) as never)).json().data).toMatchObject({ mailPacked: true, mailPaid: false });
        for (const body of [{ mailPaid: 'maybe' }, form({ mailPaid: '' }), form({ mailPaid: 'maybe' })]) {
            const refused = await shop.admin('POST', '/api/settings/1', body as never);
            expect(refused.statusCode, refused.body).toBe(400);
            expect(refused.json().errors).toEqual({ mailPaid: 'Please choose yes or no' });
        }
    });

    it('wait behind a sign-in code: the code someone waits for goes out before a backlog of order mails', async () => {
        const { shop, sink } = await shopWithSink();
        await shop.app.mailer.flush();
        const at = new Date().toISOString();
        const backlog = Array.from({ length: 30 }, (_, i) => ({ toAddress: `shopper${i}@shop.test`, subject: `Your order #${9000 + i} is packed`, body: 'Packed', kind: 'packed', nextAttemptAt: at, createdAt: at }));
        await shop.app.db.insertInto('mailQueue').values(backlog).execute();
        const before = sink.subjects.length;
        expect((await shop.app.inject({ method: 'POST', url: '/api/user_login', payload: { email: 'asha@shop.test' } })).statusCode).toBe(200);
        await shop.app.mailer.flush();
        const sent = sink.subjects.slice(before);
        expect(sent).toHaveLength(31);
        // The worker may have taken a mail or two of the backlog before the code was queued, never more.
        expect(sent.findIndex((subject) => /sign-in code/i.test(subject))).toBeLessThan(3);
    });
});
