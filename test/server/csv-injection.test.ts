// Not run again on PostgreSQL: CSV text in and out, compared within one database.
import { parse } from 'csv-parse/sync';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApp, type Call } from './catalogue';
import { products } from '../../schema/products';
import { exportCsv, type RelatedRecords } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';

/**
 * Text a spreadsheet would run as a formula goes out of the list's export neutralised,
 * and the import reads it back as the same text: export → import gives the same names, on either database.
 */

const FORMULAS = ['=HYPERLINK("http://x","y")', '@SUM(1+1)*cmd', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "'=already escaped"];
const FORMULA_START = /^[=+\-@\t\r]/;

type Admin = Awaited<ReturnType<typeof adminApp>>;
type Row = Record<string, unknown> & { id: number };

const importCsv = (t: Admin, url: string, csv: string) => t.app.inject({ method: 'POST', url, headers: { ...t.headers, 'content-type': 'text/csv' }, payload: csv });
const rows = async (call: Call, url: string): Promise<Row[]> => (await call('GET', url)).json();
const byId = (list: Row[]) => Object.fromEntries(list.map((row) => [row.id, row]));
const { translate } = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });

/** Categories, subcategories, an attribute and a GST rate named like formulas, then one product per formula. */
async function formulaCatalogue(call: Call, { products: withProducts }: { products: boolean }) {
    const bodies: Array<[string, Record<string, unknown>]> = [
        ['/api/categories', { name: FORMULAS[0], description: '=1+1' }],
        ['/api/categories', { name: FORMULAS[1], description: 'Staples' }],
        ['/api/subcategories', { categoryId: 1, name: FORMULAS[2] }],
        ['/api/subcategories', { categoryId: 2, name: FORMULAS[3] }],
        ['/api/attribute', { name: '=cmd', value: '-1 kg' }],
        ['/api/gst', { type: 'IGST', description: '@x', percent: 5 }],
    ];
    if (withProducts) {
        FORMULAS.forEach((name, i) =>
            bodies.push(['/api/products', { name, description: `-${name}`, categoryId: 1 + (i % 2), subcategoryId: 1 + (i % 2), attributeId: 1, gstId: 1, price: 10 + i }]),
        );
    }
    for (const [url, body] of bodies) {
        const res = await call('POST', url, body);
        if (res.statusCode !== 201) throw new Error(`${url}: ${res.body}`);
    }
}

/** What a person reads of each product, references by name. */
async function catalogueOf(call: Call) {
    return (await rows(call, '/api/products?sort=name')).map((p) => ({
        name: p.name,
        description: p.description,
        category: p.categoryName,
        subcategory: p.subcategoryName,
        attributeId: p.attributeId,
        price: p.price,
    }));
}

/** The Products list's export, as the app writes it (src/crud/schemaExporter.ts). */
async function exported(call: Call) {
    const related: RelatedRecords = { attributeId: byId(await rows(call, '/api/attribute')), gstId: byId(await rows(call, '/api/gst')) };
    return `\ufeff${exportCsv(products, translate, await rows(call, '/api/products?sort=id'), related)}`;
}

describe('CSV export and import of text that looks like a formula', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('exports no cell a spreadsheet would run, and imports the file back with the same names and references', async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const shop = await adminApp();
        await formulaCatalogue(shop.call, { products: true });
        const original = await catalogueOf(shop.call);
        expect(original.map((p) => p.name).sort()).toEqual([...FORMULAS].sort());

        const csv = await exported(shop.call);
        const cells = (parse(csv, { bom: true }) as string[][]).flat();
        for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
        expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);

        const copy = await adminApp();
        await formulaCatalogue(copy.call, { products: false });
        const preview = await importCsv(copy, '/api/products/import?dryRun=true', csv);
        expect(preview.json(), preview.body).toMatchObject({ accepted: FORMULAS.length, refused: 0 });
        // The preview shows each cell as it will be stored.
        const nameAt = preview.json().columns.indexOf('Name');
        expect(preview.json().rows.map((row: { cells: string[] }) => row.cells[nameAt])).toEqual(FORMULAS);

        const res = await importCsv(copy, '/api/products/import', csv);
        expect(res.json(), res.body).toMatchObject({ accepted: FORMULAS.length, refused: 0 });
        expect(await catalogueOf(copy.call)).toEqual(original);
    });

    it('exports and imports back exactly names that start with a tab, a carriage return or a space, or end with spaces', { timeout: 60_000 }, async () => {
        vi.stubGlobal('window', { location: { origin: 'http://shop.test' } });
        const fruits = ['Apples', 'Pears', 'Plums', 'Figs', 'Dates'];
        const names = [
            ...fruits.map((fruit) => `\t${fruit}`),
            ...fruits.map((fruit, i) => (i % 2 ? `\r${fruit} 2` : `\r\n${fruit} 2`)),
            ...fruits.map((fruit, i) => [` ${fruit} 3`, `${fruit} 3  `, `  ${fruit} 3 `, `${fruit} 3\t`, ` \t${fruit} 3`][i]),
        ];
        const shop = await adminApp();
        await formulaCatalogue(shop.call, { products: false });
        for (const [i, name] of names.entries()) {
            const made = await shop.call('POST', '/api/products', { name, description: ` Crisp ${i} `, categoryId: 1, subcategoryId: 1, attributeId: 1, gstId: 1, price: 10 + i });
            expect(made.statusCode, made.body).toBe(201);
        }
        const original = await catalogueOf(shop.call);
        expect(original.map((p) => p.name).sort()).toEqual([...names].sort());

        const csv = await exported(shop.call);
        // The protection stays: no cell a spreadsheet reads starts with a tab or a carriage return.
        for (const cell of (parse(csv, { bom: true }) as string[][]).flat()) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);

        const copy = await adminApp();
        await formulaCatalogue(copy.call, { products: false });
        const res = await importCsv(copy, '/api/products/import', csv);
        expect(res.json(), res.body).toMatchObject({ accepted: names.length, refused: 0 });
        expect(await catalogueOf(copy.call)).toEqual(original);
    });

    it('reads an apostrophe only as the export\'s mark before a formula character: other apostrophes are text', async () => {
        const t = await adminApp();
        await formulaCatalogue(t.call, { products: false });
        // Written by hand, as a spreadsheet saves it (toCsv would add its own marks): the first row has
        // apostrophes that mark nothing, the second the export's mark, the third a formula without one.
        const csv = [
            'Name,Description,Category,Subcategory,Attribute,GST,Price',
            `'Apples',it's '=fresh',"=HYPERLINK(""http://x"",""y"")",+cmd|' /C calc'!A0,=cmd: -1 kg,IGST 5%,10`,
            `'=SUM(1),x,"'=HYPERLINK(""http://x"",""y"")","'+cmd|' /C calc'!A0",'=cmd: -1 kg,IGST 5%,11`,
            `@plain,x,"=HYPERLINK(""http://x"",""y"")",+cmd|' /C calc'!A0,=cmd: -1 kg,IGST 5%,12`,
        ].join('\r\n');
        const res = await importCsv(t, '/api/products/import', csv);
        expect(res.json(), res.body).toMatchObject({ accepted: 3, refused: 0 });
        expect((await rows(t.call, '/api/products?sort=id')).map((p) => [p.name, p.description, p.categoryName])).toEqual([
            ["'Apples'", "it's '=fresh'", FORMULAS[0]],
            ['=SUM(1)', 'x', FORMULAS[0]],
            ['@plain', 'x', FORMULAS[0]],
        ]);
    });
});
