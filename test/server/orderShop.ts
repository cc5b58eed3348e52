import type { InjectOptions } from 'fastify';
import { ROLE } from '../../schema/access';
import { nowIso } from '../../server/infra/time';
import type { Config } from '../../server/config';
import { apples, catalogueBasics, type Call } from './catalogue';
import { createUser, makeApp, signIn } from './helpers';

/**
 * A small shop for order tests, made through the API: products 1 Apples ₹189.00 (GST 5 %), 2 Ghee ₹549.99
 * (GST 18 %), 3 Candy ₹0.14 (GST 12 %), 4 Old Stock (inactive); pincode 560034 (Karnataka) delivers for ₹25.50, 110001 (Delhi) is
 * inactive; coupons inserted as the coupon screens will store them. Customers Asha Sharma and Ravi Kumar.
 */
export async function orderShop(overrides: Partial<Config> = {}) {
    const t = await makeApp({ orderRateLimit: 1000, ...overrides });
    const admin = await signIn(t);
    const as =
        (headers: Record<string, string> | undefined): Call =>
        (method, url, payload) =>
            t.app.inject({ method, url, headers, payload } as InjectOptions);
    const call = as(admin);
    await catalogueBasics(call);
    const setup = [
        await call('POST', '/api/gst', { type: 'IGST', description: '18% slab', percent: 18 }),
        await call('POST', '/api/gst', { type: 'IGST', description: '12% slab', percent: 12 }),
        await call('POST', '/api/products', apples),
        await call('POST', '/api/products', { ...apples, name: 'Desi Ghee 1 L', gstId: '2', price: '549.99' }),
        await call('POST', '/api/products', { ...apples, name: 'Candy', gstId: '3', price: '0.14' }),
        await call('POST', '/api/products', { ...apples, name: 'Old Stock', price: '10' }),
        await call('POST', '/api/pincode', { pincode: '560034', prize: '25.50', state: 'Karnataka' }),
        await call('POST', '/api/pincode', { pincode: '110001', prize: '40', state: 'Delhi' }),
    ];
    for (const res of setup) if (res.statusCode !== 201) throw new Error(res.body);
    await call('POST', '/api/products/toggleProductStatus/4', { newStatus: 0 });
    await call('POST', '/api/pincode/2/toggle', { status: 0 });

    const now = nowIso();
    await t.app.db
        .insertInto('coupons')
        .values([
            { heading: 'Ten off', couponCode: 'SAVE10', discountType: 'percentage', discountValue: 1000, minimumAmount: 50000, startDate: '2020-01-01', expiryDate: '2099-12-31', status: 1, createdAt: now, updatedAt: now },
            { heading: 'Flat 50', couponCode: 'FLAT50', discountType: 'fixed', discountValue: 5000, minimumAmount: 0, startDate: '2020-01-01', expiryDate: '2099-12-31', status: 1, createdAt: now, updatedAt: now },
            { heading: 'Eighth', couponCode: 'EIGHTH', discountType: 'percentage', discountValue: 1250, minimumAmount: 0, startDate: '2020-01-01', expiryDate: '2099-12-31', status: 1, createdAt: now, updatedAt: now },
            { heading: 'Old', couponCode: 'OLD', discountType: 'fixed', discountValue: 100, minimumAmount: 0, startDate: '2020-01-01', expiryDate: '2020-12-31', status: 1, createdAt: now, updatedAt: now },
            { heading: 'Soon', couponCode: 'SOON', discountType: 'fixed', discountValue: 100, minimumAmount: 0, startDate: '2099-01-01', expiryDate: '2099-12-31', status: 1, createdAt: now, updatedAt: now },
            { heading: 'Off', couponCode: 'PAUSED', discountType: 'fixed', discountValue: 100, minimumAmount: 0, startDate: '2020-01-01', expiryDate: '2099-12-31', status: 0, createdAt: now, updatedAt: now },
            { heading: 'Huge', couponCode: 'HUGE', discountType: 'fixed', discountValue: 10_000_000, minimumAmount: 0, startDate: '2020-01-01', expiryDate: '2099-12-31', status: 1, createdAt: now, updatedAt: now },
        ])
        .execute();

    const person = async (email: string, name: string, roleId: number = ROLE.customer) => {
        await createUser(t.app, email, roleId, name);
        return as(await signIn(t, email));
    };
    return {
        ...t,
        admin: call,
        anonymous: as(undefined),
        asha: await person('asha@shop.test', 'Asha Sharma'),
        ravi: await person('ravi@shop.test', 'Ravi Kumar'),
        seller: await person('seller@shop.test', 'Sunil Seller', ROLE.seller),
        person,
    };
}

export type OrderShop = Awaited<ReturnType<typeof orderShop>>;

/** A plain order: 3 × Apples and 1 × Ghee to 560034. */
export const basket = { items: [{ productId: 1, quantity: 3 }, { productId: 2, quantity: 1 }], pincode: '560034' };

export async function placed(call: Call, body: Record<string, unknown> = basket) {
    const res = await call('POST', '/api/orders', body);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as { id: number; totalPrice: number; status: string };
}

/** The answer's JSON, after checking its status (200 unless told): a failing step shows the server's own message. */
export async function ok<T = Record<string, unknown>>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, code = 200): Promise<T> {
    const answer = await res;
    if (answer.statusCode !== code) throw new Error(`${answer.statusCode} where ${code} was expected: ${answer.body}`);
    return answer.json() as T;
}

/** Moves an order through packing and the road to delivered, as staff do. */
export async function deliver(shop: OrderShop, id: number) {
    for (const status of ['packed', 'out_for_delivery', 'delivered']) await ok(shop.admin('POST', `/api/orderr/${id}/status`, { status }));
}

/** Places an order and pays it online through the test provider's checkout, as the customer's app does. Answers its id. */
export async function payOnline(shop: OrderShop, who: Call, body: Record<string, unknown>) {
    const order = await placed(who, body);
    const created = await ok<{ orderId: string }>(who('POST', '/api/create-paymentorderr', { orderId: order.id }));
    const paid = await ok<{ razorpay_payment_id: string; razorpay_signature: string }>(shop.anonymous('POST', `/api/test-checkout/${created.orderId}`, { outcome: 'pay' }));
    await ok(who('POST', '/api/verify-payment', { order_id: created.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature }));
    return order.id;
}
