import { expect } from 'vitest';
import type { Config } from '../../server/config';
import { keptOrderCounts } from '../../server/engine/list/cache/keptOrders';
import { SEEK_STEP } from '../../server/engine/list/cache/seekPages';
import { nowIso } from '../../server/infra/time';
import { catalogueBasics, type Call } from './catalogue';
import { makeApp, signIn } from './helpers';

// A catalogue of a few thousand products with runs of ties and rows without a value, for the tests of deep pages
// (seek-pages, kept-orders): every page must be the slice of the whole list in the database's own order.

export const ROWS = SEEK_STEP * 4 + 137;
export const SORTS = ['id', 'name', 'price', 'stock', 'status', 'createdAt'];
export const PER_PAGE = 100;

type Row = { id: number };

/**
 * A shop of ROWS products whose lists keep no answer, so every page is read afresh through the rest of the cache
 * layer: the tests that use it count what the layer keeps, so it is on whatever LIST_CACHE says.
 */
export async function manyProducts(overrides: Partial<Config>) {
    const t = await makeApp({ listCache: true, listKeptRows: 0, ...overrides });
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
        stock: i % 7 === 0 ? null : ((i * 13) % 90) * 1000, // thousandths of a piece // a run without stock, and many ties
        status: i % 10 === 0 ? 0 : 1,
        createdAt: new Date(now - (i % 400) * 60_000).toISOString(),
        updatedAt: nowIso(),
    }));
    for (let first = 0; first < products.length; first += 500) {
        await t.app.db.insertInto('products').values(products.slice(first, first + 500)).execute();
    }
    return { ...t, call, headers };
}

export const ids = async (call: Call, url: string) => {
    const res = await call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json() as Row[]).map((row) => row.id), total: Number(res.headers['x-total-count'] ?? res.headers['content-range']?.toString().split('/')[1]) };
};

/** Every page of one list, and ranges that start anywhere, against the slice of the whole list; the whole list. */
export async function readEveryPage(call: Call, sort: string, order: 'ASC' | 'DESC', filter: string) {
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
        const filterParam = encodeURIComponent(JSON.stringify(Object.fromEntries(new URLSearchParams(filter))));
        const res = await call('GET', `/api/products?sort=${sortParam}&range=${range}&filter=${filterParam}`);
        expect(res.statusCode).toBe(200);
        expect((res.json() as Row[]).map((row) => row.id), `${sort} ${order}${filter} from ${start}`).toEqual(whole.ids.slice(start, start + 75));
    }
    return whole;
}


/** Pages until the list answers from its order in memory (keptOrders.ts), then every page once more; the whole list. */
export async function checkFromMemory(call: Call, sort: string, order: 'ASC' | 'DESC', filter = '') {
    const served = keptOrderCounts.served;
    for (let pass = 0; pass < 20 && keptOrderCounts.served === served; pass++) {
        await readEveryPage(call, sort, order, filter);
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(keptOrderCounts.served, `${sort} ${order}${filter} never answered from memory`).toBeGreaterThan(served);
    return readEveryPage(call, sort, order, filter);
}
