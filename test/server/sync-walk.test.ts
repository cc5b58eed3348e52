import { describe, expect, it } from 'vitest';
import { nowIso } from '../../server/infra/time';
import { catalogueBasics, type Call } from './catalogue';
import { makeApp, signIn } from './helpers';

// An integrator's mirror pages a list 50 rows at a time by the Link header's cursor while the shop goes on
// writing: every row there at the start and not deleted meanwhile is read exactly once, whatever is inserted,
// updated or deleted between the pages.

const ROWS = 1_100;
type Row = { id: number; updatedAt: string; price: number };

async function shop() {
    const t = await makeApp();
    const headers = await signIn(t);
    const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
    await catalogueBasics(call);
    const now = nowIso();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
        name: `Item ${i}`, description: 'Packed fresh', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1,
        price: 1000 + (i % 50) * 10, stock: 5, status: 1, createdAt: now, updatedAt: now, // one updatedAt for all: ties broken by id
    }));
    for (let first = 0; first < rows.length; first += 500) await t.app.db.insertInto('products').values(rows.slice(first, first + 500)).execute();
    const v1 = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
    return { ...t, v1, headers };
}

/** The next page's address from a Link header, or undefined on the last page. */
const nextOf = (link: unknown) => (typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined);

let made = 0;

type Writes = 'deletes' | 'updates' | 'inserts' | 'all';

/** Walks the list from `first`, writing between pages; the rows read in order, and what the writes did. */
async function walk(t: Awaited<ReturnType<typeof shop>>, first: string, writes: Writes) {
    const start = await t.app.db.selectFrom('products').select('id').execute();
    const atStart = start.map(({ id }) => Number(id));
    const deleted = new Set<number>();
    const updated = new Set<number>();
    const seen: Row[] = [];
    let inserted = 0;
    let url: string | undefined = first;
    let pages = 0;
    while (url) {
        const res = await t.app.inject({ method: 'GET', url, headers: t.headers });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as Row[];
        expect(page.length).toBeLessThanOrEqual(50);
        seen.push(...page);
        url = nextOf(res.headers.link);
        pages++;
        if (!url) break; // the walk is over: what is written now is for the next sync
        // Rows on both sides of the cursor: just read, still to come, and far ahead.
        const alive = atStart.filter((id) => !deleted.has(id));
        const pick = (n: number) => Array.from({ length: n }, (_, i) => alive[(pages * 97 + i * 331) % alive.length]).filter((id, i, all) => all.indexOf(id) === i);
        if (writes === 'deletes' || writes === 'all') {
            for (const id of pick(3)) {
                if (deleted.has(id) || updated.has(id)) continue;
                expect((await t.v1('DELETE', `/products/${id}`)).statusCode).toBe(200);
                deleted.add(id);
            }
        }
        if (writes === 'updates' || writes === 'all') {
            for (const id of pick(7).slice(3)) {
                if (deleted.has(id)) continue;
                const res = await t.v1('PUT', `/products/${id}`, { price: 5000 + pages });
                expect(res.statusCode, res.body).toBe(200);
                updated.add(id);
            }
        }
        if (writes === 'inserts' || writes === 'all') {
            for (let i = 0; i < 4; i++) {
                const res = await t.v1('POST', '/products', { name: `New ${++made}`, description: 'New', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 1 + pages });
                expect(res.statusCode, res.body).toBe(201);
                inserted++;
            }
        }
        expect(pages).toBeLessThan(200);
    }
    return { atStart, deleted, updated, seen, inserted };
}

/** Every row of the start not deleted is read once; nothing is read twice. */
function exactlyOnce({ atStart, deleted, seen }: Awaited<ReturnType<typeof walk>>) {
    const counts = new Map<number, number>();
    for (const { id } of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1), 'read twice').toEqual([]);
    const missing = atStart.filter((id) => !deleted.has(id) && !counts.has(id));
    expect(missing, 'never read').toEqual([]);
}

