// Not run again on PostgreSQL: tombstones are plain inserts; cursor walks under writes run there in sync-walk.
import { afterEach, describe, expect, it } from 'vitest';
import { DELETE_EVENTS, FEATURE_DELETE_EVENTS } from '../../schema/webhooks';
import { nowIso } from '../../server/infra/time';
import { catalogueBasics, type Call } from './catalogue';
import { makeApp, signIn } from './helpers';
import { startReceiver } from './webhookReceiver';

// A mirror learns which rows went: every delete leaves one tombstone, written in the delete's own transaction, and
// GET /api/v1/deletions lists them since a time, walked by the Link header like any list.

type Tombstone = { id: number; resource: string; recordId: number; deletedAt: string };

const receivers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
    while (receivers.length) await receivers.pop()!.close();
});

async function shop(rows = 0) {
    const t = await makeApp();
    const headers = await signIn(t);
    const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
    await catalogueBasics(call);
    const now = nowIso();
    const products = Array.from({ length: rows }, (_, i) => ({
        name: `Item ${i}`, description: 'Packed fresh', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 1000 + i, stock: 5, status: 1, createdAt: now, updatedAt: now,
    }));
    if (rows) await t.app.db.insertInto('products').values(products).execute();
    return { ...t, headers, call };
}

/** Every row a list's walk by the Link header reads, from `first`. */
async function walk<T>(t: Awaited<ReturnType<typeof shop>>, first: string, between?: (page: number) => Promise<void>): Promise<T[]> {
    const seen: T[] = [];
    let url: string | undefined = first;
    for (let page = 0; url; page++) {
        const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ method: 'GET', url, headers: t.headers });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...(res.json() as T[]));
        url = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
        if (url && between) await between(page);
    }
    return seen;
}

describe('GET /api/v1/deletions', { timeout: 120_000 }, () => {
    it('lists every row deleted while a mirror walked, exactly once, single and bulk deletes alike', async () => {
        const t = await shop(120);
        const since = nowIso();
        const deleted: number[] = [];
        const rows = await walk<{ id: number }>(t, '/api/v1/products?sort=["id","ASC"]&range=[0,19]', async (page) => {
            // One already read, one still to come, by each kind of delete.
            const ids = [page * 20 + 3, page * 20 + 45].filter((id) => id <= 120);
            if (page % 2) {
                const bulk = await t.call('POST', '/api/products/bulk', { ids, action: 'delete' });
                expect(bulk.json().results.every((one: { ok: boolean }) => one.ok), bulk.body).toBe(true);
            } else {
                for (const id of ids) expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/products/${id}`, headers: t.headers })).statusCode).toBe(200);
            }
            deleted.push(...ids);
        });
        expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
        const tombstones = await walk<Tombstone>(t, `/api/v1/deletions?since=${since}&resource=products&range=[0,4]`);
        expect(tombstones.map((one) => one.recordId).sort((a, b) => a - b)).toEqual([...new Set(deleted)].sort((a, b) => a - b));
        expect(tombstones.every((one) => one.resource === 'products' && one.deletedAt >= since)).toBe(true);
        // Oldest first, by the order they were written in; nothing before `since`.
        expect(tombstones.map((one) => one.id)).toEqual([...tombstones.map((one) => one.id)].sort((a, b) => a - b));
        const later = await t.app.inject({ method: 'GET', url: `/api/v1/deletions?since=2999-01-01T00:00:00Z`, headers: t.headers });
        expect(later.json()).toEqual([]);
        // The stock dialect's filter reads the resource too.
        const filtered = await t.app.inject({ method: 'GET', url: `/api/v1/deletions?filter=${encodeURIComponent(JSON.stringify({ resource: 'products', recordId: deleted[0] }))}`, headers: t.headers });
        expect(filtered.json().map((one: Tombstone) => one.recordId)).toEqual([deleted[0]]);
    });

    it('writes no tombstone for a delete that was refused, and refuses a bad time or resource, naming what it takes', async () => {
        const t = await shop(1);
        expect((await t.call('DELETE', '/api/categories/1')).statusCode).toBe(409);
        expect((await t.app.inject({ method: 'GET', url: '/api/v1/deletions', headers: t.headers })).json()).toEqual([]);
        const bad = await t.app.inject({ method: 'GET', url: '/api/v1/deletions?since=yesterday', headers: t.headers });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('Please give since as an ISO time, such as 2026-11-29T07:00:00Z');
        const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/deletions?resource=orders', headers: t.headers });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().message).toContain('products');
        expect(unknown.json().message).toContain('videos');
        const seller = await signIn(t, 'seller@shop.test', 2);
        expect((await t.app.inject({ method: 'GET', url: '/api/v1/deletions' })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'GET', url: '/api/v1/deletions', headers: seller })).statusCode).toBe(200);
    });

    it('keeps the deletes of videos and delivery slots, each with its deleted event', async () => {
        const t = await shop();
        const hooks = await startReceiver();
        receivers.push(hooks);
        expect((await t.call('POST', '/api/webhooks', { url: hooks.url, events: [...Object.values(DELETE_EVENTS), ...Object.values(FEATURE_DELETE_EVENTS)] })).statusCode).toBe(201);
        const now = nowIso();
        const video = await t.app.db.insertInto('videos').values({ filename: 'Mango season', storedName: 'gone.mp4', size: 10, mimeType: 'video/mp4', createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow();
        const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/videos/${video.id}`, headers: t.headers });
        expect(removed.statusCode, removed.body).toBe(200);
        const slot = await t.app.inject({ method: 'POST', url: '/api/v1/deliverySlots', headers: t.headers, payload: { name: 'Morning', startTime: '08:00', endTime: '10:00', capacity: 10, cutoffMinutes: 60 } });
        expect(slot.statusCode, slot.body).toBe(201);
        expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/deliverySlots/${slot.json().id}`, headers: t.headers })).statusCode).toBe(200);
        await t.app.webhooks.flush();
        expect(hooks.of('video.deleted').map((r) => r.json.data)).toEqual([{ id: video.id, resource: 'videos', deletedAt: expect.any(String) }]);
        expect(hooks.of('deliveryslot.deleted').map((r) => r.json.data.id)).toEqual([slot.json().id]);
        const tombstones = (await t.app.inject({ method: 'GET', url: '/api/v1/deletions', headers: t.headers })).json() as Tombstone[];
        expect(tombstones.map(({ resource, recordId }) => [resource, recordId])).toEqual([['videos', video.id], ['deliverySlots', slot.json().id]]);
    });
});
