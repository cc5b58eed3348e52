import { sql } from 'kysely';
import type { Actor } from '../../engine/audit';
import type { AnyDb, Row, Values } from '../../engine/rows';
import { fromUnits } from '../../engine/money';
import type { ImportTarget } from './csvImport';

// An import that overwrites: a row whose key (a product's SKU, the entity's `importKey`) names an existing row
// updates that row instead of adding another, so an exported file, edited in a spreadsheet, imports back as the
// morning's changes.

/** The stored row the CSV row's key names, compared as uniqueness compares it (no case, no surrounding spaces). */
export async function matchingRow({ entity }: Pick<ImportTarget, 'entity'>, trx: AnyDb, body: Values): Promise<Row | undefined> {
    const key = entity.importKey;
    const value = key ? body[key] : undefined;
    if (!key || typeof value !== 'string' || !value.trim()) return undefined;
    return (await trx
        .selectFrom(entity.table)
        .selectAll()
        .where(sql<string>`lower(trim(${sql.ref(key)}))`, '=', value.trim().toLowerCase())
        .executeTakeFirst()) as Row | undefined;
}

/** What one field of a row was and becomes, as the API answers it (amounts in rupees). */
export type FieldChange = { before: unknown; after: unknown };

/**
 * The matched row updated with the CSV row's fields, with an edit's checks, history line and hooks; answers its id
 * and, field by field, what changed (old → new), read back inside the import's transaction: a preview shows it before
 * anything is written.
 */
export async function updateMatched(target: ImportTarget, trx: AnyDb, existing: Row, body: Values, actor: Actor): Promise<{ id: number; changes: Record<string, FieldChange> }> {
    const id = await target.store.updateWithin(trx, existing, body, actor);
    const after = (await trx.selectFrom(target.entity.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
    const { columns, decimals } = target.described;
    const shown = (field: string, value: unknown) => (value == null || !(field in decimals) ? (value ?? null) : fromUnits(Number(value), decimals[field]));
    const changes = Object.fromEntries(
        columns.filter((field) => existing[field] !== after[field]).map((field) => [field, { before: shown(field, existing[field]), after: shown(field, after[field]) }]),
    );
    return { id, changes };
}
