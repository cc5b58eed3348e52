import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../schema/products';
import type { AnyDb } from '../../server/engine/rows';
import { exportCsv, type RelatedRecords } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';
import { adminApp, catalogueBasics, type Call } from './catalogue';

// The morning's update of a whole catalogue: a thousand prices and stock counts from one CSV, previewed row by row
// (old → new) before anything is written, then written; and the same through the bulk editor's one request.

type Admin = Awaited<ReturnType<typeof adminApp>>;
type Row = Record<string, unknown> & { id: number };

const COUNT = 1000;
const db = (t: Admin) => t.app.db as unknown as AnyDb;
const rows = async (call: Call, url: string): Promise<Row[]> => (await call('GET', url)).json();
const byId = (list: Row[]) => Object.fromEntries(list.map((row) => [row.id, row]));
const importCsv = (t: Admin, url: string, csv: string) => t.app.inject({ method: 'POST', url, headers: { ...t.headers, 'content-type': 'text/csv' }, payload: csv });
const stored = async (t: Admin) => db(t).selectFrom('products').select(['sku', 'price', 'stock']).orderBy('id').execute();

/** A catalogue of a thousand products, SKU-0000… at ₹10.00 + i paise with i in stock, under an MRP of ₹100. */
async function catalogue() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    const now = new Date().toISOString();
    const made = Array.from({ length: COUNT }, (_, i) => ({
        name: `Item ${i}`, description: 'Packed', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1,
        price: 1000 + i, mrp: 10_000, stock: i * 1000, sku: `SKU-${String(i).padStart(4, '0')}`, status: 1, createdAt: now, updatedAt: now,
    }));
    for (let i = 0; i < made.length; i += 200) await db(t).insertInto('products').values(made.slice(i, i + 200)).execute();
    return t;
}

/** The list's export as the app writes it, every price up ₹2.50 and every count up 3 (a spreadsheet's work). */
async function editedExport(t: Admin) {
    const records = (await rows(t.call, '/api/products?sort=id')).map((record) => ({ ...record, price: Math.round(Number(record.price) * 100 + 250) / 100, stock: Number(record.stock) + 3 }));
    const related: RelatedRecords = { attributeId: byId(await rows(t.call, '/api/attribute')), attributeIds: byId(await rows(t.call, '/api/attribute')), gstId: byId(await rows(t.call, '/api/gst')) };
    const { translate } = polyglotI18nProvider(() => en as never, 'en', [{ locale: 'en', name: 'en' }], { allowMissing: true });
    return `\ufeff${exportCsv(products, translate, records, related)}`;
}

describe("the morning's update of a thousand products", () => {
    afterEach(() => vi.unstubAllGlobals());

    it('previews each row of the CSV as old → new with nothing written, then writes all of them in one import', async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const t = await catalogue();
        const before = await stored(t);
        const csv = await editedExport(t);

        const preview = await importCsv(t, '/api/products/import?dryRun=true', csv);
        expect(preview.statusCode, preview.body.slice(0, 500)).toBe(200);
        const report = preview.json();
        expect(report).toMatchObject({ dryRun: true, accepted: COUNT, refused: 0, message: `0 products can be added, ${COUNT} updated, 0 refused` });
        expect(report.rows).toHaveLength(COUNT);
        report.rows.forEach((row: { action: string; changes: object }, i: number) => {
            expect(row.action).toBe('update');
            // Only what changed, in rupees as the screens show it: the price and the count, nothing else.
            expect(row.changes).toEqual({ price: { before: (1000 + i) / 100, after: (1250 + i) / 100 }, stock: { before: i, after: i + 3 } });
        });
        expect(await stored(t)).toEqual(before);

        const applied = await importCsv(t, '/api/products/import', csv);
        expect(applied.json(), applied.body.slice(0, 500)).toMatchObject({ dryRun: false, accepted: COUNT, refused: 0, message: `0 products added, ${COUNT} updated` });
        expect(await stored(t)).toEqual(before.map((row, i) => ({ ...row, price: 1250 + i, stock: (i + 3) * 1000 })));
        // Each product's history has its one line of the import, saying the same.
        // The history speaks rupees, as the API does.
        const lines = await db(t).selectFrom('auditLog').select(['record', 'changes']).where('entity', '=', 'products').orderBy('id').execute();
        expect(lines).toHaveLength(COUNT);
        expect(JSON.parse(String(lines[7].changes))).toMatchObject({ price: { before: 10.07, after: 12.57 }, stock: { before: 7, after: 10 } });
    }, 180_000);

    it("refuses a row above its MRP in the preview, saying why, and previews the others' changes", async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const t = await catalogue();
        const csv = (await editedExport(t)).replace(/^(\d+,.*?,)12\.5,/m, '$1150,');
        const preview = (await importCsv(t, '/api/products/import?dryRun=true', csv)).json();
        expect(preview).toMatchObject({ accepted: COUNT - 1, refused: 1 });
        expect(preview.rows[0]).toMatchObject({ status: 'refused', errors: { price: 'The price cannot be more than the MRP' } });
        expect(preview.rows[1].changes.price).toEqual({ before: 10.01, after: 12.51 });
    }, 180_000);

    it('saves the same thousand changes through the bulk editor in one request', async () => {
        const t = await catalogue();
        const ids = (await db(t).selectFrom('products').select('id').orderBy('id').execute()).map((row) => Number(row.id));
        const changes = ids.map((id, i) => ({ id, price: ((1250 + i) / 100).toFixed(2), stock: i + 3 }));
        const saved = await t.app.inject({ method: 'PATCH', url: '/api/products/bulk', headers: t.headers, payload: { changes } });
        expect(saved.statusCode, saved.body.slice(0, 500)).toBe(200);
        expect(saved.json()).toMatchObject({ success: true, changed: COUNT });
        expect((await stored(t)).map(({ price, stock }) => [price, stock])).toEqual(ids.map((_, i) => [1250 + i, (i + 3) * 1000]));
    }, 180_000);
});
