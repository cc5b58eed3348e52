import type { Kysely } from 'kysely';
import { createColumnVersions, createListIndexes, dropColumnVersions, dropListIndexes } from '../listIndexes';

// Written by `npm run db:migration` from the schemas (products), and the users' updatedAt index: review it, then commit it. Frozen once committed.
export async function up(db: Kysely<unknown>): Promise<void> {
    await dropListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['createdAt', 'status', 'stock', 'price', 'name', 'updatedAt', 'sku'], filters: ['gstId', 'attributeId', 'subcategoryId', 'categoryId', 'status'] });
    await createListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['name', 'price', 'stock', 'status', 'createdAt', 'updatedAt', 'sku'], filters: ['categoryId', 'subcategoryId', 'attributeId', 'gstId', 'status'] });
    await createColumnVersions(db, 'products');
    // Users are as many as customers: their list sorts by updatedAt for integrators who sync them.
    await db.schema.createIndex('users_updated_at_id_idx').on('users').columns(['updated_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('users_updated_at_id_idx').execute();
    await dropColumnVersions(db, 'products');
    await dropListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['createdAt', 'status', 'stock', 'price', 'name', 'updatedAt', 'sku'], filters: ['gstId', 'attributeId', 'subcategoryId', 'categoryId', 'status'] });
    await createListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['createdAt', 'status', 'stock', 'price', 'name'], filters: ['gstId', 'attributeId', 'subcategoryId', 'categoryId'] });
    await createColumnVersions(db, 'products');
}
