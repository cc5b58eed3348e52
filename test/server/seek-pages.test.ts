import { describe, expect, it } from 'vitest';
import { totalCounts } from '../../server/engine/list/cache/keptTotals';
import { seekCounts } from '../../server/engine/list/cache/seekPages';
import { apples, type Call } from './catalogue';
import { form } from './helpers';
import { manyProducts, readEveryPage, ROWS, SORTS } from './manyProducts';

// Deep pages are read by seeking from remembered page boundaries (server/engine/list/cache/seekPages.ts). Every page of every
// sort, both ways, with and without a filter, must be exactly the slice of the whole list in the database's own
// order, before and after writes that move rows across the boundaries.

/** A shop whose lists keep no whole order (keptOrders.ts), so every deep page seeks. */
const shop = () => manyProducts({ listKeptOrderRows: 0 });

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
