// Not run again on PostgreSQL: events queued per row; queue claims run there in webhooks and webhook-isolation.
import { afterEach, describe, expect, it } from 'vitest';
import { DELETE_EVENTS, TEST_EVENT, WEBHOOK_EVENTS } from '../../schema/webhooks';
import { entities } from '../../schema';
import { apples, catalogueBasics, type Call } from './catalogue';
import { makeApp, signIn } from './helpers';
import { startReceiver } from './webhookReceiver';

// A mirror kept by webhooks hears of deletes: every entity that can be deleted sends `<resource>.deleted`, from
// its single delete and from a bulk delete alike; the test event can be subscribed to.

const receivers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
    while (receivers.length) await receivers.pop()!.close();
});

describe('delete events', () => {
    it('has one for every entity with a delete, and none for the others', () => {
        for (const entity of entities) {
            expect(entity.name in DELETE_EVENTS, entity.name).toBe(Boolean(entity.paths.remove));
        }
    });

    it('posts product.deleted, category.deleted and attribute.deleted, a bulk delete one a row', { timeout: 60_000 }, async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
        await catalogueBasics(call);
        const hooks = await startReceiver();
        receivers.push(hooks);
        const endpoint = await call('POST', '/api/webhooks', { url: hooks.url, events: [...Object.values(DELETE_EVENTS), TEST_EVENT] });
        expect(endpoint.statusCode, endpoint.body).toBe(201);

        const product = (await call('POST', '/api/products', { ...apples })).json().data.id as number;
        expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${product}`, headers })).statusCode).toBe(200);
        const category = (await call('POST', '/api/categories', { name: 'Dairy', description: 'Milk' })).json().data.id as number;
        expect((await call('DELETE', `/api/categories/${category}`)).statusCode).toBe(200);
        const extra = (await call('POST', '/api/attribute', { name: 'Size', value: 'L' })).json().data.id as number;
        const bulk = await call('POST', '/api/attribute/bulk', { ids: [extra], action: 'delete' });
        expect(bulk.statusCode, bulk.body).toBe(200);
        await t.app.webhooks.flush();

        expect(hooks.of('product.deleted').map((r) => r.json.data)).toEqual([{ id: product, resource: 'products', deletedAt: expect.any(String) }]);
        expect(hooks.of('category.deleted').map((r) => r.json.data.id)).toEqual([category]);
        expect(hooks.of('attribute.deleted').map((r) => r.json.data.id)).toEqual([extra]);
    });

    it('takes the test event as a subscription, and names every event when none is chosen', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const only = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: 'http://127.0.0.1:9/hook', events: [TEST_EVENT] } });
        expect(only.statusCode, only.body).toBe(201);
        expect(only.json().events).toEqual([TEST_EVENT]);
        const none = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: 'http://127.0.0.1:9/hook', events: [] } });
        expect(none.statusCode).toBe(400);
        expect(none.json().message).toBe(`Please choose at least one event, from: ${WEBHOOK_EVENTS.join(', ')}`);
        expect(none.json().message).toContain('product.deleted');
    });
});
