import { sql, type Kysely } from 'kysely';
import { createColumnVersions, createListIndexes, dropColumnVersions, dropListIndexes } from '../listIndexes';
import { createUniqueIndex } from '../uniqueIndex';

// Written by `npm run db:migration` from the schemas (products), then reviewed: every product becomes a product
// with one variant, its own row (no parent, position 1), so its order lines, stock and pictures stay where they are.
// Its name is unique within its subcategory per option now, since a product's variants share the name.
const filtersBefore = ['categoryId', 'subcategoryId', 'attributeId', 'gstId', 'status'];
const lists = (filters: string[]) => ({ table: 'products', search: ['name', 'description'], sort: ['name', 'price', 'stock', 'status', 'createdAt', 'updatedAt', 'sku'], filters });

export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('products').addColumn('parent_id', 'integer', (c) => c.references('products.id')).execute();
    await db.schema.alterTable('products').addColumn('option', 'varchar(60)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('products').addColumn('weight', 'integer', (c) => c.check(sql`weight >= 0`)).execute();
    await db.schema.alterTable('products').addColumn('position', 'integer', (c) => c.notNull().defaultTo(1).check(sql`position >= 1`)).execute();
    await db.schema.dropIndex('products_subcategory_id_name_unique').execute();
    await createUniqueIndex(db, 'products', ['subcategory_id', 'option', 'name'], ['option', 'name']);
    await dropListIndexes(db, lists(filtersBefore));
    await createListIndexes(db, lists([...filtersBefore, 'parentId', 'position']));
    await createColumnVersions(db, 'products');
}

export async function down(db: Kysely<unknown>): Promise<void> {
    const variants = await sql<{ n: number }>`select count(*) as n from products where parent_id is not null`.execute(db);
    if (Number(variants.rows[0].n)) throw new Error('Products have variants: they cannot be undone into single products without losing them');
    await dropColumnVersions(db, 'products');
    await dropListIndexes(db, lists([...filtersBefore, 'parentId', 'position']));
    await createListIndexes(db, lists(filtersBefore));
    await db.schema.dropIndex('products_subcategory_id_option_name_unique').execute();
    await createUniqueIndex(db, 'products', ['subcategory_id', 'name'], ['name']);
    for (const column of ['position', 'weight', 'option', 'parent_id']) await db.schema.alterTable('products').dropColumn(column).execute();
    await createColumnVersions(db, 'products');
}
