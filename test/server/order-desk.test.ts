import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../schema/gstin';
import { basket, ok, orderShop, placed, type OrderShop } from './orderShop';

// The order desk: staff take an order for a customer exactly as the customer's own would be placed, and change an
// order's lines until it is packed, with stock, history, activity log and the customer's mail moving with each change.

type Call = OrderShop['asha'];
/** The answers' shapes vary call by call: each step reads what it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const GSTIN = `29AAACF1234A1Z${gstinCheckCharacter('29AAACF1234A1Z')}`;

const patch = (who: Call, url: string, body: unknown) => who('PATCH' as 'POST', url, body as never);
const stockOf = async (shop: OrderShop, id: number) => (await shop.admin('GET', `/api/products/${id}`)).json().stock as number | null;
const setStock = (shop: OrderShop, id: number, stock: number) => ok<Json>(shop.admin('POST', `/api/products/${id}`, { stock }));
const order = (shop: OrderShop, id: number) => ok<Json>(shop.admin('GET', `/api/orderr/${id}`));
const mails = (shop: OrderShop, id: number) => shop.app.db.selectFrom('mailQueue').select(['kind', 'toAddress', 'subject']).where('orderId', '=', id).orderBy('id').execute();
/** The texts of the mails sent to `email` (the outbox keeps them; the queue forgets a sent mail's body). */
async function sentTo(shop: OrderShop, email: string): Promise<string[]> {
    await shop.app.mailer.flush();
    const outbox = path.join(shop.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((file) => file.includes(email)).sort();
    return files.map((file) => (JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { text: string }).text);
}

async function deskShop() {
    const shop = await orderShop();
    for (const [id, stock] of [[1, 20], [2, 5], [3, 50]] as const) await setStock(shop, id, stock);
    await ok<Json>(shop.admin('POST', '/api/products/2', { sku: 'GHEE-1L', barcode: '8901234500017' }));
    return shop;
}

const newCustomer = { name: 'Lakshmi Rao', email: 'Lakshmi@Phone.test', phone: '98765 43210', address: '4 Temple Street, Bengaluru', pincode: '560034' };

describe('an order taken by staff for a customer', () => {
    it('is priced, stocked and mailed exactly as the customer’s own order, for a customer found or added', { timeout: 60_000 }, async () => {
        const shop = await deskShop();
        const quote = await ok<Json>(shop.seller('POST', '/api/orders/quote', { ...basket }));
        expect(quote).toMatchObject({ subtotal: 1116.99, deliveryCharge: 25.5, totalPrice: 1142.49, lines: [{ name: 'Shimla Apples 1 kg', stock: 20, short: null }, { stock: 5 }] });
        expect((await shop.seller('POST', '/api/orders/quote', { items: [{ productId: 2, quantity: 9 }], pincode: '560034' })).json().lines[0].short).toBe('Only 5 left of Desi Ghee 1 L');

        const taken = await ok<Json>(shop.seller('POST', '/api/orders/for-customer', { customer: newCustomer, ...basket, paymentMethod: 'cod', note: 'Phoned at 9' }), 201);
        const own = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        const ownDetail = await order(shop, own.id);
        for (const key of ['subtotal', 'taxTotal', 'deliveryCharge', 'discount', 'totalPrice', 'lines'] as const) expect(taken.data[key]).toEqual(ownDetail[key]);
        expect(taken.data.totalPrice).toBe(quote.totalPrice);
        expect(await stockOf(shop, 1)).toBe(20 - 3 - 3);
        expect(await stockOf(shop, 2)).toBe(5 - 1 - 1);

        const customer = await shop.app.db.selectFrom('users').selectAll().where('email', '=', 'lakshmi@phone.test').executeTakeFirstOrThrow();
        expect(customer).toMatchObject({ name: 'Lakshmi Rao', contactNo: '9876543210', roleId: 3, passwordHash: null });
        expect(taken.data.customer).toMatchObject({ id: customer.id, name: 'Lakshmi Rao', email: 'lakshmi@phone.test' });
        expect(taken.data.history.map((h: Json) => h.note)).toContain('Taken by Sunil Seller for the customer: Phoned at 9');
        expect((await mails(shop, taken.data.id)).map((mail) => [mail.kind, mail.toAddress])).toEqual([['placed', 'lakshmi@phone.test']]);

        // The same e-mail again is the same customer; they find by phone, name or e-mail; a staff e-mail is refused.
        const again = await ok<Json>(shop.seller('POST', '/api/orders/for-customer', { customer: { ...newCustomer, name: 'L. Rao' }, items: [{ productId: 3, quantity: 2 }], pincode: '560034', paymentMethod: 'cod' }), 201);
        expect(again.data.customer.id).toBe(customer.id);
        for (const q of ['98765', 'lakshmi', 'PHONE.TEST']) expect((await ok<Json>(shop.seller('GET', `/api/orders/customers?q=${q}`))).map((c: Json) => c.id)).toEqual([customer.id]);
        expect((await ok<Json>(shop.seller('GET', '/api/orders/customers?q=seller'))).length).toBe(0);
        const staffMail = await shop.seller('POST', '/api/orders/for-customer', { customer: { ...newCustomer, email: 'seller@shop.test' }, ...basket, paymentMethod: 'cod' });
        expect(staffMail.statusCode).toBe(409);
        expect(staffMail.json().message).toBe('This e-mail belongs to a member of staff, not a customer');

        // Scanned barcodes and SKUs find their product first.
        expect((await ok<Json>(shop.seller('GET', '/api/orders/products?q=8901234500017')))[0]).toMatchObject({ id: 2, price: 549.99, stock: 3 });
        expect((await ok<Json>(shop.seller('GET', '/api/orders/products?q=GHEE-1L')))[0].id).toBe(2);
        expect((await ok<Json>(shop.seller('GET', '/api/orders/products?q=old'))).length).toBe(0);
    });

    it('is refused to customers (for anyone), and for a customer short of stock or with bad input, with the reason', async () => {
        const shop = await deskShop();
        const asha = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'asha@shop.test').executeTakeFirstOrThrow();
        const ravi = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'ravi@shop.test').executeTakeFirstOrThrow();
        for (const path of ['/api/orders/for-customer', '/api/orders/quote']) expect((await shop.asha('POST', path, { customerId: ravi.id, ...basket, paymentMethod: 'cod' })).statusCode).toBe(403);
        expect((await shop.asha('GET', '/api/orders/customers?q=ravi')).statusCode).toBe(403);
        expect((await shop.anonymous('POST', '/api/orders/for-customer', { customerId: ravi.id, ...basket, paymentMethod: 'cod' })).statusCode).toBe(401);

        const short = await shop.seller('POST', '/api/orders/for-customer', { customerId: asha.id, items: [{ productId: 2, quantity: 6 }], pincode: '560034', paymentMethod: 'cod' });
        expect(short.statusCode).toBe(409);
        expect(short.json().message).toBe('Only 5 left of Desi Ghee 1 L');
        const both = await shop.seller('POST', '/api/orders/for-customer', { customerId: asha.id, customer: newCustomer, ...basket, paymentMethod: 'cod' });
        expect(both.statusCode).toBe(400);
        expect((await shop.seller('POST', '/api/orders/for-customer', { ...basket, paymentMethod: 'cod' })).statusCode).toBe(400);
        expect((await shop.seller('POST', '/api/orders/for-customer', { customer: { ...newCustomer, email: 'nope' }, ...basket, paymentMethod: 'cod' })).statusCode).toBe(400);
        const seller = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'seller@shop.test').executeTakeFirstOrThrow();
        expect((await shop.seller('POST', '/api/orders/for-customer', { customerId: seller.id, ...basket, paymentMethod: 'cod' })).statusCode).toBe(409);
        expect(await stockOf(shop, 2)).toBe(5);
    });

    it('online: mails the customer a payment link, and paying it pays the order', { timeout: 60_000 }, async () => {
        const shop = await deskShop();
        await ok<Json>(shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road' }), 201);
        const asha = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'asha@shop.test').executeTakeFirstOrThrow();
        const taken = await ok<Json>(shop.seller('POST', '/api/orders/for-customer', { customerId: asha.id, ...basket, paymentMethod: 'online' }), 201);
        expect(taken.paymentLink).toMatch(/\/test-checkout\/plink_/);
        expect((await mails(shop, taken.data.id)).filter((mail) => mail.kind?.startsWith('link-'))).toHaveLength(1);
        const linkMail = (await sentTo(shop, 'asha@shop.test')).find((text) => text.includes('Please pay'))!;
        expect(linkMail).toContain(taken.paymentLink);
        expect(linkMail).toContain(`Please pay ₹1,142.49 for your order #${taken.data.id}`);
        // Changed before it is paid: the old link is cancelled (it cannot take the old amount), a new one for the new
        // total is mailed.
        await ok<Json>(patch(shop.seller, `/api/orderr/${taken.data.id}/lines`, { items: [{ productId: 1, quantity: 3 }] }));
        const links = await shop.app.db.selectFrom('payments').select(['providerOrderId', 'amount']).where('orderId', '=', taken.data.id).orderBy('id').execute();
        expect(links.map((link) => link.amount)).toEqual([114249, 59250]);
        const [oldLink, newLink] = links.map((link) => link.providerOrderId);
        const paidOld = await shop.anonymous('POST', `/api/test-checkout/${oldLink}`, { outcome: 'pay' });
        expect(paidOld.statusCode).toBe(409);
        expect(paidOld.json().message).toBe('This payment link was replaced: the order changed after it was made. Please pay with the newest link the shop sent.');
        expect((await shop.asha('POST', '/api/confirm-payment', { paymentId: oldLink, transactionId: 'pay_testAAAAAAAAAAAAAA' })).statusCode).toBe(400);
        expect((await order(shop, taken.data.id)).status).toBe('placed');
        expect((await sentTo(shop, 'asha@shop.test')).some((text) => text.includes(`Please pay ₹592.50 for your order #${taken.data.id}`))).toBe(true);
        const paid = await ok<Json>(shop.anonymous('POST', `/api/test-checkout/${newLink}`, { outcome: 'pay' }));
        await ok<Json>(shop.asha('POST', '/api/confirm-payment', { paymentId: newLink, transactionId: paid.razorpay_payment_id }));
        expect(await order(shop, taken.data.id)).toMatchObject({ status: 'paid', paymentReference: paid.razorpay_payment_id });
    });
});

