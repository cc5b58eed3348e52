import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import { basket, ok, orderShop, type OrderShop } from './orderShop';

// Customers with only a phone, added at the order desk: they get orders, are found by phone, are never doubled, are
// sent no mail (without an error), cannot sign in or become staff, and every screen, export and invoice reads them.

/** The answers' shapes vary call by call: each step reads what it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;

const caller = { name: 'Gowramma', phone: '98450 12345', address: '2nd Cross, Jayanagar', pincode: '560034' };
const take = (shop: OrderShop, customer: Record<string, unknown>, paymentMethod = 'cod') => shop.seller('POST', '/api/orders/for-customer', { customer, ...basket, paymentMethod });

describe('a customer with only a phone', () => {
    it('is added without an e-mail, found by phone, matched rather than doubled, and sent no mail', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        const first = await ok<Json>(take(shop, caller), 201);
        expect(first.data.customer).toMatchObject({ name: 'Gowramma', email: null, phone: '9845012345' });
        const user = await shop.app.db.selectFrom('users').selectAll().where('id', '=', first.data.customer.id).executeTakeFirstOrThrow();
        expect(user).toMatchObject({ email: null, contactNo: '9845012345', roleId: 3, passwordHash: null });
        // No mail is queued for them, and nothing failed for want of one.
        expect(await shop.app.db.selectFrom('mailQueue').select('id').where('orderId', '=', first.data.id).execute()).toEqual([]);

        // The same phone written differently is the same customer; a customer with an e-mail and that phone too.
        const again = await ok<Json>(take(shop, { ...caller, name: 'Gowramma K', phone: '98450-12345' }), 201);
        expect(again.data.customer.id).toBe(user.id);
        for (const q of ['98450', '9845012345', 'gowr']) expect((await ok<Json>(shop.seller('GET', `/api/orders/customers?q=${q}`))).map((c: Json) => c.id)).toEqual([user.id]);
        // Given an e-mail later, the phone-only customer takes it rather than a second account being made.
        const withMail = await ok<Json>(take(shop, { ...caller, email: 'gowri@home.test' }), 201);
        expect(withMail.data.customer).toMatchObject({ id: user.id, email: 'gowri@home.test' });
        expect((await shop.app.db.selectFrom('users').select('id').where('contactNo', '=', '9845012345').execute()).length).toBe(1);

        const noWay = await take(shop, { name: 'Nobody' });
        expect(noWay.statusCode).toBe(400);
        expect(noWay.json().message).toBe('Please enter the customer’s phone or e-mail');
        expect((await take(shop, { name: 'Bad', phone: '12ab' })).statusCode).toBe(400);
    });

    it('is made once when two desks add the same caller at the same moment', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        const answers = await Promise.all([1, 2, 3].map(() => take(shop, { ...caller, phone: '+91 99000 11122' })));
        expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
        expect(new Set(answers.map((res) => (res.json() as Json).data.customer.id)).size).toBe(1);
    });

    it('is read by the customers screen, the order list and its export, the invoice and GSTR-1; cannot be made staff', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        await ok<Json>(shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road' }), 201);
        const taken = await ok<Json>(take(shop, caller), 201);
        const id = taken.data.customer.id;
        expect((await ok<Json>(shop.seller('GET', `/api/v1/customers/${id}`))).email ?? null).toBeNull();
        const listed = await ok<Json>(shop.seller('GET', '/api/v1/customers?q=98450'));
        expect(JSON.stringify(listed)).toContain('Gowramma');
        expect((await ok<Json>(shop.seller('GET', `/api/orderr/${taken.data.id}`))).customer).toMatchObject({ email: null, phone: '9845012345' });
        const exported = await ok<Json>(shop.seller('GET', '/api/orderr/export'));
        expect(exported.orders.find((row: Json) => row.customerName === 'Gowramma').customerEmail ?? null).toBeNull();
        expect((await ok<Json>(shop.seller('GET', '/api/users?q=gowr'))).data?.[0]?.email ?? null).toBeNull();

        await ok<Json>(shop.seller('POST', `/api/orderr/${taken.data.id}/status`, { status: 'packed' }));
        await ok<Json>(shop.seller('POST', `/api/orderr/${taken.data.id}/status`, { status: 'out_for_delivery' }));
        await ok<Json>(shop.seller('POST', `/api/orderr/${taken.data.id}/status`, { status: 'delivered' }));
        const invoice = await shop.seller('GET', `/api/orderr/${taken.data.id}/invoice`);
        expect(invoice.statusCode, invoice.body).toBe(200);
        const month = new Date().toISOString().slice(0, 7);
        expect((await shop.admin('GET', `/api/reports/gstr1?period=${month}`)).statusCode).toBe(200);
        expect((await shop.admin('GET', `/api/reports/gstr1?period=${month}&format=zip`)).statusCode).toBe(200);

        const promoted = await shop.admin('POST', `/api/users/${id}/role`, { roleId: 2 });
        expect(promoted.statusCode).toBe(409);
        expect(promoted.json().message).toBe('This customer has no e-mail, so they cannot sign in as staff');
    });

    it('paying online: the link is not mailed but given to staff, on the answer and the order page, and follows a change', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        const taken = await ok<Json>(take(shop, caller, 'online'), 201);
        expect(taken.message).toBe(`Order ${taken.data.id} placed; the customer has no e-mail: give them the payment link ${taken.paymentLink}`);
        expect(taken.data.paymentLink).toBe(taken.paymentLink);
        expect(await shop.app.db.selectFrom('mailQueue').select('id').where('orderId', '=', taken.data.id).execute()).toEqual([]);
        const patch = (body: unknown) => shop.seller('PATCH' as 'POST', `/api/orderr/${taken.data.id}/lines`, body as never);
        const changed = await ok<Json>(patch({ items: [{ productId: 1, quantity: 1 }] }));
        expect(changed.data.paymentLink).toMatch(/\/test-checkout\/plink_/);
        expect(changed.data.paymentLink).not.toBe(taken.paymentLink);
        expect((await shop.anonymous('POST', `/api/test-checkout/${taken.paymentLink.split('/').pop()}`, { outcome: 'pay' })).statusCode).toBe(409);
        const linkId = changed.data.paymentLink.split('/').pop();
        const paid = await ok<Json>(shop.anonymous('POST', `/api/test-checkout/${linkId}`, { outcome: 'pay' }));
        await ok<Json>(shop.seller('POST', '/api/confirm-payment', { paymentId: linkId, transactionId: paid.razorpay_payment_id }));
        const after = await ok<Json>(shop.seller('GET', `/api/orderr/${taken.data.id}`));
        expect(after).toMatchObject({ status: 'paid', paymentLink: null });
    });
});
