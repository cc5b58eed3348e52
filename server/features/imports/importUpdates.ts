import { sql } from 'kysely';
import type { Actor } from '../../engine/audit';
import type { AnyDb, Row, Values } from '../../engine/rows';
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

/** The matched row updated with the CSV row's fields, with an edit's checks, history line and hooks; answers its id. */
export async function updateMatched(target: ImportTarget, trx: AnyDb, existing: Row, body: Values, actor: Actor): Promise<number> {
    return target.store.updateWithin(trx, existing, body, actor);
}
