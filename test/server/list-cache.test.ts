import { describe, expect, it } from 'vitest';
import { ROLE } from '../../schema/access';
import { versionReads } from '../../server/engine/list/cache/keptAnswers';
import { totalCounts } from '../../server/engine/list/cache/keptTotals';
import { nowIso } from '../../server/infra/time';
import type { Config } from '../../server/config';
import { adminApp, apples, catalogueBasics, type Call } from './catalogue';
import { createUser, form, makeApp, PNG, signIn } from './helpers';

// List answers are kept while the tables they show stand still (server/engine/list/cache/keptAnswers.ts). These tests
// read a page, change what it shows in every way there is, and read the same page again at once.

type Product = { id: number; name: string; status: number; categoryName: string; images: string[] };

const PAGE = '/api/products?page=1&perPage=50&sort=id&order=ASC';
const STOCK = `/api/products?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,49]')}&filter=${encodeURIComponent('{}')}`;

async function shop(overrides: Partial<Config> = {}) {
    const t = await adminApp(overrides);
    await catalogueBasics(t.call);
    for (const name of ['Apples', 'Bananas', 'Cherries']) {
        const res = await t.call('POST', '/api/products', form({ ...apples, name, images: PNG }));
        if (res.statusCode !== 201) throw new Error(res.body);
    }
    /** The page, read twice: the second read is the kept answer and must be the same bytes. */
    const page = async () => {
        const first = await t.call('GET', PAGE);
        expect(first.statusCode).toBe(200);
        const again = await t.call('GET', PAGE);
        expect(again.body).toBe(first.body);
        expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
        return { rows: first.json() as Product[], total: Number(first.headers['x-total-count']) };
    };
    return { ...t, page };
}

