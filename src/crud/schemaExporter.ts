import { downloadCSV, type Exporter, type RaRecord, type TranslateFunction } from 'react-admin';

import { represent } from '../../schema/registry';
import type { EntitySchema } from '../../schema/types';
import { formatRupees } from '../common/MoneyField';
import { formatPercent } from '../common/PercentField';
import { absoluteImageUrl } from '../config';
import { schemaNamed } from './schemas';

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const toCsv = (rows: string[][]): string => rows.map(row => row.map(cell).join(',')).join('\r\n');

/**
 * The CSV of a generated list: its columns under their on-screen labels, with what staff read on screen —
 * names rather than ids, 'Active'/'Inactive', rupees, full image addresses.
 */
export const schemaExporter =
    (schema: EntitySchema, translate: TranslateFunction): Exporter =>
    async (records: RaRecord[], fetchRelatedRecords) => {
        const { columns } = schema.list;
        const related: Record<string, Record<string, RaRecord>> = {};
        for (const column of columns) {
            const field = schema.fields[column];
            if (field?.type === 'reference' && !field.display) {
                related[column] = (await fetchRelatedRecords(records, column, field.reference!)) as Record<string, RaRecord>;
            }
        }
        const text = (record: RaRecord, column: string): string => {
            const value = record[column];
            if (column === 'status') return translate(Number(value) === 1 ? 'app.status.active' : 'app.status.inactive');
            if (value == null || value === '') return '';
            const field = schema.fields[column];
            switch (field?.type) {
                case 'money':
                    return formatRupees(Number(value));
                case 'percent':
                    return formatPercent(Number(value));
                case 'image':
                    return absoluteImageUrl(String(value));
                case 'gallery':
                    return (Array.isArray(value) ? value : []).map(path => absoluteImageUrl(String(path))).join(' ');
                case 'reference': {
                    if (field.display) return String(record[field.display.as] ?? value);
                    const target = related[column]?.[value];
                    const targetSchema = schemaNamed(field.reference);
                    return target && targetSchema ? represent(targetSchema, target) : String(value);
                }
                default:
                    return String(value);
            }
        };
        const header = columns.map(column => translate(`resources.${schema.name}.fields.${column}`, { _: column }));
        const csv = toCsv([header, ...records.map(record => columns.map(column => text(record, column)))]);
        // A byte-order mark, so that spreadsheet programs read the rupee sign and Hindi as UTF-8.
        downloadCSV(`\ufeff${csv}`, schema.name);
    };
