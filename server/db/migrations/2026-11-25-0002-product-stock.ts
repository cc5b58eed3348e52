import type { Kysely } from 'kysely';
import { createListIndexes, dropListIndexes } from '../listIndexes';
import { createUniqueIndex } from '../uniqueIndex';

// Written by `npm run db:migration` from the schemas (products): review it, then commit it. Frozen once committed.
// By hand: order_lines.stock_taken, how many units the line took from its product's stock (0 when the product's stock
// was not tracked, and again 0 once a cancel or refund has put them back), so stock goes back once.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('products').addColumn('stock', 'integer').execute();
    await db.schema.alterTable('products').addColumn('sku', 'varchar(64)').execute();
    await db.schema.alterTable('products').addColumn('barcode', 'varchar(32)').execute();
    await db.schema.alterTable('order_lines').addColumn('stock_taken', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await createUniqueIndex(db, 'products', ['sku'], ['sku']);
    await dropListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['createdAt', 'status', 'price', 'name', 'stock'], filters: ['gstId', 'attributeId', 'subcategoryId', 'categoryId', 'status'] });
    await createListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['name', 'price', 'stock', 'status', 'createdAt'], filters: ['categoryId', 'subcategoryId', 'attributeId', 'gstId', 'status'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await dropListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['createdAt', 'status', 'price', 'name', 'stock'], filters: ['gstId', 'attributeId', 'subcategoryId', 'categoryId', 'status'] });
    await createListIndexes(db, { table: 'products', search: ['name', 'description'], sort: ['createdAt', 'status', 'price', 'name'], filters: ['gstId', 'attributeId', 'subcategoryId', 'categoryId'] });
    await db.schema.dropIndex('products_sku_unique').execute();
    await db.schema.alterTable('order_lines').dropColumn('stock_taken').execute();
    await db.schema.alterTable('products').dropColumn('barcode').execute();
    await db.schema.alterTable('products').dropColumn('sku').execute();
    await db.schema.alterTable('products').dropColumn('stock').execute();
}
