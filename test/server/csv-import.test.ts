import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApp, catalogueBasics, type Call } from './catalogue';
import { signIn } from './helpers';
import { ROLE } from '../../schema/access';
import { represent } from '../../schema/registry';
import { attribute } from '../../schema/attribute';
import { coupons } from '../../schema/coupons';
import { gst } from '../../schema/gst';
import { cellValue, importColumns, titleKey } from '../../server/features/imports/csvImportColumns';
import { products } from '../../schema/products';
import { exportCsv, toCsv, type RelatedRecords } from '../../src/crud/schemaExporter';
import { formatRupees } from '../../src/common/MoneyField';
import en from '../../src/i18n/en';
import hi from '../../src/i18n/hi';
import type { TestApp } from './helpers';
import type { AnyDb } from '../../server/engine/rows';

type Admin = Awaited<ReturnType<typeof adminApp>>;

/** Sends a CSV to an import, as the app does (a text/csv body). */
const importCsv = (t: Admin | TestApp, url: string, csv: string, headers: Record<string, string> = (t as Admin).headers) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv });

// The activity log is read untyped: its table is the entity layer's, outside the typed schema.
const db = (t: TestApp) => t.app.db as unknown as AnyDb;
const count = async (t: TestApp, table: 'pincodes' | 'products' | 'auditLog') =>
    Number((await db(t).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const PRODUCT_HEADER = 'Name,Description,Category,Subcategory,Attribute,GST,Price';

describe('CSV import of pincodes', () => {
    it('adds every row of a good file in one go, with an audit line each, and answers the report', async () => {
        const t = await adminApp();
        const csv = 'Pincode,Delivery charge (₹)\r\n560034,₹25.50\r\n110001,"₹1,000.00"\r\n400001,49\r\n';
        const res = await importCsv(t, '/api/pincode/import', csv);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: '3 pincodes added', accepted: 3, refused: 0, dryRun: false });
        expect(res.json().rows.map((row: { line: number; status: string }) => [row.line, row.status])).toEqual([
            [2, 'ok'],
            [3, 'ok'],
            [4, 'ok'],
        ]);
        const list = (await t.call('GET', '/api/pincode?sort=id')).json();
        expect(list.map((p: { pincode: string; prize: number; status: number }) => [p.pincode, p.prize, p.status])).toEqual([
            ['560034', 25.5, 1],
            ['110001', 1000, 1],
            ['400001', 49, 1],
        ]);
        const audit = await db(t).selectFrom('auditLog').select(['action', 'entity']).execute();
        expect(audit.filter((line) => line.entity === 'pincode' && line.action === 'create')).toHaveLength(3);
    });

    it('previews without writing (dry run), then imports the valid rows and reports the refused ones with their reasons', async () => {
        const t = await adminApp();
        await t.call('POST', '/api/pincode', { pincode: '110001', prize: 45 });
        const csv = [
            'Pincode,Delivery charge (₹),Status',
            '560034,25,Active',
            '012345,10,Active', // not a valid pincode
            '110001,30,Active', // already in the database
            '400001,abc,Active', // not an amount
            '600001,20,Maybe', // not a status
            '560034,15,Active', // twice in the file
            '700001,99999,Inactive', // over the maximum
            '500001,35,Inactive',
        ].join('\n');
        const before = await count(t, 'auditLog');
        const preview = await importCsv(t, '/api/pincode/import?dryRun=true', csv);
        expect(preview.statusCode, preview.body).toBe(200);
        const report = preview.json();
        expect(report).toMatchObject({ dryRun: true, accepted: 2, refused: 6, success: false, message: '2 pincodes can be added, 6 refused' });
        const byLine = Object.fromEntries(report.rows.map((row: { line: number; status: string; errors: Record<string, string> }) => [row.line, row]));
        expect(byLine[2]).toMatchObject({ status: 'ok', errors: {}, cells: ['560034', '25', 'Active'] });
        expect(byLine[3].errors).toEqual({ pincode: 'Please enter a valid 6-digit pincode' });
        expect(byLine[4].errors).toEqual({ pincode: 'This pincode already exists' });
        expect(byLine[5].errors.prize).toMatch(/delivery charge/i);
        expect(byLine[6].errors).toEqual({ status: "The status must be 'Active' or 'Inactive'" });
        expect(byLine[7].errors).toEqual({ pincode: 'This pincode already exists' });
        expect(byLine[8].status).toBe('refused');
        expect(byLine[9].status).toBe('ok');
        // Nothing written by the preview, not even an audit line.
        expect(await count(t, 'pincodes')).toBe(1);
        expect(await count(t, 'auditLog')).toBe(before);

        const res = await importCsv(t, '/api/pincode/import', csv);
        expect(res.json()).toMatchObject({ dryRun: false, accepted: 2, refused: 6, message: '2 pincodes added, 6 refused' });
        const list = (await t.call('GET', '/api/pincode?sort=id')).json();
        expect(list.map((p: { pincode: string; status: number }) => [p.pincode, p.status])).toEqual([
            ['110001', 1],
            ['560034', 1],
            ['500001', 0],
        ]);
    });

    it('refuses a file it cannot read with a 400 and writes nothing', async () => {
        const t = await adminApp();
        const cases: Array<[string, string | Buffer, RegExp]> = [
            ['empty', '', /empty/],
            ['header only', 'Pincode,Delivery charge (₹)\n', /no rows/],
            ['unknown column', 'Pincode,Charge\n560034,25\n', /does not know: Charge/],
            ['missing column', 'Pincode\n560034\n', /lacks the column: Delivery charge/],
            ['same column twice', 'Pincode,Pincode,Delivery charge (₹)\n560034,560035,25\n', /twice/],
            ['unclosed quote', 'Pincode,Delivery charge (₹)\n"560034,25\n', /cannot be read as CSV/],
            ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), /not a CSV text file/],
        ];
        for (const [name, csv, message] of cases) {
            const res = await t.app.inject({ method: 'POST', url: '/api/pincode/import', headers: { ...t.headers, 'content-type': 'text/csv' }, payload: csv });
            expect(res.statusCode, name).toBe(400);
            expect(res.json().message, name).toMatch(message);
            expect(res.json().success).toBe(false);
        }
        const tooMany = `Pincode,Delivery charge (₹)\n${Array.from({ length: 5001 }, (_, i) => `${100000 + i},10`).join('\n')}`;
        const many = await importCsv(t, '/api/pincode/import', tooMany);
        expect(many.statusCode).toBe(400);
        expect(many.json().message).toBe('The file has 5,001 rows; at most 5,000 are taken at once');
        const huge = await importCsv(t, '/api/pincode/import', `Pincode,Delivery charge (₹)\n${'560034,10\n'.repeat(250_000)}`);
        expect(huge.statusCode).toBe(413);
        const json = await t.call('POST', '/api/pincode/import', { pincode: '560034' });
        expect(json.statusCode).toBe(415);
        expect(await count(t, 'pincodes')).toBe(0);
    });

    it('takes the file as a multipart form field too', async () => {
        const t = await adminApp();
        const data = new FormData();
        data.append('file', new Blob(['Pincode,Delivery charge (₹)\n560034,25\n'], { type: 'text/csv' }), 'pincodes.csv');
        const body = new Response(data);
        const res = await t.app.inject({
            method: 'POST',
            url: '/api/pincode/import',
            headers: { ...t.headers, 'content-type': body.headers.get('content-type')! },
            payload: Buffer.from(await body.arrayBuffer()),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().accepted).toBe(1);
    });

    it('is for administrators: sellers and customers are refused, and so is a caller who is not signed in', async () => {
        const t = await adminApp();
        const csv = 'Pincode,Delivery charge (₹)\n560034,25\n';
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        const customer = await signIn(t, 'customer@shop.test', ROLE.customer);
        expect((await importCsv(t, '/api/pincode/import', csv, seller)).statusCode).toBe(403);
        expect((await importCsv(t, '/api/pincode/import', csv, customer)).statusCode).toBe(403);
        expect((await importCsv(t, '/api/products/import', `${PRODUCT_HEADER}\n`, seller)).statusCode).toBe(403);
        expect((await importCsv(t, '/api/pincode/import', csv, {})).statusCode).toBe(401);
        expect(await count(t, 'pincodes')).toBe(0);
    });

    it('takes back what the list exports (round trip), in English and in Hindi', async () => {
        const t = await adminApp();
        // The export's own header and cells: ID, Pincode, Delivery charge (₹), Status; rupees as shown.
        const exported = toCsv([
            ['ID', 'Pincode', 'Delivery charge (₹)', 'Status'],
            ['7', '560034', formatRupees(25.5), 'Active'],
            ['8', '110001', formatRupees(1200), 'Inactive'],
        ]);
        const res = await importCsv(t, '/api/pincode/import', `\ufeff${exported}`);
        expect(res.json()).toMatchObject({ accepted: 2, refused: 0, ignoredColumns: ['ID'] });
        const hindi = toCsv([
            ['आईडी', 'पिनकोड', 'डिलीवरी शुल्क (₹)', 'स्थिति'],
            ['1', '400001', formatRupees(49), 'निष्क्रिय'],
        ]);
        expect((await importCsv(t, '/api/pincode/import', hindi)).json()).toMatchObject({ accepted: 1 });
        const list = (await t.call('GET', '/api/pincode?sort=id')).json();
        expect(list.map((p: { pincode: string; prize: number; status: number }) => [p.pincode, p.prize, p.status])).toEqual([
            ['560034', 25.5, 1],
            ['110001', 1200, 0],
            ['400001', 49, 0],
        ]);
    });
});