describe('syncing a list by cursor under concurrent writes', { timeout: 240_000 }, () => {
    for (const writes of ['deletes', 'updates', 'inserts', 'all'] as const) {
        it(`by id, ascending and descending, under ${writes}`, async () => {
            const t = await shop();
            for (const order of ['ASC', 'DESC']) {
                const done = await walk(t, `/api/v1/products?sort=${encodeURIComponent(JSON.stringify(['id', order]))}&range=[0,49]`, writes);
                exactlyOnce(done);
                const ids = done.seen.map(({ id }) => id);
                expect(ids).toEqual([...ids].sort((a, b) => (order === 'ASC' ? a - b : b - a)));
                if (writes !== 'updates') expect(done.deleted.size + done.inserted).toBeGreaterThan(0);
            }
        });
    }

    it('by updatedAt: a row changed during the walk comes again with its change, every other row once', async () => {
        const t = await shop();
        const done = await walk(t, `/api/v1/products?sort=${encodeURIComponent('["updatedAt","ASC"]')}&range=[0,49]`, 'all');
        const counts = new Map<number, Row[]>();
        for (const row of done.seen) counts.set(row.id, [...(counts.get(row.id) ?? []), row]);
        for (const [id, sightings] of counts) {
            if (sightings.length === 1) continue;
            expect(done.updated.has(id), `row ${id} read ${sightings.length} times, never updated`).toBe(true);
            expect(sightings.at(-1)!.updatedAt > sightings[0].updatedAt).toBe(true);
        }
        const missing = done.atStart.filter((id) => !done.deleted.has(id) && !counts.has(id));
        expect(missing).toEqual([]);
        // The newest version of every updated row not deleted is among what was read.
        for (const id of done.updated) if (!done.deleted.has(id)) expect(counts.get(id)!.at(-1)!.price).toBeGreaterThanOrEqual(5000);
    });

    it('reads what changed since a time, and the deletes since then from the activity log', async () => {
        const t = await shop();
        const since = nowIso();
        await new Promise((resolve) => setTimeout(resolve, 5));
        expect((await t.v1('PUT', '/products/7', { price: 77 })).statusCode).toBe(200);
        expect((await t.v1('PUT', '/products/700', { price: 70 })).statusCode).toBe(200);
        expect((await t.v1('DELETE', '/products/9')).statusCode).toBe(200);
        const changed = await t.v1('GET', `/products?filter=${encodeURIComponent(JSON.stringify({ updatedAt_gte: since }))}&sort=["updatedAt","ASC"]&range=[0,49]`);
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json().map((row: Row) => row.id)).toEqual([7, 700]);
        expect((await t.v1('GET', `/products?updatedAt_gte=${encodeURIComponent(since)}&range=[0,49]`)).json()).toHaveLength(2);
        const gone = await t.v1('GET', `/activity?filter=${encodeURIComponent(JSON.stringify({ entity: 'products', action: 'delete', updatedAt_gte: since }))}&range=[0,49]`);
        expect(gone.statusCode, gone.body).toBe(200);
        expect(gone.json().map((line: { record: number }) => line.record)).toEqual([9]);
        const bad = await t.v1('GET', '/products?updatedAt_gte=yesterday&range=[0,9]');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('Please give updatedAt_gte as an ISO time, such as 2026-11-29T07:00:00Z');
    });

    it('refuses a cursor it did not give, or one of another order, and gives none where a sort cannot follow one', async () => {
        const t = await shop();
        const first = await t.v1('GET', '/products?sort=["id","ASC"]&range=[0,49]');
        const next = nextOf(first.headers.link)!;
        expect(next).toMatch(/^\/api\/v1\/products\?sort=.*&limit=50&after=/);
        const after = new URL(next, 'http://x').searchParams.get('after')!;
        const other = await t.v1('GET', `/products?sort=["id","DESC"]&range=[0,49]&after=${after}`);
        expect(other.statusCode).toBe(400);
        expect(other.json().message).toBe('This cursor was made for a sort by id ASC, not id DESC');
        expect((await t.v1('GET', '/products?range=[0,49]&after=garbage')).statusCode).toBe(400);
        const byName = await t.v1('GET', '/products?sort=["name","ASC"]&range=[0,49]');
        expect(byName.headers.link).toBeUndefined();
        expect((await t.v1('GET', `/products?sort=["name","ASC"]&range=[0,49]&after=${after}`)).json().message).toBe('A cursor follows a sort by id, updatedAt, createdAt; this list is sorted by name');
        const last = await t.v1('GET', `/products?range=[${ROWS - 10},${ROWS + 39}]`);
        expect(last.headers.link).toBeUndefined();
    });
});
