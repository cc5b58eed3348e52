import { parse } from 'csv-parse/sync';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

import { activity } from '../../schema/activity';
import { neutraliseCell, restoreCell } from '../../schema/csvCell';
import { products } from '../../schema/products';
import { exportCsv, schemaExporter, toCsv } from '../../src/crud/schemaExporter';
import en from '../../src/i18n/en';

/** Formulas a seller can plant in a name for an administrator to open, and their cousins. */
const PAYLOADS = [
    '=HYPERLINK("http://x","y")',
    '@SUM(1+1)*cmd',
    "+cmd|' /C calc'!A0",
    '-2+3+cmd|\' /C calc\'!A0',
    '\t=1+1',
    '\r=1+1',
    "'=already escaped",
    "''@twice",
];
/** Text that a spreadsheet never runs: it goes out as it is. */
const HARMLESS = ['Apples', "it's fresh", "'quoted'", 'a=b', '5 - 3', '₹40.00', ''];

const FORMULA_START = /^[=+\-@\t\r]/;
const { translate } = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
const cellsOf = (csv: string): string[][] => parse(csv.replace(/^\ufeff/, ''), { relax_column_count: true });

const product = (id: number, name: string) => ({
    id,
    image: null,
    name,
    categoryName: name,
    subcategoryName: 'Pome',
    price: 40,
    gstId: 7,
    status: 1,
    description: name,
    attributeId: 5,
});
const related = { gstId: { 7: { id: 7, type: 'IGST', percent: 18 } }, attributeId: { 5: { id: 5, name: 'Weight', value: '500 g' } } };

describe('CSV cells that a spreadsheet would run as formulas', () => {
    afterEach(() => vi.restoreAllMocks());

    it('go out after an apostrophe and quoted, and come back as they were', () => {
        for (const text of PAYLOADS) {
            const safe = neutraliseCell(text);
            expect(safe, JSON.stringify(text)).toBe(`'${text}`);
            expect(restoreCell(safe)).toBe(text);
            expect(toCsv([[text]])).toBe(`"'${text.replace(/"/g, '""')}"`);
        }
        for (const text of HARMLESS) {
            expect(neutraliseCell(text)).toBe(text);
            expect(restoreCell(text)).toBe(text);
        }
    });

    it('are neutralised in every cell of a list export (names, references, long text), and the file reads back the same', () => {
        const records = PAYLOADS.map((name, i) => product(i + 1, name));
        const csv = exportCsv(products, translate, records, related);
        const [header, ...rows] = cellsOf(csv);
        for (const cell of rows.flat()) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
        const column = (name: string) => rows.map(row => restoreCell(row[header.indexOf(translate(`resources.products.fields.${name}`))]));
        expect(column('name')).toEqual(PAYLOADS);
        expect(column('categoryName')).toEqual(PAYLOADS);
        expect(column('description')).toEqual(PAYLOADS);
        expect(csv).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    });

    it('leave numbers alone: a negative number in a number column goes out as a number, the same text in a text column does not', () => {
        expect(toCsv([[-5, '-5', 3.25, 0, Number.NEGATIVE_INFINITY]])).toBe(`-5,"'-5",3.25,0,"'-Infinity"`);
        const lines = [{ id: 1, createdAt: '2026-11-20T10:30:00.000Z', userEmail: 'asha@grocer.test', action: 'update', entity: 'products', record: -5, changes: '-5', ip: '127.0.0.1' }];
        const [, row] = cellsOf(exportCsv(activity, translate, lines, {}));
        const at = (name: (typeof activity.list.columns)[number]) => activity.list.columns.indexOf(name);
        expect(row[at('record')]).toBe('-5');
        expect(row[at('changes')]).toBe("'-5");
    });

    it('are neutralised in the file the list\'s Export button downloads', async () => {
        let csv = '';
        vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
            const reader = new FileReader();
            reader.onload = () => (csv = String(reader.result));
            reader.readAsText(blob as Blob);
            return 'blob:csv';
        });
        const records = PAYLOADS.map((name, i) => product(i + 1, name));
        const fetchRelated = vi.fn(async (_rows: unknown, column: string) => related[column as keyof typeof related]);
        await schemaExporter(products, translate)(records, fetchRelated as never, {} as never, 'products');
        await waitFor(() => expect(csv).not.toBe(''));
        const [, ...rows] = cellsOf(csv);
        expect(rows).toHaveLength(PAYLOADS.length);
        for (const cell of rows.flat()) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
    });
});
