import type { Kysely } from 'kysely';
import { createUniqueIndex, uniqueIndexName } from '../uniqueIndex';

// Frozen: a field's `unique` means what an entity's `unique` means — text compared without case or surrounding
// spaces — so the fields that had only a column's exact-match constraint get the index on that expression too.
const INDEXES: Array<[table: string, columns: string[], text: string[]]> = [
    ['page_categories', ['name'], ['name']],
    ['coupons', ['coupon_code'], ['coupon_code']],
    ['pincodes', ['pincode'], ['pincode']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
    for (const [table, columns, text] of INDEXES) await createUniqueIndex(db, table, columns, text);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const [table, columns] of INDEXES) await db.schema.dropIndex(uniqueIndexName(table, columns)).execute();
}
