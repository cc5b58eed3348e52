// Not run again on PostgreSQL: picture copies; the import's transaction runs there in csv-import.
// A product row of a CSV import may name pictures already uploaded to this shop, by the
// /uploads/… paths (or this shop's full addresses) the export writes; each new row gets its own copy.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { form, PNG } from './helpers';
import { adminApp, apples, catalogueBasics } from './catalogue';
import { exportCsv, toCsv } from '../../src/crud/schemaExporter';
import { products } from '../../schema/products';
import en from '../../src/i18n/en';
import type { AnyDb } from '../../server/engine/rows';

const HEADER = ['Name', 'Description', 'Category', 'Subcategory', 'Attribute', 'GST', 'Price', 'Image', 'Image description (alt text)', 'Gallery'];
const row = (name: string, image: string, gallery = '') => [name, 'Fresh', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '99', image, 'A basket', gallery];

async function shopWithPictures() {
    const t = await adminApp();
    await catalogueBasics(t.call);
    const made = await t.call('POST', '/api/products', form({ ...apples, image: PNG, images: [PNG, PNG] }));
    expect(made.statusCode).toBe(201);
    const { image, images } = made.json().data as { image: string; images: string[] };
    const send = (csv: string, dryRun = false) =>
        t.app.inject({ method: 'POST', url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...t.headers, 'content-type': 'text/csv' }, payload: csv });
    return { ...t, image, images, send };
}

describe('CSV import of pictures by name', () => {
    it('takes pictures this shop has by their paths or its own full addresses, each row getting copies of its own', async () => {
        const { call, send, image, images, app } = await shopWithPictures();
        const csv = toCsv([HEADER, row('Pears', image, images.join(' ')), row('Plums', `http://localhost:80${images[1]}`)]);
        const preview = await send(csv, true);
        expect(preview.json(), preview.body).toMatchObject({ accepted: 2, refused: 0, ignoredColumns: [] });

        const res = await send(csv);
        expect(res.json(), res.body).toMatchObject({ accepted: 2, refused: 0 });
        const list = (await call('GET', '/api/products?sort=id&order=ASC')).json() as Array<{ id: number; image: string; images: string[]; imageAlt: string }>;
        const [, pears, plums] = list;
        expect(pears.imageAlt).toBe('A basket');
        expect(pears.images).toHaveLength(2);
        expect(plums.image).toMatch(/^\/uploads\/[\w-]+\.png$/);
        // Copies: deleting the first product (and its files) leaves the imported ones whole.
        const used = [pears.image, ...pears.images, plums.image];
        for (const path of used) expect([image, ...images]).not.toContain(path);
        expect((await call('DELETE', '/api/products/1')).statusCode).toBe(200);
        for (const path of used) expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    });

    it('adds, row by row, without the pictures it cannot have (not a stored upload, unreachable, not a picture path), saying which', async () => {
        const { send, images, app, call } = await shopWithPictures();
        const csv = toCsv([
            HEADER,
            row('Missing', '/uploads/not-here.png'),
            // Another shop's address that answers nothing (port 9 on this machine: refused).
            row('Elsewhere', `http://127.0.0.1:9${images[0]}`),
            row('Outside', '/etc/passwd'),
            row('Sized', `http://localhost:80${images[0]}?w=64`),
            row('Fine', '', `${images[0]} /uploads/gone.jpg`),
        ]);
        const res = await send(csv);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ accepted: 5, refused: 0, message: '5 products added; 5 without some of their pictures' });
        expect(res.json().rows.map((r: { warnings: Record<string, string> }) => r.warnings.image ?? r.warnings.images)).toEqual([
            'Imported without this picture: /uploads/not-here.png is not a picture uploaded to this shop',
            expect.stringMatching(new RegExp(`^Imported without this picture: http://127\\.0\\.0\\.1:9${images[0]} could not be fetched: .*ECONNREFUSED`)),
            'Imported without this picture: /etc/passwd is not a picture path of this shop; give its /uploads/… path, as the export writes it',
            `Imported without this picture: http://localhost:80${images[0]}?w=64 names a sized copy; give the picture's own /uploads/… address`,
            'Imported without this picture: /uploads/gone.jpg is not a picture uploaded to this shop',
        ]);
        const db = app.db as unknown as AnyDb;
        expect(await db.selectFrom('products').select('id').execute()).toHaveLength(6);
        const added = (await call('GET', '/api/products?sort=id&order=ASC')).json() as Array<{ name: string; image: string | null; images: string[] }>;
        expect(added.slice(1).map((p) => [p.name, p.image === null, p.images.length])).toEqual([
            ['Missing', true, 0],
            ['Elsewhere', true, 0],
            ['Outside', true, 0],
            ['Sized', true, 0],
            ['Fine', true, 1],
        ]);
    });

    it('still refuses a row naming more pictures than its column takes', async () => {
        const { send, image, images } = await shopWithPictures();
        const res = await send(toCsv([HEADER, row('Two mains', `${image} ${images[0]}`)]));
        expect(res.json()).toMatchObject({ accepted: 0, refused: 1, rows: [{ errors: { image: 'This column takes one picture' } }] });
    });

    afterEach(() => vi.unstubAllGlobals());

    it('takes back, in the same shop, the picture and gallery addresses its own export writes', async () => {
        // The app exports full addresses on its own origin; here the API answers as localhost.
        vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
        const { call, send, image, images } = await shopWithPictures();
        const records = (await call('GET', '/api/products?sort=id')).json() as Array<Record<string, unknown>>;
        const { translate } = polyglotI18nProvider(() => en as never, 'en', [{ locale: 'en', name: 'en' }], { allowMissing: true });
        const csv = exportCsv(products, translate, records.map((r) => ({ ...r, name: 'Apples again' })) as never, { attributeId: { 1: { id: 1, name: 'Weight', value: '1 kg' } }, gstId: { 1: { id: 1, type: 'IGST', description: '5% slab', percent: 5 } } });
        expect(csv).toContain(`http://localhost${images[0]} http://localhost${images[1]}`);
        const res = await send(csv);
        expect(res.json(), res.body).toMatchObject({ accepted: 1, refused: 0 });
        const copy = (await call('GET', '/api/products/2')).json();
        expect(copy.images).toHaveLength(2);
        expect(copy.image).toMatch(/^\/uploads\//);
        expect([image, ...images]).not.toContain(copy.image);
    });
});
