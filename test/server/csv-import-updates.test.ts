// Not run again on PostgreSQL: its refusals are the app's rules; the update transaction runs there in morning-update.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../schema/products';
import type { AnyDb } from '../../server/engine/rows';
import { exportCsv, toCsv, type RelatedRecords } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';
import { adminApp, catalogueBasics, type Call } from './catalogue';

type Admin = Awaited<ReturnType<typeof adminApp>>;
type Row = Record<string, unknown> & { id: number };

const importCsv = (t: Admin, url: string, csv: string) => t.app.inject({ method: 'POST', url, headers: { ...t.headers, 'content-type': 'text/csv' }, payload: csv });
const rows = async (call: Call, url: string): Promise<Row[]> => (await call('GET', url)).json();
const byId = (list: Row[]) => Object.fromEntries(list.map((row) => [row.id, row]));
const db = (t: Admin) => t.app.db as unknown as AnyDb;

/** The Products list's export as the app writes it, of the records as `edit` changes them (a spreadsheet's work). */
async function exported(call: Call, edit: (record: Row) => Row = (record) => record) {
    const records = (await rows(call, '/api/products?sort=id')).map(edit);
    const related: RelatedRecords = { attributeId: byId(await rows(call, '/api/attribute')), attributeIds: byId(await rows(call, '/api/attribute')), gstId: byId(await rows(call, '/api/gst')) };
    const { translate } = polyglotI18nProvider(() => en as never, 'en', [{ locale: 'en', name: 'en' }], { allowMissing: true });
    return `\ufeff${exportCsv(products, translate, records, related)}`;
}

async function shop() {
    vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
    const t = await adminApp();
    await catalogueBasics(t.call);
    for (const body of [
        { name: 'Atta 5 kg', description: 'Whole wheat', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 250, mrp: 275, stock: 10, sku: 'ATTA-5' },
        { name: 'Apples 1 kg', description: 'Shimla', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 189, stock: 4, sku: 'APL-1' },
    ]) {
        const res = await t.call('POST', '/api/products', body);
        if (res.statusCode !== 201) throw new Error(res.body);
    }
    return t;
}

const prices = async (t: Admin) => (await rows(t.call, '/api/products?sort=id')).map((p) => [p.sku, p.price, p.mrp, p.stock]);

describe('CSV import that updates by SKU', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('takes back an exported file, edited, as updates of the same products: previewed first, then written', async () => {
        const t = await shop();
        const csv = await exported(t.call, (record) => ({ ...record, price: Number(record.price) - 10, stock: Number(record.stock) + 5 }));
        const preview = await importCsv(t, '/api/products/import?dryRun=true', csv);
        expect(preview.statusCode, preview.body).toBe(200);
        expect(preview.json()).toMatchObject({ accepted: 2, refused: 0, message: '0 products can be added, 2 updated, 0 refused' });
        expect(preview.json().rows.map((row: { action: string }) => row.action)).toEqual(['update', 'update']);
        expect(await prices(t)).toEqual([
            ['ATTA-5', 250, 275, 10],
            ['APL-1', 189, null, 4],
        ]);

        const res = await importCsv(t, '/api/products/import', csv);
        expect(res.json(), res.body).toMatchObject({ accepted: 2, refused: 0, message: '0 products added, 2 updated' });
        expect(await prices(t)).toEqual([
            ['ATTA-5', 240, 275, 15],
            ['APL-1', 179, null, 9],
        ]);
        const audit = await db(t).selectFrom('auditLog').select(['action', 'record']).where('entity', '=', 'products').where('action', '=', 'update').execute();
        expect(audit.map((line) => Number(line.record)).sort()).toEqual([1, 2]);
    });

    it('adds a row of a new SKU, updates one of a known SKU whatever its case, and refuses an update above the MRP', async () => {
        const t = await shop();
        const csv = toCsv([
            ['Name', 'Description', 'Category', 'Subcategory', 'Attribute', 'GST', 'Price (₹)', 'MRP (₹)', 'Stock', 'SKU'],
            ['Atta 5 kg', 'Whole wheat', 'Staples', 'Rice', 'Weight: 1 kg', 'IGST 5%', '260', '280', '3', ' atta-5 '],
            ['Apples 1 kg', 'Shimla', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '200', '150', '4', 'APL-1'],
            ['Rice 1 kg', 'Sona masoori', 'Staples', 'Rice', 'Weight: 1 kg', 'IGST 5%', '90', '100', '20', 'RICE-1'],
        ]);
        const res = await importCsv(t, '/api/products/import', csv);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ accepted: 2, refused: 1, message: '1 product added, 1 updated, 1 refused' });
        expect(res.json().rows.map((row: { status: string; action: string; errors: object }) => [row.status, row.action, row.errors])).toEqual([
            ['ok', 'update', {}],
            ['refused', 'update', { price: 'The price cannot be more than the MRP' }],
            ['ok', 'add', {}],
        ]);
        expect(await prices(t)).toEqual([
            ['atta-5', 260, 280, 3],
            ['APL-1', 189, null, 4],
            ['RICE-1', 90, 100, 20],
        ]);
    });
});
