import { windowState } from '../../schema/dates';
import type { EntityParts } from './entityParts';
import { fromUnits, toUnits } from './money';
import { cleanHtml } from './richText';
import type { Row, Values } from './rows';
import { attachSets } from './referenceSets';

/** One body value as it is stored: amounts as integer units, rich text cleaned, codes upper-case. */
function toColumn({ described }: EntityParts, field: string, value: unknown): unknown {
    if (value === null) return null;
    if (field in described.decimals) return typeof value === 'string' && value.trim() === '' ? null : toUnits(value as string | number, described.decimals[field]);
    if (described.richText.includes(field)) return cleanHtml(String(value));
    if (described.upperCase.includes(field)) return String(value).trim().toUpperCase();
    if (described.booleans.includes(field)) return value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0;
    return value;
}

/** API body → column values: only declared fields. */
export const toColumns = (parts: EntityParts, body: Values): Values =>
    Object.fromEntries(parts.described.columns.filter((field) => body[field] !== undefined).map((field) => [field, toColumn(parts, field, body[field])]));

/**
 * Rows → API records without the gallery: decimals back as numbers, the date window's state (by `today`, the
 * shop's day: ShopClock.today()).
 * The rows are fresh from the database and nobody else's, so they become the records in place: a bare list
 * streams 100,000 of them, and a copy of each was garbage enough to make the heap grow while it did.
 */
export function decorate({ entity, described }: EntityParts, rows: Row[], today: string | undefined): Values[] {
    const records = rows as Values[];
    const decimals = Object.entries(described.decimals);
    for (const record of records) {
        for (const [field, places] of decimals) record[field] = record[field] == null ? null : fromUnits(Number(record[field]), places);
        for (const field of described.booleans) record[field] = record[field] == null ? null : Number(record[field]) === 1;
        for (const field of described.json) record[field] = typeof record[field] === 'string' ? JSON.parse(record[field]) : (record[field] ?? null);
        if (entity.window && today) record.state = windowState(entity.window, record as Row, today);
    }
    return records;
}

/** Rows → API records: `decorate`, and the sets and the gallery attached, a query each. */
export async function present(parts: EntityParts, rows: Row[], today: string | undefined): Promise<Values[]> {
    const records = await attachSets(parts.db, parts.described.sets, decorate(parts, rows, today));
    return parts.gallery ? parts.gallery.attach(parts.db, records) : records;
}
