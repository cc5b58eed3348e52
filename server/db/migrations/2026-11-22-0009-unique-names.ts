import type { Kysely } from 'kysely';
import { createUniqueIndex, uniqueIndexName } from '../uniqueIndex';

// Frozen: names staff pick by are unique regardless of case and surrounding spaces.
const INDEXES: Array<[table: string, columns: string[], text: string[]]> = [
    ['categories', ['name'], ['name']],
    ['subcategories', ['category_id', 'name'], ['name']],
    ['products', ['subcategory_id', 'name'], ['name']],
    ['attributes', ['name', 'value'], ['name', 'value']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
    for (const [table, columns, text] of INDEXES) await createUniqueIndex(db, table, columns, text);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const [table, columns] of INDEXES) await db.schema.dropIndex(uniqueIndexName(table, columns)).execute();
}