describe('CSV import of products', () => {
    it('resolves category, subcategory, attribute and GST by the names the export writes', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        const csv = toCsv([
            PRODUCT_HEADER.split(','),
            ['Shimla Apples 1 kg', 'Crisp red apples', 'fruits & vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', formatRupees(189)],
            ['Sona Masoori 5 kg', 'Rice for every day', 'Staples', 'Rice', 'Weight: 1 kg', 'IGST 5%', '450'],
        ]);
        const res = await importCsv(t, '/api/products/import', csv);
        expect(res.json(), res.body).toMatchObject({ accepted: 2, refused: 0 });
        const list = (await t.call('GET', '/api/products?sort=id')).json();
        expect(list.map((p: Record<string, unknown>) => [p.name, p.categoryName, p.subcategoryName, p.attributeId, p.gstId, p.price, p.image])).toEqual([
            ['Shimla Apples 1 kg', 'Fruits & Vegetables', 'Fresh Fruits', 1, 1, 189, null],
            ['Sona Masoori 5 kg', 'Staples', 'Rice', 1, 1, 450, null],
        ]);
        const audit = await db(t).selectFrom('auditLog').select(['action', 'userId']).where('entity', '=', 'products').execute();
        expect(audit).toHaveLength(2);
        expect(audit.every((line) => line.action === 'create' && line.userId === 1)).toBe(true);
    });

    it('refuses unknown names, a subcategory of another category, duplicate names (in the file and against the database) row by row', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        await t.call('POST', '/api/products', { name: 'Basmati 1 kg', description: 'Long grain', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 150 });
        const csv = toCsv([
            PRODUCT_HEADER.split(','),
            ['Kiwi', 'Green', 'Fruitz', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '90'],
            ['Mango', 'Yellow', 'Staples', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '90'],
            ['  basmati 1 KG ', 'Again', 'Staples', 'Rice', 'Weight: 1 kg', 'IGST 5%', '150'],
            ['Papaya', 'Orange', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '60'],
            ['papaya', 'Orange again', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '60'],
            ['Guava', '', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 2 kg', 'GST 18%', '-5'],
            ['Short row', 'x'],
        ]);
        const res = await importCsv(t, '/api/products/import', csv);
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().rows as Array<{ line: number; status: string; errors: Record<string, string> }>;
        expect(rows.map((row) => row.status)).toEqual(['refused', 'refused', 'refused', 'ok', 'refused', 'refused', 'refused']);
        expect(rows[0].errors).toEqual({ categoryId: "There is no category named 'Fruitz'" });
        expect(rows[1].errors).toEqual({ subcategoryId: 'Please choose a subcategory of the chosen category' });
        expect(rows[2].errors).toEqual({ name: 'This subcategory already has a product with this name' });
        expect(rows[4].errors).toEqual({ name: 'This subcategory already has a product with this name' });
        expect(rows[5].errors).toMatchObject({
            description: 'Please enter the product description',
            attributeId: "There is no attribute named 'Weight: 2 kg'",
            gstId: "There is no GST rate named 'GST 18%'",
        });
        expect(rows[5].errors.price).toBeTruthy();
        expect(rows[6].errors).toEqual({ row: 'This row has 2 cells; the header has 7' });
        expect((await t.call('GET', '/api/products')).json().map((p: { name: string }) => p.name).sort()).toEqual(['Basmati 1 kg', 'Papaya']);
    });

    it('reads the export\'s columns (ID, Image, Status) and the ones a create also needs', async () => {
        const t = await adminApp();
        await catalogueBasics(t.call);
        const csv = toCsv([
            ['ID', 'Image', 'Name', 'Category', 'Subcategory', 'Price', 'GST', 'Status', 'Description', 'Attribute'],
            ['3', 'http://127.0.0.1:9/uploads/a.jpg', 'Apples', 'Fruits & Vegetables', 'Fresh Fruits', formatRupees(189.5), 'IGST 5%', 'Inactive', 'Red', 'Weight: 1 kg'],
        ]);
        const res = await importCsv(t, '/api/products/import', csv);
        // The picture is another shop's that answers nothing: the row comes in without it (csv-import-other-shop.test.ts).
        expect(res.json()).toMatchObject({ accepted: 1, ignoredColumns: ['ID'] });
        expect(res.json().rows[0].warnings.image).toMatch(/^Imported without this picture: http:\/\/127\.0\.0\.1:9\/uploads\/a\.jpg could not be fetched/);
        expect((await t.call('GET', '/api/products')).json()[0]).toMatchObject({ name: 'Apples', price: 189.5, status: 0, image: null });
    });
});