describe('changing an order until it is packed', () => {
    it('substitutes, adds and changes quantities with stock, price, history, activity log and the customer’s mail', { timeout: 60_000 }, async () => {
        const shop = await deskShop();
        const placedOrder = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        expect(await stockOf(shop, 2)).toBe(4);
        // Ghee is out: Candy × 5 instead, and 2 bags of apples instead of 3.
        const changed = await ok<Json>(
            patch(shop.seller, `/api/orderr/${placedOrder.id}/lines`, { items: [{ productId: 1, quantity: 2 }, { productId: 3, quantity: 5 }], substitutions: [{ from: 2, to: 3 }], note: 'Customer agreed on the phone' }),
        );
        expect(changed.data.lines.map((l: Json) => [l.name, l.quantity, l.lineTotal])).toEqual([['Shimla Apples 1 kg', 2, 378], ['Candy', 5, 0.7]]);
        expect(changed.data).toMatchObject({ subtotal: 378.7, deliveryCharge: 25.5, totalPrice: 404.2, status: 'placed' });
        // As the same lines placed afresh by the customer would be.
        const fresh = await placed(shop.ravi, { items: [{ productId: 1, quantity: 2 }, { productId: 3, quantity: 5 }], pincode: '560034', paymentMethod: 'cod' });
        expect(changed.data.totalPrice).toBe(fresh.totalPrice);
        expect([await stockOf(shop, 1), await stockOf(shop, 2), await stockOf(shop, 3)]).toEqual([20 - 2 - 2, 5, 50 - 5 - 5]);

        const note = changed.data.history.at(-1).note;
        expect(note).toBe('Lines changed: Shimla Apples 1 kg: 3 → 2; 5 × Candy instead of 1 × Desi Ghee 1 L. Total ₹1,142.49 → ₹404.20 (Customer agreed on the phone)');
        expect(changed.data.history.at(-1)).toMatchObject({ fromStatus: 'placed', toStatus: 'placed', changedBy: 'Sunil Seller' });
        expect((await mails(shop, placedOrder.id)).filter((one) => one.kind?.startsWith('edit-')).map((one) => one.toAddress)).toEqual(['asha@shop.test']);
        const mail = (await sentTo(shop, 'asha@shop.test')).find((text) => text.includes('We changed your order'))!;
        for (const words of [`We changed your order #${placedOrder.id}`, '5 × Candy instead of 1 × Desi Ghee 1 L', 'New total: ₹404.20', 'Please pay ₹404.20 on delivery.']) expect(mail).toContain(words);
        const log = await shop.app.db.selectFrom('auditLog').selectAll().where('entity', '=', 'orders').where('record', '=', placedOrder.id).executeTakeFirstOrThrow();
        expect(log.action).toBe('update');
        // In rupees, as the order answers its total.
        expect(JSON.parse(log.changes!).totalPrice).toEqual({ before: 1142.49, after: 404.2 });

        // Removing a line puts its units back; asking for more than the shelf holds changes nothing.
        await ok<Json>(patch(shop.seller, `/api/orderr/${placedOrder.id}/lines`, { items: [{ productId: 3, quantity: 5 }] }));
        expect(await stockOf(shop, 1)).toBe(18);
        const tooMany = await patch(shop.seller, `/api/orderr/${placedOrder.id}/lines`, { items: [{ productId: 3, quantity: 5 }, { productId: 2, quantity: 6 }] });
        expect(tooMany.statusCode).toBe(409);
        expect(tooMany.json().message).toBe('Only 5 left of Desi Ghee 1 L');
        expect((await order(shop, placedOrder.id)).lines.map((l: Json) => l.name)).toEqual(['Candy']);
        expect(await stockOf(shop, 2)).toBe(5);
        const same = await patch(shop.seller, `/api/orderr/${placedOrder.id}/lines`, { items: [{ productId: 3, quantity: 5 }] });
        expect(same.statusCode).toBe(400);
        expect((await patch(shop.seller, `/api/orderr/${placedOrder.id}/lines`, { items: [{ productId: 4, quantity: 1 }] })).json().message).toBe('These products are not available: Old Stock');
        expect((await patch(shop.asha, `/api/orderr/${placedOrder.id}/lines`, { items: [{ productId: 3, quantity: 1 }] })).statusCode).toBe(403);
        expect((await patch(shop.seller, `/api/orderr/${placedOrder.id}/lines`, { items: [] })).statusCode).toBe(400);
        expect((await patch(shop.seller, '/api/orderr/9999/lines', { items: [{ productId: 3, quantity: 1 }] })).statusCode).toBe(404);
    });

    it('is refused once packed, delivered or cancelled, saying why', async () => {
        const shop = await deskShop();
        const one = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        await ok<Json>(shop.seller('POST', `/api/orderr/${one.id}/status`, { status: 'packed' }));
        const refused = await patch(shop.seller, `/api/orderr/${one.id}/lines`, { items: [{ productId: 1, quantity: 1 }] });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(/^An order that is packed cannot be changed: it is packed already/);
        const two = await placed(shop.asha, { ...basket, paymentMethod: 'cod' });
        await ok<Json>(shop.seller('POST', `/api/orderr/${two.id}/status`, { status: 'cancelled' }));
        expect((await patch(shop.seller, `/api/orderr/${two.id}/lines`, { items: [{ productId: 1, quantity: 1 }] })).json().message).toBe('An order that is cancelled cannot be changed: there is nothing left to change');
        expect(await stockOf(shop, 1)).toBe(17);
    });

    it('reduces a paid order by refunding the difference with a credit note (administrators), stock back once', { timeout: 60_000 }, async () => {
        const shop = await deskShop();
        await ok<Json>(shop.admin('POST', '/api/settings', { website: 'https://freshbasket.test', legalName: 'Fresh Basket Retail Pvt Ltd', gstin: GSTIN, state: 'Karnataka', address: '12 MG Road' }), 201);
        const one = await placed(shop.asha, basket);
        const created = await ok<Json>(shop.asha('POST', '/api/create-paymentorderr', { orderId: one.id }));
        const paid = await ok<Json>(shop.anonymous('POST', `/api/test-checkout/${created.orderId}`, { outcome: 'pay' }));
        await ok<Json>(shop.asha('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature }));
        const less = { items: [{ productId: 1, quantity: 1 }, { productId: 2, quantity: 1 }] };
        expect((await patch(shop.seller, `/api/orderr/${one.id}/lines`, less)).statusCode).toBe(403);
        const more = await patch(shop.admin, `/api/orderr/${one.id}/lines`, { items: [...less.items, { productId: 3, quantity: 1 }] });
        expect(more.statusCode).toBe(409);
        expect(more.json().message).toMatch(/^This order is paid and its tax invoice issued: it can only be reduced/);
        const reduced = await ok<Json>(patch(shop.admin, `/api/orderr/${one.id}/lines`, less));
        expect(reduced.data.creditNotes).toMatchObject([{ kind: 'partial', total: 378, refundAmount: 378 }]);
        expect(reduced.data.status).toBe('paid');
        expect(await stockOf(shop, 1)).toBe(19);
        // Asked again for the same lines, nothing is left to take off.
        expect((await patch(shop.admin, `/api/orderr/${one.id}/lines`, less)).statusCode).toBe(400);
        const refunds = await shop.app.db.selectFrom('testProviderCharges').select('amount').where('kind', '=', 'refund').execute();
        expect(refunds.map((r) => r.amount)).toEqual([37800]);
    });

    it('never oversells when edits race: of two orders reaching for the last units only one gets them; two edits of one order do not both apply', { timeout: 60_000 }, async () => {
        const shop = await deskShop();
        const a = await placed(shop.asha, { items: [{ productId: 1, quantity: 1 }], pincode: '560034', paymentMethod: 'cod' });
        const b = await placed(shop.ravi, { items: [{ productId: 1, quantity: 1 }], pincode: '560034', paymentMethod: 'cod' });
        const grab = (id: number) => patch(shop.seller, `/api/orderr/${id}/lines`, { items: [{ productId: 1, quantity: 1 }, { productId: 2, quantity: 3 }] });
        const answers = await Promise.all([grab(a.id), grab(b.id)]);
        expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
        expect(await stockOf(shop, 2)).toBe(2);

        const c = await placed(shop.asha, { items: [{ productId: 3, quantity: 1 }], pincode: '560034', paymentMethod: 'cod' });
        const edits = await Promise.all([1, 2, 3, 4].map((n) => patch(shop.seller, `/api/orderr/${c.id}/lines`, { items: [{ productId: 3, quantity: 1 + n }] })));
        const won = edits.filter((res) => res.statusCode === 200);
        expect(won.length).toBeGreaterThanOrEqual(1);
        for (const lost of edits.filter((res) => res.statusCode !== 200)) expect(lost.statusCode).toBe(409);
        const final = (await order(shop, c.id)).lines[0].quantity;
        // Whatever order they ran in, the shelf lost exactly what the order holds.
        expect(await stockOf(shop, 3)).toBe(50 - final);
    });
});

describe('a payment link made before its order changed', () => {
    it('paid all the same (the provider did not cancel it) pays nothing and says the order changed; the payment is kept', { timeout: 60_000 }, async () => {
        const shop = await deskShop();
        const asha = await shop.app.db.selectFrom('users').select('id').where('email', '=', 'asha@shop.test').executeTakeFirstOrThrow();
        const taken = await ok<Json>(shop.seller('POST', '/api/orders/for-customer', { customerId: asha.id, ...basket, paymentMethod: 'online' }), 201);
        const oldLink = taken.paymentLink.split('/').pop();
        // The customer pays the old link as the desk changes the order, before the provider hears it is cancelled.
        const paidOld = await ok<Json>(shop.anonymous('POST', `/api/test-checkout/${oldLink}`, { outcome: 'pay' }));
        await shop.app.db.updateTable('orders').set({ totalPrice: 59250 }).where('id', '=', taken.data.id).execute();
        const refused = await shop.asha('POST', '/api/confirm-payment', { paymentId: oldLink, transactionId: paidOld.razorpay_payment_id });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toMatch(/^This payment link was replaced: the order changed after it was made\..*The payment is recorded/);
        expect((await order(shop, taken.data.id)).status).toBe('placed');
        const kept = await shop.app.db.selectFrom('payments').select(['status', 'providerPaymentId']).where('providerOrderId', '=', oldLink).executeTakeFirstOrThrow();
        expect(kept).toEqual({ status: 'paid', providerPaymentId: paidOld.razorpay_payment_id });
    });
});
