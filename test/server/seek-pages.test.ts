import { describe, expect, it } from 'vitest';
import { totalCounts } from '../../server/engine/list';
import { SEEK_STEP, seekCounts } from '../../server/engine/seekPages';
import { nowIso } from '../../server/infra/time';
import { apples, catalogueBasics, type Call } from './catalogue';
import { form, makeApp, signIn } from './helpers';

// Deep pages are read by seeking from remembered page boundaries (server/engine/seekPages.ts). Every page of every
// sort, both ways, with and without a filter, must be exactly the slice of the whole list in the database's own
// order, before and after writes that move rows across the boundaries.

const ROWS = SEEK_STEP * 4 + 137;
const SORTS = ['id', 'name', 'price', 'stock', 'status', 'createdAt'];
const PER_PAGE = 100;

type Row = { id: number };

/** A shop whose lists keep no answer, so every page is read from the database. */
async function shop() {
    const t = await makeApp({ listKeptRows: 0 });
    const headers = await signIn(t);
    const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
    await catalogueBasics(call);
    const now = Date.parse(nowIso());
    const products = Array.from({ length: ROWS }, (_, i) => ({
        name: `Product ${String((i * 37) % ROWS).padStart(4, '0')}`,
        description: 'Packed fresh',
        categoryId: (i % 3) + 1 > 2 ? 2 : 1,
        subcategoryId: (i % 3) + 1 > 2 ? 2 : 1,
        attributeId: 1,
        gstId: 1,
        price: 1000 + ((i * 7919) % 500) * 10,
        stock: i % 7 === 0 ? null : (i * 13) % 90, // a run without stock, and many ties
        status: i % 10 === 0 ? 0 : 1,
        createdAt: new Date(now - (i % 400) * 60_000).toISOString(),
        updatedAt: nowIso(),
    }));
    for (let first = 0; first < products.length; first += 500) {
        await t.app.db.insertInto('products').values(products.slice(first, first + 500)).execute();
    }
    return { ...t, call };
}

const ids = async (call: Call, url: string) => {
    const res = await call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json() as Row[]).map((row) => row.id), total: Number(res.headers['x-total-count'] ?? res.headers['content-range']?.toString().split('/')[1]) };
};

/**
 * Every page of one list against the slice of the whole list in the database's order, read until the list seeks
 * (its boundaries are read after some deep pages, beside the requests) and then once more.
 */
async function checkEveryPage(call: Call, sort: string, order: 'ASC' | 'DESC', filter = '') {
    const sought = seekCounts.sought;
    for (let pass = 0; pass < 20 && seekCounts.sought === sought; pass++) {
        await readEveryPage(call, sort, order, filter);
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seekCounts.sought, `${sort} ${order}${filter} never sought`).toBeGreaterThan(sought);
    return readEveryPage(call, sort, order, filter);
}

async function readEveryPage(call: Call, sort: string, order: 'ASC' | 'DESC', filter: string) {
    const whole = await ids(call, `/api/products?sort=${sort}&order=${order}${filter}`);
    expect(whole.ids.length).toBe(whole.total);
    for (let page = 1; (page - 1) * PER_PAGE < whole.total + PER_PAGE; page++) {
        const got = await ids(call, `/api/products?page=${page}&perPage=${PER_PAGE}&sort=${sort}&order=${order}${filter}`);
        expect(got.ids, `${sort} ${order}${filter} page ${page}`).toEqual(whole.ids.slice((page - 1) * PER_PAGE, page * PER_PAGE));
        expect(got.total).toBe(whole.total);
    }
    // Ranges that start anywhere, as react-admin's stock dialect asks.
    for (const start of [SEEK_STEP - 1, SEEK_STEP, SEEK_STEP + 1, 2 * SEEK_STEP + 37, whole.total - 3, whole.total + 5]) {
        const range = encodeURIComponent(`[${start},${start + 74}]`);
        const sortParam = encodeURIComponent(JSON.stringify([sort, order]));
        const filterParam = encodeURIComponent(JSON.stringify(filter ? Object.fromEntries([filter.slice(1).split('=')]) : {}));
        const res = await call('GET', `/api/products?sort=${sortParam}&range=${range}&filter=${filterParam}`);
        expect(res.statusCode).toBe(200);
        expect((res.json() as Row[]).map((row) => row.id), `${sort} ${order}${filter} from ${start}`).toEqual(whole.ids.slice(start, start + 75));
    }
    return whole;
}

