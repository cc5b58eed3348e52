import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { WEBHOOK_EVENTS } from '../../schema/webhooks';
import { eventBody, queueDelivery } from '../../server/features/webhooks/announce';
import { MAX_DELIVERY_ATTEMPTS } from '../../server/features/webhooks/deliveryQueue';
import type { AnyDb } from '../../server/engine/rows';
import { removeExpired } from '../../server/plugins/housekeeping';
import { apples } from './catalogue';
import { makeApp, sameDatabase, signIn, type TestApp } from './helpers';
import { orderShop, placed } from './orderShop';
import { startReceiver } from './webhookReceiver';
import { verifyWebhookFromDocs } from './webhookVerifySnippet';

// Webhooks for integrators, against a real receiver on 127.0.0.1, on SQLite and on
// PostgreSQL (TEST_DATABASE_URL). The queue's clock is driven through app.webhooks.flush(at), never slept on.

const receivers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
    while (receivers.length) await receivers.pop()!.close();
});
async function receiver() {
    const made = await startReceiver();
    receivers.push(made);
    return made;
}

/** How docs/api.md tells an integrator to check a delivery: its own code block, run as written. */
const verifies = verifyWebhookFromDocs();

type Inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
const caller = (t: TestApp, headers?: Record<string, string>): Inject => (method, url, payload) => t.app.inject({ method, url, headers, payload: payload as never });

async function register(call: Inject, url: string, events: readonly string[] = WEBHOOK_EVENTS) {
    const res = await call('POST', '/api/webhooks', { url, events });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; secret: string; secretHint: string };
}

