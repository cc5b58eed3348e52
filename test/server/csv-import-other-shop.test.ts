// Not run again on PostgreSQL: fetches and copies pictures; the import's transaction runs there in csv-import.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { products } from '../../schema/products';
import { exportCsv, toCsv } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';
import { adminApp, apples, catalogueBasics } from './catalogue';
import { form, PNG } from './helpers';

// A product CSV exported by one shop imports whole into another: the export names pictures by the exporting
// shop's full /uploads/… addresses; the importing shop fetches them (each row getting its own copy), and a
// row whose picture cannot be had comes in without it, the report saying which. On SQLite and PostgreSQL.

type Product = { id: number; name: string; image: string | null; images: string[]; price: number; categoryName: string };
type Admin = Awaited<ReturnType<typeof adminApp>>;

const { translate } = polyglotI18nProvider(() => en as never, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
const ROWS = 33;
const WITH_PICTURE = 25;

const servers: http.Server[] = [];
afterEach(async () => {
    vi.unstubAllGlobals();
    while (servers.length) await new Promise((resolve) => servers.pop()!.close(resolve));
});

/** Shop A, served over HTTP on 127.0.0.1: 33 products, 25 with a picture (every fifth of those with a gallery too). */
async function shopA() {
    const a = await adminApp({ publicUrl: 'https://shop-a.example' });
    await catalogueBasics(a.call);
    for (let n = 1; n <= ROWS; n++) {
        const picture = n <= WITH_PICTURE ? { image: PNG, ...(n % 5 === 0 ? { images: [PNG, PNG] } : {}) } : {};
        const made = await a.call('POST', '/api/products', form({ ...apples, name: `Product ${String(n).padStart(2, '0')}`, price: String(100 + n), ...picture }));
        if (made.statusCode !== 201) throw new Error(made.body);
    }
    const origin = (await a.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    return { ...a, origin };
}

/** The Products list's export as the app in shop A's browser writes it (src/crud/schemaExporter.ts). */
async function exportedBy(a: Admin & { origin: string }) {
    vi.stubGlobal('window', { location: { origin: a.origin } });
    const records = (await a.call('GET', '/api/products?sort=id&order=ASC')).json() as never[];
    const related = { attributeId: { 1: { id: 1, name: 'Weight', value: '1 kg' } }, gstId: { 1: { id: 1, type: 'IGST', description: '5% slab', percent: 5 } } };
    return `\ufeff${exportCsv(products, translate, records, related)}`;
}

/** Shop B: another app, another database and public address, with the same categories and rates by name. */
async function shopB(overrides = {}) {
    const b = await adminApp({ publicUrl: 'https://shop-b.example', ...overrides });
    await catalogueBasics(b.call);
    const send = (csv: string, dryRun = false) =>
        b.app.inject({ method: 'POST', url: `/api/products/import${dryRun ? '?dryRun=true' : ''}`, headers: { ...b.headers, 'content-type': 'text/csv' }, payload: csv });
    return { ...b, send };
}

const catalogue = async (shop: Admin) => (await shop.call('GET', '/api/products?sort=id&order=ASC')).json() as Product[];

/** A server that answers every path with the given type and body, as a page or a broken file would. */
async function answering(type: string, body: Buffer | string) {
    const server = http.createServer((_request, response) => response.writeHead(200, { 'Content-Type': type }).end(body));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('CSV export of one shop imported into another', () => {
    it('imports every row, with copies of the pictures fetched from the other shop', { timeout: 120_000 }, async () => {
        const a = await shopA();
        const csv = await exportedBy(a);
        expect(csv).toContain(`${a.origin}/uploads/`);
        const b = await shopB();

        const preview = await b.send(csv, true);
        expect(preview.json(), preview.body).toMatchObject({ dryRun: true, accepted: ROWS, refused: 0 });
        const res = await b.send(csv);
        expect(res.json(), res.body).toMatchObject({ success: true, accepted: ROWS, refused: 0, message: `${ROWS} products added` });
        for (const row of res.json().rows) expect(row.warnings).toEqual({});

        const [before, after] = [await catalogue(a), await catalogue(b)];
        expect(after.map((p) => [p.name, p.price, p.categoryName, p.image !== null, p.images.length])).toEqual(
            before.map((p) => [p.name, p.price, p.categoryName, p.image !== null, p.images.length]),
        );
        expect(after.filter((p) => p.image).length).toBe(WITH_PICTURE);
        // B's own files, served by B: nothing points back at shop A.
        for (const path of after.flatMap((p) => [p.image, ...p.images]).filter((path): path is string => Boolean(path))) {
            expect(path).toMatch(/^\/uploads\/[\w-]+\.png$/);
            const served = await b.app.inject({ method: 'GET', url: path });
            expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
        }
    });

    it("imports a row whose picture cannot be had without it, and says which and why", { timeout: 60_000 }, async () => {
        const a = await shopA();
        const b = await shopB();
        const page = await answering('text/html', '<html>Not found</html>');
        const notPicture = await answering('image/png', 'this is no picture');
        const rows = [
            ['Name', 'Description', 'Category', 'Subcategory', 'Attribute', 'GST', 'Price', 'Image'],
            ['Gone', 'x', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '10', `${a.origin}/uploads/00000000-0000-0000-0000-000000000000.png`],
            ['Page', 'x', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '11', `${page}/uploads/a.png`],
            ['Broken', 'x', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '12', `${notPicture}/uploads/b.png`],
            ['Good', 'x', 'Fruits & Vegetables', 'Fresh Fruits', 'Weight: 1 kg', 'IGST 5%', '13', `${a.origin}${(await catalogue(a))[0].image}`],
        ];
        const res = await b.send(toCsv(rows));
        expect(res.json(), res.body).toMatchObject({ accepted: 4, refused: 0, message: '4 products added; 3 without some of their pictures' });
        const warnings = res.json().rows.map((row: { warnings: Record<string, string> }) => row.warnings.image);
        expect(warnings[0]).toMatch(/could not be fetched: the address answered 404$/);
        expect(warnings[1]).toMatch(/could not be fetched: the address answered text\/html, not a picture$/);
        expect(warnings[2]).toMatch(/^Imported without the pictures fetched from another shop: Please upload a JPEG, PNG, GIF or WebP image$/);
        expect(warnings[3]).toBeUndefined();
        expect((await catalogue(b)).map((p) => [p.name, p.image !== null])).toEqual([['Gone', false], ['Page', false], ['Broken', false], ['Good', true]]);
    });

    it('fetches nothing from a loopback or private address in production: the rows come in without those pictures', { timeout: 90_000 }, async () => {
        const a = await shopA();
        const csv = await exportedBy(a);
        const b = await shopB({ nodeEnv: 'production' });
        const res = await b.send(csv);
        expect(res.json(), res.body).toMatchObject({ accepted: ROWS, refused: 0 });
        const warned = res.json().rows.filter((row: { warnings: Record<string, string> }) => row.warnings.image);
        expect(warned).toHaveLength(WITH_PICTURE);
        expect(warned[0].warnings.image).toContain('127.0.0.1 is a private address');
        expect((await catalogue(b)).filter((p) => p.image || p.images.length)).toEqual([]);
    });
});
