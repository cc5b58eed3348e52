import { sql, type Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to these tables is a new migration.
// Money is integer paise and GST percent integer hundredths: exact in both dialects.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);
    const index = async (table: string, columns: string[]) =>
        db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute();

    await db.schema
        .createTable('subcategories')
        .addColumn('id', 'integer', id)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['category_id', 'name', 'status']) await index('subcategories', [column]);

    await db.schema
        .createTable('attributes')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('value', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['name', 'status']) await index('attributes', [column]);

    await db.schema
        .createTable('gst_rates')
        .addColumn('id', 'integer', id)
        .addColumn('type', 'varchar(4)', (c) => c.notNull().check(sql`type in ('CGST', 'SGST', 'IGST')`))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent between 0 and 10000`))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['type', 'status']) await index('gst_rates', [column]);

    await db.schema
        .createTable('products')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('subcategory_id', 'integer', (c) => c.notNull().references('subcategories.id'))
        .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id'))
        .addColumn('gst_id', 'integer', (c) => c.notNull().references('gst_rates.id'))
        .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['category_id', 'subcategory_id', 'attribute_id', 'gst_id', 'created_by', 'status', 'name', 'price', 'created_at']) {
        await index('products', [column]);
    }

    await db.schema
        .createTable('product_images')
        .addColumn('id', 'integer', id)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('image', 'varchar(255)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addUniqueConstraint('product_images_product_id_position_key', ['product_id', 'position'])
        .execute();

    await db.schema
        .createTable('pincodes')
        .addColumn('id', 'integer', id)
        .addColumn('pincode', 'varchar(6)', (c) => c.notNull().unique())
        .addColumn('prize', 'integer', (c) => c.notNull().check(sql`prize >= 0`))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await index('pincodes', ['status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['pincodes', 'product_images', 'products', 'gst_rates', 'attributes', 'subcategories']) {
        await db.schema.dropTable(table).execute();
    }
}
