import type { Kysely } from 'kysely';
import { createListIndexes, createListState, dropListIndexes, type ListIndexSpec } from '../listIndexes';

// Frozen: the catalogue's lists as they are today; a later list change is a new migration.
const LISTS: ListIndexSpec[] = [
    { table: 'categories', search: ['name', 'description'], sort: ['name', 'status', 'createdAt', 'updatedAt'], filters: ['status'] },
    { table: 'subcategories', search: ['name'], sort: ['name', 'categoryId', 'status', 'createdAt', 'updatedAt'], filters: ['categoryId', 'status'] },
    {
        table: 'attributes',
        search: ['name', 'value', 'description'],
        sort: ['name', 'value', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
    },
    { table: 'gstRates', search: ['type', 'description'], sort: ['type', 'percent', 'status', 'createdAt', 'updatedAt'], filters: ['type', 'status'] },
    { table: 'pincodes', search: ['pincode'], sort: ['pincode', 'prize', 'status', 'createdAt', 'updatedAt'], filters: ['status'] },
    {
        table: 'products',
        search: ['name', 'description'],
        sort: ['name', 'price', 'status', 'createdAt'],
        filters: ['categoryId', 'subcategoryId', 'attributeId', 'gstId', 'status'],
    },
];

export async function up(db: Kysely<unknown>): Promise<void> {
    await createListState(db);
    for (const list of LISTS) await createListIndexes(db, list);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const list of LISTS) await dropListIndexes(db, list);
    await db.schema.dropTable('list_state').execute();
}
