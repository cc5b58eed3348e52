import type { RaRecord } from 'react-admin';

import type { BulkProductChange } from '../../dataProvider';

export const COLUMNS = ['price', 'mrp', 'stock'] as const;
export type Column = (typeof COLUMNS)[number];
/** What the user typed, by product id and column, as text. */
export type Edits = Record<string, Partial<Record<Column, string>>>;

const shown = (value: unknown) => (value == null ? '' : String(value));

/** The value a cell shows: what was typed, else the stored one. */
export const cellText = (record: RaRecord, edits: Edits, column: Column) => edits[record.id]?.[column] ?? shown(record[column]);

/** Whether a typed value differs from what was loaded (120 and 120.00 are the same price). */
export const isChanged = (record: RaRecord, column: Column, text: string | undefined) => {
    if (text === undefined) return false;
    const before = shown(record[column]);
    if (text.trim() === '' || before === '') return text.trim() !== before;
    return Number(text) !== Number(before) || Number.isNaN(Number(text));
};

/**
 * The rows to send: only the cells changed, each with what the screen showed (`was`), so the server refuses a
 * value someone else changed meanwhile instead of overwriting it. An emptied MRP or stock is sent as null.
 */
export function changesOf(records: RaRecord[], edits: Edits): BulkProductChange[] {
    const changes: BulkProductChange[] = [];
    for (const record of records) {
        const change: BulkProductChange = { id: record.id, was: {} };
        for (const column of COLUMNS) {
            const text = edits[record.id]?.[column];
            if (!isChanged(record, column, text)) continue;
            const value = text!.trim();
            // Stock as typed, in the product's unit (0.75 kg); the server says why a value it cannot take is wrong.
            if (column === 'stock') change.stock = value === '' ? null : /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
            else if (column === 'mrp') change.mrp = value === '' ? null : value;
            else change.price = value;
            change.was![column] = record[column] ?? null;
        }
        if (Object.keys(change.was!).length) changes.push(change);
    }
    return changes;
}

/** A refusal's `errors` (`<id>.<field>` → why) by product id, then field. */
export function errorsById(errors: Record<string, unknown> | undefined): Record<string, Record<string, string>> {
    const byId: Record<string, Record<string, string>> = {};
    for (const [key, text] of Object.entries(errors ?? {})) {
        const match = /^(\d+)\.(\w+)$/.exec(key);
        if (match && typeof text === 'string') (byId[match[1]] ??= {})[match[2]] = text;
    }
    return byId;
}
