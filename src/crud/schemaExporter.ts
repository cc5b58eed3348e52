import { downloadCSV, type Exporter, type RaRecord, type TranslateFunction } from 'react-admin';

import { neutraliseCell } from '../../schema/csvCell';
import { isFileType } from '../../schema/fields';
import { represent, writableFields } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { absoluteImageUrl } from '../config';
import { schemaNamed } from './schemas';

/** What a CSV cell holds: text, or a number written as one (a finite number cannot be a formula). */
export type CsvCell = string | number;

/**
 * One CSV cell: text that a spreadsheet would run as a formula is neutralised (schema/csvCell.ts) and
 * quoted, as OWASP advises; any cell is quoted when it holds a comma, a quote or a line break, or starts or
 * ends with white space, which a quoted cell keeps in every reader (the import takes text exactly as written).
 */
function cell(value: CsvCell): string {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    const text = String(value);
    const safe = neutraliseCell(text);
    return safe !== text || /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const toCsv = (rows: CsvCell[][]): string => rows.map(row => row.map(cell).join(',')).join('\r\n');

/**
 * The columns a list's CSV holds: the list's own, then, where the list takes an import, every other field
 * the form fills in (a product's description and attribute), so that an exported file imports back whole.
 * Pictures go as their full addresses (the list's image column, the gallery's separated by spaces): the import
 * takes back this shop's by name, and fetches another shop's.
 */
export function exportColumns(schema: EntitySchema): string[] {
    const { columns } = schema.list;
    if (!schema.import) return columns;
    const shown = (name: string) => columns.includes(name) || columns.includes(schema.fields[name].display?.as ?? name);
    // A gallery goes as its pictures' addresses, which the import takes back (by name here, fetched in another shop).
    const rest = writableFields(schema).filter(([name, field]) => !field.keeps && (!isFileType(field.type) || field.type === 'gallery') && !shown(name));
    return [...columns, ...rest.map(([name]) => name)];
}

/** The referenced rows a CSV names, by reference field and id (react-admin's `fetchRelatedRecords` answers). */
export type RelatedRecords = Record<string, Record<string, RaRecord>>;

/**
 * A list's rows as CSV text, with what staff read on screen: names rather than ids, 'Active'/'Inactive', an
 * enum's words, amounts as plain numbers, full image addresses, under the columns' on-screen labels; text that a spreadsheet
 * would run as a formula is written so that it does not.
 */
export function exportCsv(schema: EntitySchema, translate: TranslateFunction, records: RaRecord[], related: RelatedRecords): string {
    const columns = exportColumns(schema);
    const text = (record: RaRecord, column: string): CsvCell => {
        const value = record[column];
        if (column === 'status') return translate(Number(value) === 1 ? 'app.status.active' : 'app.status.inactive');
        if (value == null || value === '') return '';
        const field = schema.fields[column];
        switch (field?.type) {
            case 'money':
            case 'percent':
            case 'quantity':
                // A number a spreadsheet can add up (79.5, not '₹79.50'): the column's title says ₹ or %.
                return Number.isFinite(Number(value)) ? Number(value) : String(value);
            case 'enum':
                return translate(`resources.${schema.name}.choices.${column}.${value}`, { _: String(value) });
            case 'image':
                return absoluteImageUrl(String(value));
            case 'gallery':
                return (Array.isArray(value) ? value : []).map(path => absoluteImageUrl(String(path))).join(' ');
            case 'integer':
            case 'number':
                // A number goes out as a number: a negative one is no formula and needs no apostrophe.
                return typeof value === 'number' ? value : String(value);
            case 'reference': {
                if (field.display) return String(record[field.display.as] ?? value);
                const target = related[column]?.[value];
                const targetSchema = schemaNamed(field.reference);
                return target && targetSchema ? represent(targetSchema, target) : String(value);
            }
            case 'referenceMany': {
                // The rows' names, separated by semicolons, which the import reads back one by one.
                const targetSchema = schemaNamed(field.reference);
                const names = (Array.isArray(value) ? value : []).map(id => {
                    const target = related[column]?.[id];
                    return target && targetSchema ? represent(targetSchema, target) : String(id);
                });
                return names.join('; ');
            }
            default:
                return String(value);
        }
    };
    const header = columns.map(column => translate(`resources.${schema.name}.fields.${column}`, { _: column }));
    return toCsv([header, ...records.map(record => columns.map(column => text(record, column)))]);
}

/** The export of a generated list: the referenced rows fetched, then the CSV downloaded. */
export const schemaExporter =
    (schema: EntitySchema, translate: TranslateFunction): Exporter =>
    async (records: RaRecord[], fetchRelatedRecords) => {
        const related: RelatedRecords = {};
        for (const column of exportColumns(schema)) {
            const field = schema.fields[column];
            const named = records.some(record => record[column] != null && !(Array.isArray(record[column]) && !record[column].length));
            // None named (products without a parent: no variants yet): nothing to ask for.
            if (named && ((field?.type === 'reference' && !field.display) || field?.type === 'referenceMany')) {
                related[column] = (await fetchRelatedRecords(records, column, field.reference!)) as Record<string, RaRecord>;
            }
        }
        // A byte-order mark, so that spreadsheet programs read the rupee sign and Hindi as UTF-8.
        downloadCSV(`\ufeff${exportCsv(schema, translate, records, related)}`, schema.name);
    };
