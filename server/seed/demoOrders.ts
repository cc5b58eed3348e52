import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, OrderStatus, PaymentMethod } from '../db/tables';
import { placeOrder } from '../features/orders/placeOrder';
import { assignInvoiceNumber } from '../features/orders/invoiceNumber';
import { recordHistory, type Actor } from '../features/orders/transition';
import { testId } from '../features/payments/testProvider';
import { PER_UNIT } from '../../schema/measure';

const CUSTOMERS: Array<[name: string, email: string, pincode: string, address: string]> = [
    ['Asha Sharma', 'asha.sharma@example.com', '560034', '14 Koramangala 5th Block, Bengaluru'],
    ['Ravi Kumar', 'ravi.kumar@example.com', '560001', '3 MG Road, Bengaluru'],
    ['Priya Raghunathan', 'priya.r@example.com', '600020', '27 Adyar Main Road, Chennai'],
    ['Mohammed Irfan', 'irfan.m@example.com', '400001', '8 Fort Street, Mumbai'],
    ['Neha Gupta', 'neha.gupta@example.com', '110001', '21 Connaught Place, New Delhi'],
    ['Arjun Nair', 'arjun.nair@example.com', '560034', '52 HSR Layout, Bengaluru'],
];

const DAYS = 60;
const EVERY_STATUS: Array<[OrderStatus, PaymentMethod]> = [
    ['placed', 'online'],
    ['paid', 'online'],
    ['packed', 'cod'],
    ['out_for_delivery', 'online'],
    ['delivered', 'cod'],
    ['cancelled', 'cod'],
    ['refunded', 'online'],
];
const ORDERS = 200;

/** The statuses an order passed through to reach `final`, after placed. */
function pathTo(final: OrderStatus, method: PaymentMethod): OrderStatus[] {
    const forward: OrderStatus[] = method === 'online' ? ['paid', 'packed', 'out_for_delivery', 'delivered'] : ['packed', 'out_for_delivery', 'delivered'];
    if (final === 'placed') return [];
    if (final === 'cancelled') return [...forward.slice(0, method === 'online' ? 1 : 0), 'cancelled'];
    if (final === 'refunded') return [...forward, 'refunded'];
    return forward.slice(0, forward.indexOf(final) + 1);
}

/** Recent orders are still on their way; older ones are mostly delivered, a few cancelled or refunded. */
function finalStatus(daysAgo: number, roll: number, method: PaymentMethod): OrderStatus {
    if (daysAgo < 1) {
        const today = (['placed', 'paid', 'packed', 'out_for_delivery'] as const)[Math.floor(roll * 4)];
        return today === 'paid' && method === 'cod' ? 'placed' : today;
    }
    if (daysAgo < 3) return roll < 0.3 ? 'packed' : roll < 0.5 ? 'out_for_delivery' : roll < 0.6 ? 'cancelled' : 'delivered';
    return roll < 0.08 ? 'cancelled' : roll < 0.12 ? 'refunded' : 'delivered';
}

