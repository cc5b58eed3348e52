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
/** A phone number as people write it: digits, spaces, +, -, brackets; 10 to 15 digits in all is checked apart. */
export const PHONE_PATTERN = '^\\+?[0-9 ()-]{10,20}$';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** The pattern a field's value must match, from its type or its own `pattern`. */
export function patternOf(field: Field): string | undefined {
    if (field.pattern) return field.pattern;
    return { email: EMAIL_PATTERN, url: URL_PATTERN, phone: PHONE_PATTERN, date: DATE_PATTERN }[field.type as string];
}

export const isTextType = (type: Field['type']) => type in DEFAULT_MAX || type === 'date';
export const isDecimalType = (type: Field['type']) => type === 'money' || type === 'percent';
export const isFileType = (type: Field['type']) => type === 'image' || type === 'gallery';

/** How a gallery's order names the i-th file a save sends (from 0, in the order of the body's parts), beside stored paths. */
export const newGalleryPicture = (i: number) => `new:${i}`;

/** The decimal rule of a money or percent field. */
export const decimalRule = (name: string, field: Field) => ({
    places: field.places ?? 2,
    max: field.max ?? (field.type === 'percent' ? 100 : 10_000_000),
    label: field.label ?? name,
});
