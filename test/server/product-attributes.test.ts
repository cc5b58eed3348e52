import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../schema/products';
import { exportCsv } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';
import { form, PNG } from './helpers';
import { down, up } from '../../server/db/migrations/2026-11-29-1701-product-attributes';
import { adminApp, apples, catalogueBasics, type Call } from './catalogue';

// A product carries a set of attribute values (brand, pack, diet), read and written as `attributeIds` by the legacy
// paths and /api/v1 alike, kept in a table of its own; the single legacy `attributeId` stays in step with it.

/** The basics plus attributes 2 (Brand: Aashirvaad), 3 (Pack: 1 kg) and 4 (Diet: Veg). */
async function withAttributes() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    for (const [name, value] of [['Brand', 'Aashirvaad'], ['Pack', '1 kg'], ['Diet', 'Veg']]) {
        const made = await t.call('POST', '/api/attribute', { name, value });
        expect(made.statusCode, made.body).toBe(201);
    }
    return t;
}

const v1 = (t: Awaited<ReturnType<typeof adminApp>>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: t.headers, payload });

const idsOf = async (call: Call, url: string) => (await call('GET', url)).json().map((p: { id: number }) => p.id);

describe("a product's attributes", () => {
    afterEach(() => vi.unstubAllGlobals());

    it('go out in the CSV export as their names, separated by semicolons, and come back in by them', async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        await t.call('POST', '/api/products', { ...body, attributeIds: [2, 4], sku: 'ATTA-1' });
        const records = (await t.call('GET', '/api/products')).json();
        const attributes = Object.fromEntries((await t.call('GET', '/api/attribute')).json().map((a: { id: number }) => [a.id, a]));
        const gst = Object.fromEntries((await t.call('GET', '/api/gst')).json().map((g: { id: number }) => [g.id, g]));
        const { translate } = polyglotI18nProvider(() => en as never, 'en', [{ locale: 'en', name: 'en' }], { allowMissing: true });
        const csv = exportCsv(products, translate, records, { attributeId: attributes, attributeIds: attributes, gstId: gst });
        expect(csv).toContain('Brand: Aashirvaad; Diet: Veg');
        // The same row as a new product, its set changed in the spreadsheet.
        const edited = csv.replace('ATTA-1', 'ATTA-2').replace('Shimla Apples 1 kg', 'Kinnaur Apples').replace('Brand: Aashirvaad; Diet: Veg', 'pack: 1 KG;Diet: Veg');
        const headers = { ...t.headers, 'content-type': 'text/csv' };
        const res = await t.app.inject({ method: 'POST', url: '/api/products/import', headers, payload: edited });
        expect(res.json(), res.body).toMatchObject({ accepted: 1, refused: 0 });
        // The file's single Attribute column still says Brand: Aashirvaad, which joins the set.
        expect((await t.call('GET', '/api/products/2')).json()).toMatchObject({ sku: 'ATTA-2', attributeId: 2, attributeIds: [2, 3, 4] });
        const wrong = await t.app.inject({ method: 'POST', url: '/api/products/import?dryRun=true', headers, payload: edited.replace('ATTA-2', 'ATTA-3').replace('Kinnaur', 'Ooty').replace('pack: 1 KG', 'Brand: Nobody') });
        expect(wrong.json().rows[0].errors).toEqual({ attributeIds: "There is no attribute named 'Brand: Nobody'" });
    });

    it('takes several on create as a JSON list, answers them ascending everywhere, and keeps the first as the single one', async () => {
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        const created = await t.call('POST', '/api/products', { ...body, attributeIds: [4, 2, 3, 2] });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().data).toMatchObject({ attributeIds: [2, 3, 4], attributeId: 2 });
        expect((await t.call('GET', '/api/products/1')).json().attributeIds).toEqual([2, 3, 4]);
        // The list is written by the database as JSON text: the same ids there.
        expect((await t.call('GET', '/api/products')).json()[0].attributeIds).toEqual([2, 3, 4]);
        expect((await t.call('GET', '/api/products?page=1&perPage=10')).json()[0].attributeIds).toEqual([2, 3, 4]);
        expect((await v1(t, 'GET', '/products/1')).json().attributeIds).toEqual([2, 3, 4]);
        expect((await v1(t, 'GET', '/products')).json()[0].attributeIds).toEqual([2, 3, 4]);
    });

    it('takes them from a form as repeated parts or as one text with commas, and an empty text empties the set', async () => {
        const t = await withAttributes();
        const repeated = await t.call('POST', '/api/products', form({ ...apples, attributeIds: ['3', '4'] }));
        expect(repeated.statusCode, repeated.body).toBe(201);
        // The legacy single attribute sent beside the set joins it.
        expect(repeated.json().data).toMatchObject({ attributeId: 1, attributeIds: [1, 3, 4] });
        const commas = await t.call('POST', '/api/products/1', form({ attributeIds: '2, 4' }));
        expect(commas.statusCode, commas.body).toBe(200);
        // The single one is no longer in the set: the set's first takes its place.
        expect(commas.json().data).toMatchObject({ attributeIds: [2, 4], attributeId: 2 });
        const emptied = await t.call('POST', '/api/products/1', form({ attributeIds: '' }));
        expect(emptied.statusCode, emptied.body).toBe(200);
        expect(emptied.json().data).toMatchObject({ attributeIds: [], attributeId: null });
    });

    it('answers the legacy calls as before: a legacy create has its one attribute in the set, a legacy edit swaps it', async () => {
        const t = await withAttributes();
        const created = await t.call('POST', '/api/products', form(apples));
        expect(created.json().data).toMatchObject({ attributeId: 1, attributeIds: [1] });
        await t.call('POST', '/api/products/1', { attributeIds: [1, 3] });
        const swapped = await t.call('POST', '/api/products/1', form({ attributeId: '4' }));
        expect(swapped.statusCode, swapped.body).toBe(200);
        expect(swapped.json().data).toMatchObject({ attributeId: 4, attributeIds: [3, 4] });
        // An update that names neither leaves both alone.
        const renamed = await t.call('POST', '/api/products/1', form({ name: 'Apples' }));
        expect(renamed.json().data).toMatchObject({ attributeId: 4, attributeIds: [3, 4] });
        // A product needs no attribute now.
        const { attributeId: _, ...bare } = apples;
        const none = await t.call('POST', '/api/products', form({ ...bare, name: 'Plain apples' }));
        expect(none.statusCode, none.body).toBe(201);
        expect(none.json().data).toMatchObject({ attributeId: null, attributeIds: [] });
    });

    it('is read and written by /api/v1 with PUT, and left alone when a PUT leaves it out', async () => {
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        const made = await v1(t, 'POST', '/products', { ...body, attributeIds: [2] });
        expect(made.statusCode, made.body).toBe(201);
        expect(made.json()).toMatchObject({ attributeIds: [2], attributeId: 2 });
        const put = await v1(t, 'PUT', '/products/1', { attributeIds: [3, 4] });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({ attributeIds: [3, 4], attributeId: 3 });
        const priced = await v1(t, 'PUT', '/products/1', { price: 150 });
        expect(priced.json().attributeIds).toEqual([3, 4]);
    });

    it('filters the lists by every one of the ids asked, in both dialects', async () => {
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        await t.call('POST', '/api/products', { ...body, name: 'A', attributeIds: [2, 4] });
        await t.call('POST', '/api/products', { ...body, name: 'B', attributeIds: [2, 3] });
        await t.call('POST', '/api/products', { ...body, name: 'C', attributeIds: [] });
        expect(await idsOf(t.call, '/api/products?attributeIds=2&sort=id')).toEqual([1, 2]);
        expect(await idsOf(t.call, '/api/products?attributeIds=2,4&sort=id')).toEqual([1]);
        expect(await idsOf(t.call, '/api/products?attributeIds=3,4')).toEqual([]);
        const stock = await v1(t, 'GET', `/products?filter=${encodeURIComponent(JSON.stringify({ attributeIds: [2, 3] }))}`);
        expect(stock.statusCode, stock.body).toBe(200);
        expect(stock.json().map((p: { id: number }) => p.id)).toEqual([2]);
        expect(stock.headers['content-range']).toBe('items 0-0/1');
        const bad = await t.call('GET', '/api/products?attributeIds=2;drop');
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('The attributeIds filter takes ids separated by commas');
    });

    it('refuses ids that are not attributes, not ids, or too many, with the reason under attributeIds and nothing written', async () => {
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        const missing = await t.call('POST', '/api/products', { ...body, attributeIds: [2, 99] });
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toMatchObject({ errors: { attributeIds: 'There is no attribute with id 99; please choose existing attributes' } });
        for (const wrong of [[0], ['x'], [-1], 'a,b', [1.5]]) {
            const res = await t.call('POST', '/api/products', { ...body, attributeIds: wrong });
            expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
            expect(Object.keys(res.json().errors ?? {}), JSON.stringify(wrong)).toContain('attributeIds');
        }
        const many = await t.call('POST', '/api/products', { ...body, attributeIds: Array.from({ length: 51 }, (_, i) => i + 1) });
        expect(many.statusCode).toBe(400);
        expect((await t.call('GET', '/api/products')).json()).toEqual([]);
    });

    it('are what the palette finds products by, written as name: value, each product once', async () => {
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        await t.call('POST', '/api/products', { ...body, name: 'Atta 5 kg', attributeIds: [2, 4] });
        await t.call('POST', '/api/products', { ...body, name: 'Toor Dal', attributeIds: [3, 4] });
        await t.call('POST', '/api/products', { ...body, name: 'Plain Salt' });
        const found = async (q: string) => (await t.call('GET', `/api/search?q=${encodeURIComponent(q)}`)).json().products;
        expect(await found('brand: aash')).toEqual([{ id: 1, label: 'Atta 5 kg', detail: 'Brand: Aashirvaad' }]);
        expect(await found('Bra:Aashirvaad')).toEqual([{ id: 1, label: 'Atta 5 kg', detail: 'Brand: Aashirvaad' }]);
        expect((await found('diet: veg')).map((hit: { label: string }) => hit.label)).toEqual(['Atta 5 kg', 'Toor Dal']);
        // Not an attribute's name, a value no attribute holds, a name without a value: the names alone are searched.
        expect(await found('diet: salt')).toEqual([]);
        expect(await found('colour: veg')).toEqual([]);
        expect(await found('salt:')).toEqual([]);
        expect(await found('% : _')).toEqual([]);
    });

    it('refuses to delete an attribute a product carries in its set, and the history says what changed', async () => {
        const t = await withAttributes();
        const { attributeId: _, ...body } = apples;
        await t.call('POST', '/api/products', { ...body, attributeIds: [3] });
        const removed = await t.call('DELETE', '/api/attribute/3');
        expect(removed.statusCode).toBe(409);
        expect((await t.call('DELETE', '/api/attribute/4')).statusCode).toBe(200);
        await t.call('POST', '/api/products/1', { attributeIds: [2, 3] });
        const log = await t.app.db.selectFrom('auditLog').select('changes').where('entity', '=', 'products').where('action', '=', 'update').executeTakeFirstOrThrow();
        expect(JSON.parse(String(log.changes)).attributeIds).toEqual({ before: [3], after: [2, 3] });
    });

    it('documents attributeIds in the OpenAPI document, as a body list and a record list', async () => {
        const t = await withAttributes();
        await t.app.ready();
        const text = JSON.stringify(t.app.swagger());
        expect(text).toContain('"attributeIds"');
        expect(text).toMatch(/"attributeIds":\{"type":"array","items":\{"type":"integer"\}/);
    });

    it("is filled by its migration from each product's single attribute, keeping every product, picture and id", async () => {
        const t = await withAttributes();
        await t.call('POST', '/api/products', form({ ...apples, images: PNG }));
        await t.call('POST', '/api/products', form({ ...apples, name: 'Basmati', categoryId: '2', subcategoryId: '2', attributeId: '3' }));
        await t.call('POST', '/api/products', form({ ...apples, name: 'Gone' }));
        await t.call('DELETE', '/api/products/3');
        const before = (await t.call('GET', '/api/products?sort=id')).json();
        // Back to the schema before it (one attribute each), then forward again: the real migration on real rows.
        await down(t.app.db as never);
        await up(t.app.db as never);
        const after = (await t.call('GET', '/api/products?sort=id')).json();
        expect(after.map((p: { attributeIds: number[] }) => p.attributeIds)).toEqual([[1], [3]]);
        expect(after.map((p: { images: string[] }) => p.images.length)).toEqual([1, 0]);
        expect(after.map(({ attributeIds: _, ...rest }: Record<string, unknown>) => rest)).toEqual(before.map(({ attributeIds: _, ...rest }: Record<string, unknown>) => rest));
        // The next product takes a new id, not the deleted one's.
        const next = await t.call('POST', '/api/products', { ...apples, name: 'Next', attributeIds: [] });
        expect(next.statusCode, next.body).toBe(201);
        expect(next.json().data).toMatchObject({ id: 4, attributeId: 1, attributeIds: [1] });
    });
});
