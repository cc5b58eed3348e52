import { sql, type Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to these tables is a new migration. (Coupons came with the orders migration.)
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);
    const index = async (table: string, columns: string[]) =>
        db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute();

    await db.schema
        .createTable('banners')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['name', 'status', 'created_at', 'updated_at']) await index('banners', [column]);

    await db.schema
        .createTable('page_categories')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['created_at', 'updated_at']) await index('page_categories', [column]);

    await db.schema
        .createTable('page_contents')
        .addColumn('id', 'integer', id)
        .addColumn('page_category_id', 'integer', (c) => c.notNull().references('page_categories.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['page_category_id', 'title', 'status', 'created_at', 'updated_at']) await index('page_contents', [column]);

    await db.schema
        .createTable('manage_pages')
        .addColumn('id', 'integer', id)
        .addColumn('select_category', 'varchar(120)', (c) => c.notNull())
        .addColumn('page_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('image', 'varchar(255)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    for (const column of ['select_category', 'page_name', 'created_at']) await index('manage_pages', [column]);

    await db.schema
        .createTable('settings')
        .addColumn('id', 'integer', id)
        .addColumn('website', 'varchar(2000)', (c) => c.notNull())
        .addColumn('logo', 'varchar(255)')
        .addColumn('contact', 'varchar(20)')
        .addColumn('email', 'varchar(254)')
        .addColumn('address', 'varchar(500)')
        .addColumn('hours', 'varchar(120)')
        .addColumn('facebook', 'varchar(2000)')
        .addColumn('youtube', 'varchar(2000)')
        .addColumn('instagram', 'varchar(2000)')
        .addColumn('linkedin', 'varchar(2000)')
        .addColumn('twitter', 'varchar(2000)')
        .addColumn('googlemap', 'varchar(2000)')
        .addColumn('metakey', 'varchar(255)')
        .addColumn('keywords', 'varchar(500)')
        .addColumn('description', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await index('settings', ['status']);
    // At most one active row, even when two requests race to activate one each.
    await sql`create unique index settings_one_active on settings (status) where status = 1`.execute(db);

    // Coupons list and sort by these (the table came with the orders migration).
    for (const column of ['start_date', 'expiry_date', 'heading', 'created_at']) await index('coupons', [column]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['settings', 'manage_pages', 'page_contents', 'page_categories', 'banners']) {
        await db.schema.dropTable(table).execute();
    }
}
