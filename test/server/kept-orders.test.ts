import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keptOrderCounts } from '../../server/engine/list/cache/keptOrders';
import { seekCounts } from '../../server/engine/list/cache/seekPages';
import { apples } from './catalogue';
import { form } from './helpers';
import { checkFromMemory, ids, manyProducts, PER_PAGE, readEveryPage, ROWS } from './manyProducts';

// A list read deeply at rest keeps its whole order, and its table's row versions, in memory
// (server/engine/list/cache/keptOrders.ts): every page is then the same slice of the whole list, in every sort both ways and
// filtered, and a write is seen at once, the order and versions read again only once enough pages ask.

describe('lists kept whole in memory', () => {
    it('answer every page of every sort, both ways, filtered or not, as the database orders it', async () => {
        const { call } = await manyProducts({});
        const [orders, versions] = [keptOrderCounts.ordersRead, keptOrderCounts.versionsRead];
        for (const sort of ['name', 'price', 'stock', 'createdAt']) {
            for (const order of ['ASC', 'DESC'] as const) await checkFromMemory(call, sort, order);
        }
        await checkFromMemory(call, 'stock', 'DESC', '&categoryId=1');
        // Up and down share one order; the unfiltered lists share the table's versions.
        expect(keptOrderCounts.ordersRead - orders).toBe(5);
        expect(keptOrderCounts.versionsRead - versions).toBe(1);
    }, 240_000);

    it('show a write at once, and read the order again only when the write moves it', async () => {
        const { call, app } = await manyProducts({});
        await checkFromMemory(call, 'name', 'ASC');
        const ordersRead = keptOrderCounts.ordersRead;

        // Stock moves: the name order stands, and the page shows the new stock at once (the versions moved).
        const row = (await ids(call, `/api/products?page=7&perPage=${PER_PAGE}&sort=name&order=ASC`)).ids[3];
        expect((await call('POST', `/api/products/${row}`, form({ stock: '4321' }))).statusCode).toBe(200);
        const served = keptOrderCounts.served;
        const page = await call('GET', `/api/products?page=7&perPage=${PER_PAGE}&sort=name&order=ASC`);
        expect((page.json() as Array<{ id: number; stock: number }>).find(({ id }) => id === row)?.stock).toBe(4321);
        expect(keptOrderCounts.served).toBe(served + 1);
        expect(keptOrderCounts.ordersRead).toBe(ordersRead);

        // A rename, a new row, a deleted row, straight in the database and through the API: never a stale page.
        await app.db.updateTable('products').set({ name: 'AAA Renamed' }).where('id', '=', 700).execute();
        expect((await call('POST', '/api/products', form({ ...apples, name: 'Zucchini' }))).statusCode).toBe(201);
        expect((await call('DELETE', '/api/products/3')).statusCode).toBe(200);
        const whole = await checkFromMemory(call, 'name', 'ASC');
        expect(whole.total).toBe(ROWS);
        expect(whole.ids[0]).toBe(700);
        expect(keptOrderCounts.ordersRead).toBeGreaterThan(ordersRead);
    }, 240_000);

    it('place a write in memory in an order by a number: a new price, no stock, a new row, a deleted row', async () => {
        const { call, app } = await manyProducts({});
        await checkFromMemory(call, 'stock', 'ASC');
        await checkFromMemory(call, 'price', 'DESC');
        const [read, updated] = [keptOrderCounts.ordersRead, keptOrderCounts.ordersUpdated];

        const { ids: byStock } = await ids(call, `/api/products?page=3&perPage=${PER_PAGE}&sort=stock&order=ASC`);
        expect((await call('POST', `/api/products/${byStock[10]}`, form({ stock: '' }))).statusCode).toBe(200);
        expect((await call('POST', `/api/products/${byStock[20]}`, form({ stock: '0', price: '99999' }))).statusCode).toBe(200);
        await app.db.updateTable('products').set({ price: 1000 }).where('id', '=', byStock[30]).execute();
        expect((await call('POST', '/api/products', form({ ...apples, name: 'Zucchini', stock: '45' }))).statusCode).toBe(201);
        expect((await call('DELETE', `/api/products/${byStock[40]}`)).statusCode).toBe(200);

        for (const [sort, order] of [['stock', 'ASC'], ['price', 'DESC']] as const) {
            // The first page after the writes starts the update and waits for it; then every page comes from memory.
            const [served, waited] = [keptOrderCounts.served, keptOrderCounts.waited];
            await ids(call, `/api/products?page=1&perPage=${PER_PAGE}&sort=${sort}&order=${order}`);
            expect([keptOrderCounts.served - served, keptOrderCounts.waited - waited]).toEqual([1, 1]);
            const whole = await readEveryPage(call, sort, order, '');
            expect(keptOrderCounts.served - served, `${sort} ${order} from memory`).toBeGreaterThan(20);
            expect(whole.total).toBe(ROWS);
        }
        expect(keptOrderCounts.ordersRead, 'no order read whole again').toBe(read);
        expect(keptOrderCounts.ordersUpdated - updated).toBe(2);
    }, 240_000);

    it('bring their row versions up to date after a write, by the rows written since, writers still open included', async () => {
        const { call, app } = await manyProducts({});
        await checkFromMemory(call, 'name', 'ASC');
        const url = `/api/products?page=7&perPage=${PER_PAGE}&sort=name&order=ASC`;
        const [first, second] = (await ids(call, url)).ids;
        const stockOf = async (id: number) => ((await call('GET', url)).json() as Array<{ id: number; stock: number }>).find((row) => row.id === id)?.stock;
        const settled = async () => {
            // The write moved the table's version: another page starts the update (this one would read its moved
            // rows' records again, by their versions looked up, and hide a row the update missed).
            await call('GET', `/api/products?page=1&perPage=${PER_PAGE}&sort=name&order=ASC`);
            await new Promise((resolve) => setTimeout(resolve, 50));
        };
        const [read, updated] = [keptOrderCounts.versionsRead, keptOrderCounts.versionsUpdated];

        expect((await call('POST', `/api/products/${first}`, form({ stock: '4321' }))).statusCode).toBe(200);
        // On PostgreSQL, a writer still open as the versions are brought up to date, committed after: its row must
        // be read the next time, though its transaction began before (a counter given at write time would miss it).
        const writeSecond = (db: typeof app.db) => db.updateTable('products').set({ stock: 55_000 }).where('id', '=', second).execute();
        if (app.dbKind === 'postgres') {
            await app.db.transaction().execute(async (trx) => {
                await writeSecond(trx);
                // A transaction begun and done after it: the writer is then below the snapshot's horizon, not at it.
                await sql`select pg_current_xact_id()`.execute(app.db);
                await settled();
                expect(await stockOf(first)).toBe(4321);
            });
        } else {
            await settled();
            expect(await stockOf(first)).toBe(4321);
            await writeSecond(app.db);
        }
        await settled();
        const served = keptOrderCounts.served;
        expect(await stockOf(second)).toBe(55);
        expect(keptOrderCounts.served).toBe(served + 1);
        expect(keptOrderCounts.versionsUpdated - updated).toBeGreaterThanOrEqual(2);
        expect(keptOrderCounts.versionsRead).toBe(read);
    }, 240_000);

    it('answer the same pages when no record is kept (LIST_KEPT_RECORDS_MB=0), each page read whole by its ids', async () => {
        const { call } = await manyProducts({ listKeptRecordsMb: 0 });
        await checkFromMemory(call, 'price', 'DESC');
        await checkFromMemory(call, 'name', 'ASC', '&categoryId=1');
    }, 240_000);

    it('are left to the seeks beyond their budget, and when turned off', async () => {
        for (const listKeptOrderRows of [0, ROWS * 3]) {
            const { call } = await manyProducts({ listKeptOrderRows });
            const [served, sought] = [keptOrderCounts.served, seekCounts.sought];
            for (let pass = 0; pass < 3; pass++) await readEveryPage(call, 'price', 'ASC', '');
            expect(keptOrderCounts.served).toBe(served);
            expect(seekCounts.sought).toBeGreaterThan(sought);
        }
    }, 240_000);
});