describe('CSV round trip of products', () => {
    afterEach(() => vi.unstubAllGlobals());

    type Row = Record<string, unknown> & { id: number };
    const rows = async (call: Call, url: string): Promise<Row[]> => (await call('GET', url)).json();
    const byId = (list: Row[]) => Object.fromEntries(list.map((row) => [row.id, row]));

    /** What a person reads of each product: every field of the form that is not a picture, references by name. */
    async function catalogueOf(call: Call) {
        const attributes = byId(await rows(call, '/api/attribute'));
        const rates = byId(await rows(call, '/api/gst'));
        return (await rows(call, '/api/products?sort=name')).map((p) => ({
            name: p.name,
            description: p.description,
            category: p.categoryName,
            subcategory: p.subcategoryName,
            attribute: represent(attribute, attributes[Number(p.attributeId)]),
            gst: represent(gst, rates[Number(p.gstId)]),
            price: p.price,
            status: p.status,
        }));
    }

    /** The Products list's export as the app writes it (src/crud/schemaExporter.ts), in a language. */
    async function exported(call: Call, messages: object, locale: string) {
        const records = await rows(call, '/api/products?sort=id');
        const related: RelatedRecords = {
            attributeId: byId(await rows(call, '/api/attribute')),
            gstId: byId(await rows(call, '/api/gst')),
            parentId: byId(records),
        };
        const { translate } = polyglotI18nProvider(() => messages as never, locale, [{ locale, name: locale }], { allowMissing: true });
        return `\ufeff${exportCsv(products, translate, records, related)}`;
    }

    /** The same categories, subcategories, attributes and GST rates as catalogueBasics, added in another order (other ids). */
    async function sameNamesOtherIds(call: Call) {
        for (const [url, body] of [
            ['/api/gst', { type: 'CGST', description: 'Nil', percent: 0 }],
            ['/api/gst', { type: 'IGST', description: '5% slab', percent: 5 }],
            ['/api/gst', { type: 'IGST', description: '12% slab', percent: 12 }],
            ['/api/attribute', { name: 'Weight', value: '5 kg' }],
            ['/api/attribute', { name: 'Weight', value: '1 kg' }],
            ['/api/categories', { name: 'Staples', description: 'Atta, rice and dal' }],
            ['/api/categories', { name: 'Fruits & Vegetables', description: 'Fresh produce' }],
            ['/api/subcategories', { categoryId: 1, name: 'Rice' }],
            ['/api/subcategories', { categoryId: 2, name: 'Fresh Fruits' }],
        ] as const) {
            const res = await call('POST', url, body);
            if (res.statusCode !== 201) throw new Error(res.body);
        }
    }

    it('imports back every field the export writes (English and Hindi headers) into an empty catalogue, another shop\'s picture left out', async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const shop = await adminApp();
        await catalogueBasics(shop.call);
        for (const [url, body] of [
            ['/api/attribute', { name: 'Weight', value: '5 kg' }],
            ['/api/gst', { type: 'IGST', description: '12% slab', percent: 12 }],
        ] as const) {
            expect((await shop.call('POST', url, body)).statusCode).toBe(201);
        }
        const made = [
            { name: 'Shimla Apples 1 kg', description: '<p>Crisp, "red" apples</p>\n<p>From Himachal — हिमाचल के सेब</p>', categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 189.5 },
            { name: 'Sona Masoori 5 kg', description: 'Rice for every day; 5 kg', categoryId: 2, subcategoryId: 2, attributeId: 2, gstId: 2, price: 120000.75 },
        ];
        for (const body of made) expect((await shop.call('POST', '/api/products', body)).statusCode).toBe(201);
        expect((await shop.call('POST', '/api/products/toggleProductStatus/2', { newStatus: 0 })).statusCode).toBe(200);
        // A picture, as an upload leaves it: its address is exported; another shop would refuse it, so it is taken out.
        await db(shop).updateTable('products').set({ image: '/uploads/apples.png' }).where('id', '=', 1).execute();
        const original = await catalogueOf(shop.call);

        for (const [messages, locale, imageTitle] of [
            [en, 'en', 'Image'],
            [hi, 'hi', 'चित्र'],
        ] as const) {
            const csv = await exported(shop.call, messages, locale);
            expect(csv, locale).toContain('http://shop.test/uploads/apples.png');
            const copy = await adminApp();
            await sameNamesOtherIds(copy.call);
            const elsewhere = csv.replace('http://shop.test/uploads/apples.png', '');
            const preview = await importCsv(copy, '/api/products/import?dryRun=true', elsewhere);
            expect(preview.json(), preview.body).toMatchObject({ accepted: 2, refused: 0 });
            expect(preview.json().ignoredColumns).toEqual([locale === 'en' ? 'ID' : 'आईडी']);
            expect(preview.json().columns).toContain(imageTitle);
            const res = await importCsv(copy, '/api/products/import', elsewhere);
            expect(res.json(), res.body).toMatchObject({ accepted: 2, refused: 0, message: '2 products added' });
            expect(await catalogueOf(copy.call), locale).toEqual(original);
            expect((await rows(copy.call, '/api/products')).map((p) => p.image)).toEqual([null, null]);
        }
    });

    it("updates a product's pack sizes by their SKU, and adds one to the product a row names", async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const shop = await adminApp();
        await catalogueBasics(shop.call);
        const atta = { name: 'Aashirvaad Atta', description: 'Whole wheat flour', categoryId: 2, subcategoryId: 2, gstId: 1, price: 62, sku: 'ATTA-1', option: '1 kg' };
        const first = (await shop.call('POST', '/api/v1/products', atta)).json();
        expect((await shop.call('POST', `/api/v1/products/${first.id}/variants`, { option: '5 kg', price: 285, sku: 'ATTA-5' })).statusCode).toBe(201);
        const lines = (await exported(shop.call, en, 'en')).split('\r\n');
        const line = (sku: string) => lines.findIndex((text) => text.includes(`,${sku},`));
        expect(lines[0]).toContain('Variant of,Option (pack size),Weight (g)');
        expect(lines[line('ATTA-5')]).toContain(',Aashirvaad Atta,5 kg,');
        // The morning's prices for both packs, and a 10 kg pack (no id: a new row) under the same product.
        const tenKg = lines[line('ATTA-5')].replace(/^\d+,/, ',').replace(',285,', ',560,').replace('ATTA-5', 'ATTA-10').replace(',5 kg,', ',10 kg,');
        lines[line('ATTA-1')] = lines[line('ATTA-1')].replace(',62,', ',64,');
        lines[line('ATTA-5')] = lines[line('ATTA-5')].replace(',285,', ',290,');
        const res = await importCsv(shop, '/api/products/import', [...lines, tenKg].join('\r\n'));
        expect(res.json(), res.body).toMatchObject({ accepted: 3, refused: 0 });
        const family = (await shop.call('GET', `/api/v1/products/${first.id}/variants`)).json() as Row[];
        expect(family.map((row) => [row.option, row.sku, row.price, row.parentId])).toEqual([
            ['1 kg', 'ATTA-1', 64, null],
            ['5 kg', 'ATTA-5', 290, first.id],
            ['10 kg', 'ATTA-10', 560, first.id],
        ]);
    });

    it('refuses, row by row, products the shop already has (same name in the same subcategory): an import adds, it never overwrites', async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const shop = await adminApp();
        await catalogueBasics(shop.call);
        await shop.call('POST', '/api/products', { name: 'Basmati 1 kg', description: 'Long grain', categoryId: 2, subcategoryId: 2, attributeId: 1, gstId: 1, price: 150 });
        const csv = await exported(shop.call, en, 'en');
        // Edited in a spreadsheet: a new price, and a second product.
        const header = csv.replace(/^\ufeff/, '').split('\r\n')[0].split(',');
        const kiwi: Record<string, string> = { Name: 'Kiwi', Category: 'Fruits & Vegetables', Subcategory: 'Fresh Fruits', 'Price (₹)': '90', GST: 'IGST 5%', Status: 'Active', Description: 'Green', 'Main attribute': 'Weight: 1 kg' };
        expect(header.filter((title) => kiwi[title] !== undefined), header.join()).toHaveLength(Object.keys(kiwi).length);
        const edited = `${csv.replace(',150,', ',175,')}\r\n${header.map((title) => kiwi[title] ?? '').join(',')}`;
        const res = await importCsv(shop, '/api/products/import', edited);
        expect(res.json()).toMatchObject({ accepted: 1, refused: 1, message: '1 product added, 1 refused' });
        expect(res.json().rows[0]).toMatchObject({ line: 2, status: 'refused', errors: { name: 'This subcategory already has a product with this name' } });
        const list = await rows(shop.call, '/api/products?sort=id');
        expect(list.map((p) => [p.name, p.price])).toEqual([
            ['Basmati 1 kg', 150],
            ['Kiwi', 90],
        ]);
    });
});

describe('CSV cells of a choice', () => {
    it('read the words the export writes for an enum (either language, any case) as the stored value, and leave anything else for the schema to refuse', () => {
        const role = importColumns(coupons).get(titleKey('Discount type'));
        if (role?.kind !== 'field') throw new Error('Discount type is a field column');
        expect(cellValue(role, 'Fixed amount (₹)')).toBe('fixed');
        expect(cellValue(role, ' percentage (%) ')).toBe('percentage');
        expect(cellValue(role, 'निश्चित राशि (₹)')).toBe('fixed');
        expect(cellValue(role, 'fixed')).toBe('fixed');
        expect(cellValue(role, 'Half off')).toBe('Half off');
    });
});