describe('kept list answers', () => {
    it('show every write at once: create, update, toggle, delete, bulk, gallery, a shown name, another writer', async () => {
        const t = await shop();
        const before = await t.page();
        expect(before.rows.map((row) => row.name)).toEqual(['Apples', 'Bananas', 'Cherries']);
        expect(before.total).toBe(3);

        const created = await t.call('POST', '/api/products', form({ ...apples, name: 'Dates', images: PNG }));
        expect(created.statusCode).toBe(201);
        const id = created.json().data.id as number;
        expect((await t.page()).rows.map((row) => row.name)).toEqual(['Apples', 'Bananas', 'Cherries', 'Dates']);

        expect((await t.call('POST', `/api/products/${id}`, form({ name: 'Dried Dates' }))).statusCode).toBe(200);
        expect((await t.page()).rows.find((row) => row.id === id)?.name).toBe('Dried Dates');

        expect((await t.call('POST', `/api/products/toggleProductStatus/${id}`, { newStatus: 0 })).statusCode).toBe(200);
        expect((await t.page()).rows.find((row) => row.id === id)?.status).toBe(0);

        // The gallery is its own table: adding an image changes the page too.
        const images = (await t.page()).rows.find((row) => row.id === id)!.images.length;
        expect((await t.call('POST', `/api/products/${id}`, form({ images: PNG }))).statusCode).toBe(200);
        expect((await t.page()).rows.find((row) => row.id === id)!.images).toHaveLength(images + 1);

        // So is the category whose name each row shows.
        expect((await t.call('POST', '/api/categories/1', { name: 'Fresh Produce' })).statusCode).toBe(200);
        expect((await t.page()).rows.every((row) => row.categoryName === 'Fresh Produce')).toBe(true);

        const bulk = await t.call('POST', '/api/products/bulk', { action: 'deactivate', ids: [1, 2] });
        expect(bulk.statusCode).toBe(200);
        expect((await t.page()).rows.filter((row) => row.status === 0).map((row) => row.id)).toEqual([1, 2, id]);
        expect((await t.call('POST', '/api/products/bulk', { action: 'delete', ids: [1, 2] })).statusCode).toBe(200);
        expect((await t.page()).rows.map((row) => row.id)).toEqual([3, id]);

        expect((await t.call('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
        const after = await t.page();
        expect(after.rows.map((row) => row.name)).toEqual(['Cherries']);
        expect(after.total).toBe(1);

        // A writer that is not this app (a script, another server on the same database) is seen as well.
        const now = nowIso();
        await t.app.db
            .insertInto('products')
            .values({ name: 'Elderberries', description: 'From elsewhere', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 9900, status: 1, createdAt: now, updatedAt: now })
            .execute();
        expect((await t.page()).rows.map((row) => row.name)).toEqual(['Cherries', 'Elderberries']);
        await t.app.db.updateTable('categories').set({ name: 'Orchard' }).where('id', '=', 1).execute();
        expect((await t.page()).rows.map((row) => row.categoryName)).toEqual(['Orchard', 'Orchard']);
        // A gallery row alone, the product's own row untouched.
        await t.app.db.insertInto('productImages').values({ productId: 3, image: '/uploads/elsewhere.png', position: 99 }).execute();
        expect((await t.page()).rows.find((row) => row.id === 3)!.images).toContain('/uploads/elsewhere.png');
    });

    it('answers each dialect in its own form from the same kept rows', async () => {
        const t = await shop();
        for (let round = 0; round < 2; round++) {
            const legacy = await t.call('GET', PAGE);
            const stock = await t.call('GET', STOCK);
            expect(legacy.headers['content-range']).toBeUndefined();
            expect(stock.headers['content-range']).toBe('items 0-2/3');
            expect(stock.body).toBe(legacy.body);
        }
        // An entity with the legacy envelope: `{"success":true,"data":[…]}` by name, a bare array in the stock dialect.
        expect((await t.call('POST', '/api/add-Pagecategory', { name: 'Help' })).statusCode).toBe(201);
        const paged = '/api/get-Pagecategory?page=1&perPage=10';
        const ranged = `/api/get-Pagecategory?range=${encodeURIComponent('[0,9]')}`;
        for (let round = 0; round < 2; round++) {
            const legacy = await t.call('GET', paged);
            const stock = await t.call('GET', ranged);
            expect(legacy.json()).toMatchObject({ success: true, data: [{ name: 'Help' }] });
            expect(stock.json()).toMatchObject([{ name: 'Help' }]);
            expect(legacy.body).toBe(`{"success":true,"data":${stock.body}}`);
        }
    });

    it('gives every caller the answer their role may read, and none to a role that may not', async () => {
        const t = await shop();
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        const customer = await signIn(t, 'customer@shop.test', ROLE.customer);
        const admin = await t.app.inject({ url: PAGE, headers: t.headers });
        const asSeller = await t.app.inject({ url: PAGE, headers: seller });
        expect(asSeller.statusCode).toBe(200);
        expect(asSeller.body).toBe(admin.body);
        // Kept or not, a customer never reads the staff's list, nor anyone without a session.
        expect((await t.app.inject({ url: PAGE, headers: customer })).statusCode).toBe(403);
        expect((await t.app.inject({ url: PAGE })).statusCode).toBe(401);
        // The activity log is for administrators only: a seller is refused the page an administrator just read.
        expect((await t.app.inject({ url: '/api/activity?page=1&perPage=10', headers: t.headers })).statusCode).toBe(200);
        expect((await t.app.inject({ url: '/api/activity?page=1&perPage=10', headers: seller })).statusCode).toBe(403);
    });

    it('refuses a signed-out, disabled or demoted session at the very next request', async () => {
        const t = await makeApp({ listCache: true }); // counts the layer's own reads: the layer on, whatever LIST_CACHE says
        const admin = await signIn(t);
        const call = (headers: Record<string, string>) => t.app.inject({ url: PAGE, headers });

        const leaving = await signIn(t, 'leaving@shop.test', ROLE.seller);
        expect((await call(leaving)).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: '/api/userlogout', headers: leaving })).statusCode).toBe(200);
        expect((await call(leaving)).statusCode).toBe(401);

        const disabled = await signIn(t, 'disabled@shop.test', ROLE.seller);
        const { id: disabledId } = await t.app.db.selectFrom('users').select('id').where('email', '=', 'disabled@shop.test').executeTakeFirstOrThrow();
        expect((await call(disabled)).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: `/api/users/${disabledId}/toggle-status`, headers: admin, payload: { status: 0 } })).statusCode).toBe(200);
        expect((await call(disabled)).statusCode).toBe(401);

        // Disabled by another writer (straight in the database): refused at once too.
        const other = await signIn(t, 'other@shop.test', ROLE.seller);
        expect((await call(other)).statusCode).toBe(200);
        await t.app.db.updateTable('users').set({ status: 0 }).where('email', '=', 'other@shop.test').execute();
        expect((await call(other)).statusCode).toBe(401);

        const demoted = await signIn(t, 'demoted@shop.test', ROLE.seller);
        const { id: demotedId } = await t.app.db.selectFrom('users').select('id').where('email', '=', 'demoted@shop.test').executeTakeFirstOrThrow();
        expect((await call(demoted)).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: `/api/users/${demotedId}/role`, headers: admin, payload: { roleId: ROLE.customer } })).statusCode).toBe(200);
        expect([401, 403]).toContain((await call(demoted)).statusCode);
        // And a role changed straight in the database counts at the next request as well.
        const promoted = await createUser(t.app, 'customer2@shop.test', ROLE.customer);
        const customer = await signIn(t, 'customer2@shop.test', ROLE.customer);
        expect((await call(customer)).statusCode).toBe(403);
        await t.app.db.updateTable('users').set({ roleId: ROLE.seller }).where('id', '=', promoted.id).execute();
        expect((await call(customer)).statusCode).toBe(200);
    });

    it("start a page's versions read with the session lookup, and none for a caller who shows no token", async () => {
        const t = await shop({ listCache: true }); // counts the layer's own reads
        const before = { ...versionReads };
        const read = await t.call('GET', PAGE);
        expect(read.statusCode).toBe(200);
        expect(versionReads.ahead - before.ahead).toBe(1);
        expect(versionReads.onArrival - before.onArrival).toBe(0);
        // Turned away without a read; a token that opens no session is turned away too, its read unused.
        expect((await t.app.inject({ url: PAGE })).statusCode).toBe(401);
        expect(versionReads.ahead - before.ahead).toBe(1);
        expect((await t.app.inject({ url: PAGE, headers: { authorization: 'Bearer not-a-session' } })).statusCode).toBe(401);
        expect(versionReads.ahead - before.ahead).toBe(2);
        // A write that lands between two requests is in the second's answer: its read went out after it arrived.
        expect((await t.call('POST', '/api/products', form({ ...apples, name: 'Dates' }))).statusCode).toBe(201);
        const again = await t.call('GET', PAGE);
        expect((again.json() as Product[]).map((row) => row.name)).toContain('Dates');
        expect(versionReads.onArrival - before.onArrival).toBe(0);
    });

    it('count a total once after a write, however many requests find it moved at once, and count it right', async () => {
        const t = await makeApp({ listCache: true, listKeptRows: 0 }); // counts the layer's own reads
        const headers = await signIn(t);
        const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
        await catalogueBasics(call);
        for (const name of ['Apples', 'Bananas', 'Cherries']) expect((await call('POST', '/api/products', { ...apples, name })).statusCode).toBe(201);
        const pages = () => Promise.all(Array.from({ length: 20 }, (_, i) => call('GET', `/api/products?page=${i + 1}&perPage=1`)));
        await pages();

        const before = totalCounts.recounted;
        expect((await call('POST', '/api/products', { ...apples, name: 'Dates' })).statusCode).toBe(201);
        const after = await pages();
        expect(totalCounts.recounted - before).toBe(1);
        expect(after.map((res) => res.headers['x-total-count'])).toEqual(Array(20).fill('4'));
        expect(after.slice(0, 4).map((res) => (res.json() as { products?: Product[] }).products?.[0]?.name ?? (res.json() as Product[])[0]?.name)).toEqual(['Apples', 'Bananas', 'Cherries', 'Dates']);
    });

    it('check a kept total against the versions the page read first, without a read of their own, and still see every write', async () => {
        const t = await makeApp({ listCache: true, listKeptRows: 0 }); // counts the layer's own reads
        const headers = await signIn(t);
        const call: Call = (method, url, payload) => t.app.inject({ method, url, headers, payload });
        await catalogueBasics(call);
        const ids: number[] = [];
        for (const name of ['Apples', 'Bananas', 'Cherries']) ids.push((await call('POST', '/api/products', { ...apples, name })).json().data.id as number);
        const totals = async (filter = '') => {
            const pages = await Promise.all(Array.from({ length: 5 }, (_, i) => call('GET', `/api/products?page=${i + 1}&perPage=1&sort=price${filter}`)));
            return pages.map((res) => res.headers['x-total-count']);
        };
        await totals();
        await totals('&status=1');

        const before = totalCounts.ownVersionReads;
        expect(await totals()).toEqual(Array(5).fill('3'));
        // A price write moves the price order's boundaries, not the totals; a status write moves the status filter's.
        const priced = await call('POST', `/api/products/${ids[0]}`, form({ price: '150.00' }));
        expect(priced.statusCode, priced.body).toBe(200);
        expect(await totals()).toEqual(Array(5).fill('3'));
        expect((await call('POST', `/api/products/toggleProductStatus/${ids[1]}`, { newStatus: 0 })).statusCode).toBe(200);
        expect(await totals('&status=1')).toEqual(Array(5).fill('2'));
        expect((await call('POST', '/api/products', { ...apples, name: 'Dates' })).statusCode).toBe(201);
        expect(await totals()).toEqual(Array(5).fill('4'));
        expect(await totals('&status=1')).toEqual(Array(5).fill('3'));
        expect(totalCounts.ownVersionReads - before).toBe(0);
    });
});
