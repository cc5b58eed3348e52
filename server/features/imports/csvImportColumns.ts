import * as en from '../../../schema/labels/en';
import * as hi from '../../../schema/labels/hi';
import { DEFAULT_MAX, isFileType } from '../../../schema/fields';
import { fieldTitle } from '../../../schema/messages';
import { writableFields } from '../../../schema/registry';
import type { EntitySchema, Field } from '../../../schema/types';

/**
 * What one CSV column holds: a field of the body (with, for an enum, its on-screen words → stored values),
 * the row's status, or something an import does not take.
 */
export type ColumnRole =
    | { kind: 'field'; field: string; def: Field; choices?: Map<string, string> }
    | { kind: 'picture'; field: string; def: Field }
    | { kind: 'status' }
    | { kind: 'ignored' };

const LANGUAGES = [en, hi].map((language) => ({ resources: language.resourceWords, status: language.statusWords }));

/** Titles are compared without regard to case, surrounding spaces or a spreadsheet's non-breaking spaces. */
export const titleKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Every title an import understands for an entity, mapped to what it holds: the field's name itself, and
 * the on-screen label in English and Hindi (what the list's CSV export writes as its header). A reference
 * is also known by its display column's title (`categoryName` → Category). The id is read and left out (an
 * import adds new rows); an image or gallery column names pictures already uploaded to the shop (importPictures.ts).
 */
export function importColumns(entity: EntitySchema): Map<string, ColumnRole> {
    const roles = new Map<string, ColumnRole>();
    // The schema's own title too: what the export writes for an entity without words of its own.
    const titlesOf = (key: string) => [
        key,
        fieldTitle(key, entity.fields[key]),
        ...LANGUAGES.map((labels) => labels.resources[entity.name]?.fields?.[key]).filter((t): t is string => Boolean(t)),
    ];
    const add = (key: string, role: ColumnRole) => {
        for (const title of titlesOf(key)) if (!roles.has(titleKey(title))) roles.set(titleKey(title), role);
    };
    for (const [name, def] of writableFields(entity)) {
        if (def.keeps) continue;
        const role: ColumnRole = isFileType(def.type)
            ? { kind: 'picture', field: name, def }
            : { kind: 'field', field: name, def, choices: def.choices && choiceValues(entity, name, def.choices) };
        add(name, role);
        if (def.display) add(def.display.as, role);
    }
    add('id', { kind: 'ignored' });
    add('status', { kind: 'status' });
    return roles;
}

/** An enum's values by what the export writes for them (`resources.<name>.choices.<field>.<value>`, both languages) and by themselves. */
function choiceValues(entity: EntitySchema, field: string, values: readonly string[]): Map<string, string> {
    const byWords = new Map<string, string>();
    for (const value of values) {
        for (const labels of LANGUAGES) {
            const words = labels.resources[entity.name]?.choices?.[field]?.[value];
            if (words) byWords.set(titleKey(words), value);
        }
        byWords.set(titleKey(value), value);
    }
    return byWords;
}

/** The words the export writes for a status, in both languages, to 1 or 0. */
export function statusValue(text: string): 0 | 1 | undefined {
    const key = titleKey(text);
    for (const labels of LANGUAGES) {
        if (key === titleKey(labels.status.active)) return 1;
        if (key === titleKey(labels.status.inactive)) return 0;
    }
    if (key === '1') return 1;
    if (key === '0') return 0;
    return undefined;
}

/** The title a person reads for a field, for messages about the header. */
export const englishTitle = (entity: EntitySchema, field: string) => en.resourceWords[entity.name]?.fields?.[field] ?? field;

/**
 * A cell as the create route's body takes it: amounts without the rupee sign, Indian digit grouping or a
 * percent sign ('₹1,20,000.50' → '120000.50'); an enum's on-screen words as its value ('Fixed amount (₹)' →
 * 'fixed'); whole numbers as numbers when they are numbers (anything else is left as text, for the schema
 * to refuse in its own words). Text is taken exactly as the cell holds it, surrounding spaces, tabs and line
 * breaks included: the export writes what is stored, and an import of it must store the same (the API keeps
 * such text as sent, so trimming here would make an export → import change names).
 */
export function cellValue({ def, choices }: { def: Field; choices?: Map<string, string> }, cell: string): unknown {
    if (def.type in DEFAULT_MAX) return cell;
    const text = cell.trim();
    switch (def.type) {
        case 'enum':
            return choices?.get(titleKey(text)) ?? text;
        case 'money':
        case 'percent':
        case 'quantity':
            return text.replace(/[₹,%\s]/g, '').replace(/^Rs\.?/i, '');
        case 'integer':
        case 'number':
            return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
        default:
            return text;
    }
}