describe('deep pages', () => {
    it('are the slices of the whole list in every sort, both ways, filtered or not', async () => {
        const { call } = await shop();
        for (const sort of SORTS) {
            for (const order of ['ASC', 'DESC'] as const) {
                await checkEveryPage(call, sort, order);
                if (sort === 'name' || sort === 'stock') await checkEveryPage(call, sort, order, '&categoryId=1');
            }
        }
    }, 240_000);

    it('stay exact after writes that move rows past the boundaries, at once', async () => {
        const { call, app } = await shop();
        for (const sort of ['stock', 'price', 'name']) await checkEveryPage(call, sort, 'ASC');

        // A new row at the very start of each order, one without stock, a deleted row, a moved price.
        const created = await call('POST', '/api/products', form({ ...apples, name: 'AAA First', price: '1.00', stock: '0' }));
        expect(created.statusCode, created.body).toBe(201);
        await app.db.updateTable('products').set({ stock: null }).where('id', '=', 2).execute();
        expect((await call('DELETE', '/api/products/3')).statusCode).toBe(200);
        expect((await call('POST', '/api/products/4', form({ price: '99999.00' }))).statusCode).toBe(200);

        for (const sort of ['stock', 'price', 'name']) {
            for (const order of ['ASC', 'DESC'] as const) {
                const whole = await checkEveryPage(call, sort, order);
                expect(whole.total).toBe(ROWS);
            }
        }
    }, 240_000);

    it('keep their boundaries and totals through writes to other columns, and read them again after writes to theirs', async () => {
        const { call, app } = await shop();
        await checkEveryPage(call, 'name', 'ASC');
        await checkEveryPage(call, 'name', 'ASC', '&categoryId=1');
        const reads = seekCounts.read;
        const recounted = totalCounts.recounted;

        // Price and stock move, through the API and straight in the database: the name order and the categories stand.
        expect((await call('POST', '/api/products/5', form({ price: '12.34', stock: '7' }))).statusCode).toBe(200);
        await app.db.updateTable('products').set({ price: 777 }).where('id', '<', 50).execute();
        const sought = seekCounts.sought;
        await readEveryPage(call, 'name', 'ASC', '');
        await readEveryPage(call, 'name', 'ASC', '&categoryId=1');
        expect(seekCounts.sought, 'deep pages seek at once, from the boundaries read before').toBeGreaterThan(sought);
        expect(seekCounts.read).toBe(reads);
        expect(totalCounts.recounted).toBe(recounted);

        // A name and a category move: those lists read their boundaries and totals again, and stay exact.
        await app.db.updateTable('products').set({ name: 'AAA Renamed' }).where('id', '=', 700).execute();
        await app.db.updateTable('products').set({ categoryId: 2, subcategoryId: 2 }).where('id', '=', 1).execute();
        const inCategory = await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('categoryId', '=', 1).executeTakeFirstOrThrow();
        expect((await checkEveryPage(call, 'name', 'ASC')).total).toBe(ROWS);
        expect((await checkEveryPage(call, 'name', 'ASC', '&categoryId=1')).total).toBe(Number(inCategory.n));
        expect(seekCounts.read).toBeGreaterThanOrEqual(reads + 2);
        expect(totalCounts.recounted).toBeGreaterThan(recounted);

        // A new row moves every order.
        expect((await call('POST', '/api/products', form({ ...apples, name: 'Zucchini' }))).statusCode).toBe(201);
        const before = seekCounts.read;
        expect((await checkEveryPage(call, 'price', 'DESC')).total).toBe(ROWS + 1);
        expect((await checkEveryPage(call, 'name', 'ASC')).total).toBe(ROWS + 1);
        expect(seekCounts.read).toBeGreaterThanOrEqual(before + 2);
    }, 240_000);
});
