import { checkOf } from './checks';
import type { Field } from './types';

// Fields every form of a kind shares, so that a schema reads as a list of what is special about it.

/** Characters allowed in a text field when the schema sets no `max`. */
export const DEFAULT_MAX: Partial<Record<Field['type'], number>> = {
    text: 255,
    longText: 2000,
    richText: 100_000,
    email: 254,
    url: 2000,
    phone: 20,
};

/** An e-mail address: something, an @, something, a dot, something. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** Only web links: never `javascript:` or `data:`. */
export const URL_PATTERN = '^https?://\\S+$';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** The pattern a field's value must match: its own `pattern`, its named check's, or its type's. */
export function patternOf(field: Field): string | undefined {
    if (field.pattern) return field.pattern;
    return checkOf(field)?.pattern ?? { email: EMAIL_PATTERN, url: URL_PATTERN, date: DATE_PATTERN }[field.type as string];
}

/** The most characters a text field takes: its own `max`, its named check's, or its type's. */
export const textMax = (field: Field): number => field.max ?? checkOf(field)?.max ?? DEFAULT_MAX[field.type] ?? 255;

export const isTextType = (type: Field['type']) => type in DEFAULT_MAX || type === 'date';
export const isDecimalType = (type: Field['type']) => type === 'money' || type === 'percent' || type === 'quantity';
/** A set of ids of another entity, kept in a table of its own rather than a column of the row. */
export const isManyType = (type: Field['type']) => type === 'referenceMany';
export const isFileType = (type: Field['type']) => type === 'image' || type === 'gallery';

/** How a gallery's order names the i-th file a save sends (from 0, in the order of the body's parts), beside stored paths. */
export const newGalleryPicture = (i: number) => `new:${i}`;

/** The decimal rule of a money, percent or quantity field. */
export const decimalRule = (name: string, field: Field) => ({
    places: field.places ?? (field.type === 'quantity' ? 3 : 2),
    max: field.max ?? (field.type === 'percent' ? 100 : 10_000_000),
    label: field.label ?? name,
});