/** A small deterministic generator (mulberry32), so every demo shop tells the same story. */
function random(seed: number) {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/**
 * About 200 orders over the last 60 days from the demo catalogue, in every status, by a few demo customers;
 * online ones paid through the test provider (a payment record and reference each). Run right after the demo
 * catalogue is loaded, so that a real shop's database never gets them.
 */
export async function seedDemoOrders(app: FastifyInstance, now = Date.now()) {
    const db = app.db;
    if (await db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) return;
    // Each product's own pack: the demo's orders stay the same whatever packs it adds.
    const products = await db.selectFrom('products').select('id').where('status', '=', 1).where('parentId', 'is', null).orderBy('id').execute();
    const pincodes = new Set((await db.selectFrom('pincodes').select('pincode').where('status', '=', 1).execute()).map((p) => p.pincode));
    if (!products.length || !pincodes.size) return;
    const fallbackPincode = [...pincodes][0];
    const staff = await db.selectFrom('users').select(['id', 'name']).where('roleId', '=', 1).orderBy('id').executeTakeFirst();
    const packer: Actor = staff ? { id: staff.id, name: staff.name } : { id: null, name: 'Shop staff' };

    const customers: Array<{ id: number; name: string; pincode: string; address: string }> = [];
    for (const [index, [name, email, pincode, address]] of CUSTOMERS.entries()) {
        const joined = new Date(now - (DAYS + 5 - index * 11) * 86_400_000).toISOString();
        const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
        const id =
            existing?.id ??
            (await db.insertInto('users').values({ name, email, roleId: 3, address, pincode, contactNo: `98450${String(10000 + index * 1111).slice(0, 5)}`, createdAt: joined, updatedAt: joined }).returning('id').executeTakeFirstOrThrow()).id;
        customers.push({ id, name, pincode: pincodes.has(pincode) ? pincode : fallbackPincode, address });
    }

    const next = random(20261122);
    for (let n = 0; n < ORDERS; n++) {
        // More orders lately: the shop is growing.
        const daysAgo = DAYS * (1 - Math.sqrt(next()));
        const placedAt = now - daysAgo * 86_400_000;
        const customer = customers[Math.floor(next() * customers.length)];
        const count = 1 + Math.floor(next() * 4);
        const chosen = new Set<number>();
        while (chosen.size < count) chosen.add(products[Math.floor(next() * products.length)].id);
        let method: PaymentMethod = next() < 0.6 ? 'cod' : 'online';
        let final = finalStatus(daysAgo, next(), method);
        // The first few show every status at least once, whatever the dice say.
        if (n < EVERY_STATUS.length) [final, method] = EVERY_STATUS[n];
        const id = await placeOrder(
            db,
            customer.id,
            { items: [...chosen].map((productId) => ({ productId, quantity: (1 + Math.floor(next() * 3)) * PER_UNIT })), pincode: customer.pincode, address: customer.address, paymentMethod: method },
            new Date(placedAt).toISOString(),
            // The demo's customers are made up: no mail tells them of orders they never placed.
            { tell: false },
        );
        await walk(db, id, method, pathTo(final, method), placedAt, now, { id: customer.id, name: customer.name }, packer);
    }
    app.log.info(`Demo orders loaded (${ORDERS} orders by ${CUSTOMERS.length} customers)`);
}

/** Moves a seeded order along its path at plausible times, never later than now, as the app would have. */
async function walk(db: Kysely<Database>, id: number, method: PaymentMethod, path: OrderStatus[], placedAt: number, now: number, customer: Actor, packer: Actor) {
    let at = placedAt;
    let from: OrderStatus = 'placed';
    let paidAt: string | null = null;
    let reference: string | null = null;
    for (const status of path) {
        at = Math.min(now, at + (status === 'paid' ? 3 : status === 'delivered' ? 300 : 120) * 60_000);
        const when = new Date(at).toISOString();
        let note: string | null = null;
        if (status === 'paid') {
            const { totalPrice } = await db.selectFrom('orders').select('totalPrice').where('id', '=', id).executeTakeFirstOrThrow();
            reference = testId('pay');
            paidAt = when;
            note = `Payment ${reference} verified`;
            await db
                .insertInto('payments')
                .values({ orderId: id, userId: customer.id, provider: 'test', kind: 'order', providerOrderId: testId('order'), providerPaymentId: reference, amount: totalPrice, currency: 'INR', status: 'paid', shortUrl: null, paidAt: when, createdAt: when })
                .execute();
        }
        if (status === 'delivered' && method === 'cod') paidAt = when;
        await db.updateTable('orders').set({ status, paidAt, paymentReference: reference, updatedAt: when }).where('id', '=', id).execute();
        await recordHistory(db, id, from, status, status === 'paid' ? customer : packer, note, when);
        // Paid, online or on delivery: the order has its tax invoice, as the app would have made it.
        if (status === 'paid' || (status === 'delivered' && method === 'cod')) await assignInvoiceNumber(db, id, when);
        from = status;
    }
}
