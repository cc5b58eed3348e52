// Not run again on PostgreSQL: prices one order at a time in JavaScript; orders placed at once run there in stock and delivery-slots.
import { describe, expect, it } from 'vitest';
import { includedTax, mulDivRound } from '../../server/features/orders/pricing';
import { basket, orderShop, placed } from './orderShop';

describe('pricing, in paise', () => {
    it('rounds the GST part of a GST-inclusive amount half up, exactly', () => {
        expect(includedTax(56700, 500)).toBe(2700); // ₹567 at 5 %: 567 × 5/105
        expect(includedTax(54999, 1800)).toBe(8390); // 8389.68 paise
        expect(includedTax(14, 1200)).toBe(2); // 1.5 paise rounds up
        expect(includedTax(0, 1800)).toBe(0);
        expect(mulDivRound(111699, 1250, 10_000)).toBe(13962); // 13962.375
        expect(mulDivRound(9_007_199_254_740, 9_999, 10_000)).toBe(9_006_298_534_815); // no float error on large amounts
    });

    it('prices an order from the catalogue: lines with their GST part, delivery and total', async () => {
        const shop = await orderShop();
        const res = await shop.asha('POST', '/api/orders', { ...basket, address: '12 MG Road, Bengaluru' });
        expect(res.statusCode).toBe(201);
        const order = res.json().data;
        expect(order).toMatchObject({
            customer: { name: 'Asha Sharma', email: 'asha@shop.test' },
            status: 'placed',
            paymentMethod: 'online',
            address: '12 MG Road, Bengaluru',
            subtotal: 1116.99, // 3 × 189.00 + 549.99
            taxTotal: 110.9, // 27.00 + 83.90
            deliveryCharge: 25.5,
            discount: 0,
            totalPrice: 1142.49,
            products: [
                { name: 'Shimla Apples 1 kg', quantity: 3 },
                { name: 'Desi Ghee 1 L', quantity: 1 },
            ],
            nextStatuses: [],
        });
        expect(order.lines).toEqual([
            { productId: 1, name: 'Shimla Apples 1 kg', unitPrice: 189, quantity: 3, unit: 'NOS', gstPercent: 5, lineTotal: 567, tax: 27 },
            { productId: 2, name: 'Desi Ghee 1 L', unitPrice: 549.99, quantity: 1, unit: 'NOS', gstPercent: 18, lineTotal: 549.99, tax: 83.9 },
        ]);
        expect(order.history).toMatchObject([{ fromStatus: null, toStatus: 'placed', changedBy: 'Asha Sharma' }]);
    });

    it('rounds a half paisa of tax up, per line', async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha, { items: [{ productId: 3, quantity: 1 }], pincode: '560034' });
        const detail = (await shop.asha('GET', `/api/orderr/${order.id}`)).json();
        expect(detail.lines[0]).toMatchObject({ lineTotal: 0.14, tax: 0.02 });
        expect(detail.totalPrice).toBe(25.64);
    });

    it('keeps the names and prices as sold when the catalogue changes later', async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha);
        const edited = await shop.admin('POST', '/api/products/1', { name: 'Kashmiri Apples', price: '999' });
        expect(edited.statusCode, edited.body).toBe(200);
        const detail = (await shop.asha('GET', `/api/orderr/${order.id}`)).json();
        expect(detail.lines[0]).toMatchObject({ name: 'Shimla Apples 1 kg', unitPrice: 189 });
        expect(detail.totalPrice).toBe(1142.49);
    });

    // The discount is shared among the lines by value, so the tax is that of the discounted lines (110.90 without).
    it.each([
        ['SAVE10', 111.7, 1030.79, 99.81], // 10 % of 1116.99 = 111.699
        ['save10', 111.7, 1030.79, 99.81], // codes are matched upper-case
        ['EIGHTH', 139.62, 1002.87, 97.03], // 12.5 % = 139.62375
        ['FLAT50', 50, 1092.49, 105.93],
        ['HUGE', 1116.99, 25.5, 0], // never more than the goods
    ])('applies coupon %s: discount %s, total %s, tax %s', async (couponCode, discount, total, taxTotal) => {
        const shop = await orderShop();
        const order = (await shop.asha('POST', '/api/orders', { ...basket, couponCode })).json().data;
        expect(order).toMatchObject({ discount, totalPrice: total, couponCode: couponCode.toUpperCase(), taxTotal });
    });

    it.each([
        ['NOPE', 'This coupon code does not exist'],
        ['PAUSED', 'This coupon is no longer active'],
        ['SOON', 'This coupon can be used from 2099-01-01'],
        ['OLD', 'This coupon has expired'],
    ])('refuses coupon %s: %s', async (couponCode, message) => {
        const shop = await orderShop();
        const res = await shop.asha('POST', '/api/orders', { ...basket, couponCode });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message, errors: { couponCode: message } });
    });

    it('refuses a coupon whose minimum amount is not met, saying how much is missing', async () => {
        const shop = await orderShop();
        const res = await shop.asha('POST', '/api/orders', { items: [{ productId: 1, quantity: 1 }], pincode: '560034', couponCode: 'SAVE10' });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('This coupon needs an order of at least ₹500.00; add ₹311.00 more');
    });

    it('refuses unknown and inactive pincodes, inactive and unknown products', async () => {
        const shop = await orderShop();
        for (const pincode of ['999999', '110001']) {
            const res = await shop.asha('POST', '/api/orders', { ...basket, pincode });
            expect(res.statusCode).toBe(400);
            expect(res.json().message).toBe('We do not deliver to this pincode yet');
        }
        const inactive = await shop.asha('POST', '/api/orders', { items: [{ productId: 4, quantity: 1 }, { productId: 77, quantity: 1 }], pincode: '560034' });
        expect(inactive.statusCode).toBe(400);
        expect(inactive.json().message).toBe('These products are not available: Old Stock, #77');
        expect((await shop.admin('GET', '/api/orderr')).json().orders).toEqual([]);
    });

    it.each([
        [{ ...basket, items: [] }, 'items'],
        [{ ...basket, items: [{ productId: 1, quantity: 0 }] }, 'items'],
        [{ ...basket, items: [{ productId: 1, quantity: 101 }] }, 'items'],
        [{ ...basket, items: [{ productId: 1, quantity: 1.5 }] }, 'items'],
        [{ ...basket, items: [{ productId: 1, quantity: 'lots' }] }, 'items'],
        [{ ...basket, items: [{ productId: 1e20, quantity: 1 }] }, 'items'],
        [{ ...basket, items: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 })) }, 'items'],
        [{ ...basket, pincode: '5600' }, 'pincode'],
        [{ ...basket, paymentMethod: 'card' }, 'paymentMethod'],
        [{ ...basket, couponCode: 'X'.repeat(41) }, 'couponCode'],
        [{ items: [{ productId: 1, quantity: 1 }] }, 'pincode'],
    ])('refuses a malformed order %#', async (body, field) => {
        const shop = await orderShop();
        const res = await shop.asha('POST', '/api/orders', body);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().errors)).toContain(field);
    });

    it('prices on the server whatever totals the client sends', async () => {
        const shop = await orderShop();
        const order = await placed(shop.asha, { ...basket, totalPrice: 1, discount: 1000, unitPrice: 0 });
        expect(order.totalPrice).toBe(1142.49);
    });

    it('refuses the same product twice in one order', async () => {
        const shop = await orderShop();
        const res = await shop.asha('POST', '/api/orders', { ...basket, items: [{ productId: 1, quantity: 1 }, { productId: 1, quantity: 2 }] });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Each product may appear once in an order; change its quantity instead');
    });

    it('needs a signed-in customer and limits how fast one client orders', async () => {
        const shop = await orderShop({ orderRateLimit: 2 });
        expect((await shop.anonymous('POST', '/api/orders', basket)).statusCode).toBe(401);
        await placed(shop.asha);
        await placed(shop.asha);
        expect((await shop.asha('POST', '/api/orders', basket)).statusCode).toBe(429);
    });
});