describe('webhooks', () => {
    it("posts an order's life and a product's changes, each signed with the endpoint's secret", { timeout: 90_000 }, async () => {
        const shop = await orderShop();
        const hooks = await receiver();
        const endpoint = await register(shop.admin as Inject, hooks.url);
        expect(endpoint.secret).toMatch(/^whsec_/);
        expect(endpoint.secretHint).toBe(endpoint.secret.slice(-4));

        const made = await shop.admin('POST', '/api/products', { ...apples, name: 'Basmati 5 kg', stock: 12, sku: 'rice-5kg' });
        const productId = made.json().data.id as number;
        await shop.admin('POST', `/api/products/${productId}`, { price: '650.00' });
        await shop.admin('POST', `/api/products/${productId}/stock`, { reason: 'received', quantity: 8 });
        const cod = await placed(shop.asha, { items: [{ productId, quantity: 2 }], pincode: '560034', paymentMethod: 'cod' });
        for (const status of ['packed', 'out_for_delivery', 'delivered', 'refunded']) {
            const moved = await shop.admin('POST', `/api/orderr/${cod.id}/status`, { status });
            expect(moved.statusCode, moved.body).toBe(200);
        }
        await shop.app.webhooks.flush();

        for (const delivery of hooks.received) {
            expect(verifies(endpoint.secret, delivery.headers['x-webhook-signature'] as string, delivery.body)).toBe(true);
            expect(delivery.headers['x-webhook-event']).toBe(delivery.json.type);
            expect(delivery.headers['x-webhook-id']).toBe(delivery.json.id);
        }
        expect(verifies('whsec_someone-else', hooks.received[0].headers['x-webhook-signature'] as string, hooks.received[0].body)).toBe(false);

        expect(hooks.of('product.created').map((d) => d.json.data.product)).toEqual([expect.objectContaining({ id: productId, name: 'Basmati 5 kg', sku: 'rice-5kg', price: 189, stock: 12 })]);
        expect(hooks.of('product.updated').map((d) => d.json.data.product.price)).toEqual([650]);
        // Events of one endpoint may arrive out of order (docs/api.md): read in the order they happened, as a receiver would.
        const inTurn = (type: string) => hooks.of(type).sort((a, b) => String(a.json.createdAt).localeCompare(String(b.json.createdAt)));
        expect(inTurn('product.stock_changed').map((d) => [d.json.data.reason, d.json.data.stock, d.json.data.orderId])).toEqual([
            ['received', { before: 12, after: 20 }, undefined],
            ['ordered', { before: 20, after: 18 }, cod.id],
            ['returned', { before: 18, after: 20 }, cod.id],
        ]);
        const [placedEvent] = hooks.of('order.placed');
        expect(placedEvent.json.data.order).toMatchObject({ id: cod.id, status: 'placed', paymentMethod: 'cod', totalPrice: cod.totalPrice, lines: [expect.objectContaining({ productId, quantity: 2, unitPrice: 650 })] });
        expect(inTurn('order.status_changed').map((d) => [d.json.data.previousStatus, d.json.data.order.status])).toEqual([
            ['placed', 'packed'],
            ['packed', 'out_for_delivery'],
            ['out_for_delivery', 'delivered'],
            ['delivered', 'refunded'],
        ]);
        // Cash on delivery is paid when delivered.
        expect(hooks.of('order.paid').map((d) => d.json.data.order)).toEqual([expect.objectContaining({ id: cod.id, status: 'delivered', paidAt: expect.any(String) })]);
        expect(hooks.of('order.refunded').map((d) => d.json.data.order)).toEqual([expect.objectContaining({ id: cod.id, status: 'refunded', refundReference: 'manual' })]);

        // An online order is paid when its payment is verified.
        const online = await placed(shop.asha);
        const checkout = (await shop.asha('POST', '/api/create-paymentorderr', { orderId: online.id })).json();
        const paid = (await shop.anonymous('POST', `/api/test-checkout/${checkout.orderId}`, { outcome: 'pay' })).json();
        const verified = await shop.asha('POST', '/api/verify-payment', { order_id: checkout.orderId, payment_id: paid.razorpay_payment_id, signature: paid.razorpay_signature });
        expect(verified.statusCode, verified.body).toBe(200);
        await shop.app.webhooks.flush();
        expect(hooks.of('order.paid').map((d) => [d.json.data.order.id, d.json.data.order.status])).toEqual([
            [cod.id, 'delivered'],
            [online.id, 'paid'],
        ]);
    });

    it('sends an endpoint only the events it chose, and nothing once it is switched off', { timeout: 60_000 }, async () => {
        const shop = await orderShop();
        const hooks = await receiver();
        const endpoint = await register(shop.admin as Inject, hooks.url, ['order.placed']);
        await shop.admin('POST', '/api/products', { ...apples, name: 'Moong Dal 1 kg' });
        await placed(shop.asha);
        await shop.app.webhooks.flush();
        expect(hooks.received.map((d) => d.json.type)).toEqual(['order.placed']);

        const off = await (shop.admin as Inject)('PUT', `/api/webhooks/${endpoint.id}`, { active: false });
        expect(off.json()).toMatchObject({ id: endpoint.id, active: false, events: ['order.placed'] });
        await placed(shop.asha);
        await shop.app.webhooks.flush();
        expect(hooks.received).toHaveLength(1);
    });

    it('retries a receiver that is down with growing waits, and delivers once when it is back', async () => {
        const t = await makeApp();
        const call = caller(t, await signIn(t));
        const hooks = await receiver();
        const endpoint = await register(call, hooks.url);
        await hooks.down();

        const start = Date.now();
        const sent = await call('POST', `/api/webhooks/${endpoint.id}/test`);
        expect(sent.statusCode, sent.body).toBe(202);
        expect(sent.json()).toMatchObject({ event: 'webhook.test', state: 'pending' });
        await t.app.webhooks.flush(start);
        const log = async () => (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`)).json()[0];
        const first = await log();
        expect(first).toMatchObject({ state: 'pending', attempts: 1, statusCode: null, lastError: expect.stringMatching(/ECONNREFUSED/) });
        const wait1 = Date.parse(first.nextAttemptAt) - start;
        expect(wait1).toBeGreaterThanOrEqual(30_000);

        // Not due yet: nothing is tried.
        await t.app.webhooks.flush(start + 20_000);
        expect((await log()).attempts).toBe(1);
        await t.app.webhooks.flush(start + wait1);
        const second = await log();
        expect(second.attempts).toBe(2);
        const wait2 = Date.parse(second.nextAttemptAt) - (start + wait1);
        expect(wait2).toBeGreaterThanOrEqual(2 * 30_000);

        await hooks.up();
        await t.app.webhooks.flush(start + wait1 + wait2);
        await t.app.webhooks.flush(start + wait1 + wait2 + 3_600_000);
        expect(hooks.received.map((d) => d.json.type)).toEqual(['webhook.test']);
        expect(await log()).toMatchObject({ state: 'delivered', attempts: 3, statusCode: 200, nextAttemptAt: null, lastError: null, responseExcerpt: '{"ok":true}' });
        const total = (await call('GET', `/api/webhooks/${endpoint.id}/deliveries`)).headers['x-total-count'];
        expect(total).toBe('1');
    });

    it('delivers each event exactly once from two instances on one database', { timeout: 60_000 }, async () => {
        const first = await makeApp();
        const shared = sameDatabase(first.config);
        const second = await makeApp(shared);
        const call = caller(first, await signIn(first));
        const hooks = await receiver();
        const endpoint = await register(call, hooks.url);
        // Queued straight into the table (a request would wake its own instance at once), then drained by both at once.
        for (let i = 0; i < 20; i++) await queueDelivery(first.app.db, endpoint.id, 'webhook.test', eventBody('webhook.test', { i }));
        await Promise.all([first.app.webhooks.flush(), second.app.webhooks.flush(), first.app.webhooks.flush(), second.app.webhooks.flush()]);
        const rows = await second.app.db.selectFrom('webhookDeliveries').select(['attempts', 'deliveredAt', 'lastError']).execute();
        expect(rows.filter((row) => row.attempts !== 1 || !row.deliveredAt)).toEqual([]);
        const ids = hooks.received.map((d) => d.json.id);
        expect(ids).toHaveLength(20);
        expect(new Set(ids).size).toBe(20);
    });

    it('shows the secret only when it is made, and a new one stops the old from signing', async () => {
        const t = await makeApp();
        const call = caller(t, await signIn(t));
        const hooks = await receiver();
        const endpoint = await register(call, hooks.url, ['product.created']);
        const read = await call('GET', `/api/webhooks/${endpoint.id}`);
        expect(read.json()).toEqual(expect.not.objectContaining({ secret: expect.anything() }));
        expect(read.body).not.toContain(endpoint.secret);
        expect((await call('GET', '/api/webhooks')).body).not.toContain(endpoint.secret);

        const rotated = (await call('POST', `/api/webhooks/${endpoint.id}/secret`)).json();
        expect(rotated.secret).not.toBe(endpoint.secret);
        await call('POST', `/api/webhooks/${endpoint.id}/test`);
        await t.app.webhooks.flush();
        const [delivery] = hooks.received;
        expect(verifies(rotated.secret, delivery.headers['x-webhook-signature'] as string, delivery.body)).toBe(true);
        expect(verifies(endpoint.secret, delivery.headers['x-webhook-signature'] as string, delivery.body)).toBe(false);

        const removed = await call('DELETE', `/api/webhooks/${endpoint.id}`);
        expect(removed.json()).toMatchObject({ id: endpoint.id });
        expect((await call('GET', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(404);
        expect(await t.app.db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
    });

    it('writes every change to an endpoint in the activity log, with who made it, and never its secret', async () => {
        const t = await makeApp();
        const call = caller(t, await signIn(t));
        const endpoint = await register(call, 'https://erp.example.com/hooks', ['order.placed']);
        const changed = await call('PUT', `/api/webhooks/${endpoint.id}`, { events: ['order.placed', 'order.paid'], active: false });
        expect(changed.statusCode, changed.body).toBe(200);
        const rotated = (await call('POST', `/api/webhooks/${endpoint.id}/secret`)).json();
        expect((await call('DELETE', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(200);
        // A refused change writes nothing.
        expect((await call('PUT', `/api/webhooks/${endpoint.id}`, { active: true })).statusCode).toBe(404);

        // The activity log's table comes from its entity schema, not the static table types.
        const lines = await (t.app.db as unknown as AnyDb).selectFrom('auditLog').selectAll().where('entity', '=', 'webhooks').orderBy('id').execute();
        expect(lines.map((line) => [line.action, line.record, line.userEmail, JSON.parse(line.changes ?? 'null')])).toEqual([
            ['create', endpoint.id, 'admin@shop.test', { url: { after: 'https://erp.example.com/hooks' }, events: { after: ['order.placed'] }, active: { after: true } }],
            ['update', endpoint.id, 'admin@shop.test', { events: { before: ['order.placed'], after: ['order.placed', 'order.paid'] }, active: { before: true, after: false } }],
            ['update', endpoint.id, 'admin@shop.test', { secretHint: { before: `…${endpoint.secretHint}`, after: `…${rotated.secretHint}` } }],
            ['delete', endpoint.id, 'admin@shop.test', { url: { before: 'https://erp.example.com/hooks' }, events: { before: ['order.placed', 'order.paid'] }, active: { before: false } }],
        ]);
        const written = JSON.stringify(lines);
        for (const secret of [endpoint.secret, rotated.secret]) expect(written).not.toContain(secret.slice(6, 20));
    });

    it('forgets delivered deliveries after 30 days and given-up ones after 90 in the hourly clean-up, and keeps pending ones', async () => {
        const t = await makeApp();
        const call = caller(t, await signIn(t));
        const endpoint = await register(call, 'https://erp.example.com/hooks');
        const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000).toISOString();
        const delivery = async (name: string, values: { createdAt: string; deliveredAt?: string; attempts?: number }) => {
            const id = await queueDelivery(t.app.db, endpoint.id, 'webhook.test', eventBody('webhook.test', { name }));
            await t.app.db.updateTable('webhookDeliveries').set(values).where('id', '=', id).execute();
            return id;
        };
        const kept = [
            await delivery('delivered 29 days ago', { createdAt: daysAgo(29), deliveredAt: daysAgo(29), attempts: 1 }),
            await delivery('given up 89 days ago', { createdAt: daysAgo(89), attempts: MAX_DELIVERY_ATTEMPTS }),
            await delivery('still retried', { createdAt: daysAgo(120), attempts: 3 }),
        ];
        await delivery('delivered 31 days ago', { createdAt: daysAgo(40), deliveredAt: daysAgo(31), attempts: 2 });
        await delivery('given up 91 days ago', { createdAt: daysAgo(91), attempts: MAX_DELIVERY_ATTEMPTS });

        await removeExpired(t.app.db);
        const left = await t.app.db.selectFrom('webhookDeliveries').select('id').orderBy('id').execute();
        expect(left.map((row) => row.id)).toEqual(kept);
    });

    it('is for administrators only', async () => {
        const t = await makeApp();
        const admin = caller(t, await signIn(t));
        const endpoint = await register(admin, 'https://example.com/hooks');
        const seller = caller(t, await signIn(t, 'seller@shop.test', ROLE.seller));
        const customer = caller(t, await signIn(t, 'asha@shop.test', ROLE.customer));
        for (const who of [seller, customer]) {
            expect((await who('GET', '/api/webhooks')).statusCode).toBe(403);
            expect((await who('POST', '/api/webhooks', { url: 'https://example.com/x', events: ['order.placed'] })).statusCode).toBe(403);
            expect((await who('GET', `/api/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(403);
            expect((await who('POST', `/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(403);
        }
        expect((await caller(t)('GET', '/api/webhooks')).statusCode).toBe(401);
    });

    it('refuses addresses that are not HTTPS or hold credentials, and events it does not know, saying why', async () => {
        const t = await makeApp();
        const call = caller(t, await signIn(t));
        const refusal = async (url: string, events: string[] = ['order.placed']) => {
            const res = await call('POST', '/api/webhooks', { url, events });
            expect(res.statusCode, url).toBe(400);
            return res.json().message as string;
        };
        expect(await refusal('not an address')).toBe("Please enter the endpoint's full address, starting with https://");
        expect(await refusal('ftp://example.com/hooks')).toBe("Please enter the endpoint's full address, starting with https://");
        expect(await refusal('http://example.com/hooks')).toBe('The endpoint must use https:// (http:// is allowed only for 127.0.0.1 or localhost, for testing)');
        expect(await refusal('https://user:pw@example.com/hooks')).toMatch(/must not hold a user name or password/);
        expect(await refusal('https://example.com/hooks', [])).toMatch(/^Please choose at least one event/);
        expect(await refusal('https://example.com/hooks', ['order.lost'])).toMatch(/^Please choose at least one event, from: order.placed/);
    });

    it('refuses, in production, plain http:// and private or local addresses, unless WEBHOOKS_ALLOW_LOCAL', { timeout: 60_000 }, async () => {
        const live = await makeApp({ nodeEnv: 'production' });
        const prod = caller(live, await signIn(live));
        const refused = async (url: string) => (await prod('POST', '/api/webhooks', { url, events: ['order.placed'] })).json().message;
        expect(await refused('http://127.0.0.1:9000/hooks')).toBe('The endpoint must use https://, so that what it receives cannot be read or changed on the way');
        expect(await refused('https://127.0.0.1/hooks')).toBe('The endpoint must be on the public internet: 127.0.0.1 is a private or local address');
        expect(await refused('https://10.1.2.3/hooks')).toBe('The endpoint must be on the public internet: 10.1.2.3 is a private or local address');
        expect(await refused('https://[::ffff:192.168.0.1]/hooks')).toMatch(/is a private or local address$/);
        expect(await refused('https://localhost/hooks')).toMatch(/is a private or local address$/);

        const staging = await makeApp({ nodeEnv: 'production', webhooksAllowLocal: true });
        const allowed = await caller(staging, await signIn(staging))('POST', '/api/webhooks', { url: 'http://127.0.0.1:9000/hooks', events: ['order.placed'] });
        expect(allowed.statusCode, allowed.body).toBe(201);
    });
});
