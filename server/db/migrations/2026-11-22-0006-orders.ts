import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from '../dialect';

// Frozen: a later change to these tables is a new migration.
// Money is integer paise; percentages integer hundredths of a percent; timestamps ISO-8601 UTC text.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);
    const index = async (table: string, columns: string[]) =>
        db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute();

    // The coupon admin screens are built on this shape later; orders read it when a code is applied.
    await db.schema
        .createTable('coupons')
        .addColumn('id', 'integer', id)
        .addColumn('image', 'varchar(255)')
        .addColumn('heading', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('coupon_code', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('discount_type', 'varchar(10)', (c) => c.notNull().check(sql`discount_type in ('percentage', 'fixed')`))
        .addColumn('discount_value', 'integer', (c) => c.notNull())
        .addColumn('minimum_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('expiry_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)')
        .execute();
    await index('coupons', ['status']);

    await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id'))
        // Copies as ordered: a later change of the account does not rewrite the order.
        .addColumn('customer_name', 'varchar(120)', (c) => c.notNull())
        .addColumn('customer_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('pincode', 'varchar(6)', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('payment_method', 'varchar(10)', (c) => c.notNull().check(sql`payment_method in ('online', 'cod')`))
        .addColumn('status', 'varchar(20)', (c) =>
            c.notNull().check(sql`status in ('placed', 'paid', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'refunded')`),
        )
        .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
        .addColumn('tax_total', 'integer', (c) => c.notNull().check(sql`tax_total >= 0`))
        .addColumn('delivery_charge', 'integer', (c) => c.notNull().check(sql`delivery_charge >= 0`))
        .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount >= 0`))
        .addColumn('total_price', 'integer', (c) => c.notNull().check(sql`total_price >= 0`))
        .addColumn('coupon_code', 'varchar(40)')
        .addColumn('paid_at', 'varchar(32)')
        .addColumn('payment_reference', 'varchar(100)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    // Every list sort and filter, with id as the tie-breaker the list orders by.
    await index('orders', ['created_at', 'id']);
    await index('orders', ['status', 'created_at']);
    await index('orders', ['customer_id', 'created_at']);
    await index('orders', ['total_price', 'id']);
    await index('orders', ['customer_name', 'id']);

    // Customer-name search: substring matches through an index on both databases.
    if (isPostgres(db)) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        // The extension lives in one schema per database; its operator class is named there.
        const { rows } = await sql<{ schema: string }>`
            select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
        const opclass = sql`${sql.id(rows[0].schema)}.gin_trgm_ops`;
        await sql`create index orders_customer_name_trgm_idx on orders using gin (lower(customer_name) ${opclass})`.execute(db);
    } else {
        await sql`create virtual table orders_search using fts5(customer_name, content='orders', content_rowid='id', tokenize='trigram')`.execute(db);
        await sql`create trigger orders_search_insert after insert on orders begin
            insert into orders_search(rowid, customer_name) values (new.id, new.customer_name); end`.execute(db);
        await sql`create trigger orders_search_delete after delete on orders begin
            insert into orders_search(orders_search, rowid, customer_name) values ('delete', old.id, old.customer_name); end`.execute(db);
        await sql`create trigger orders_search_update after update of customer_name on orders begin
            insert into orders_search(orders_search, rowid, customer_name) values ('delete', old.id, old.customer_name);
            insert into orders_search(rowid, customer_name) values (new.id, new.customer_name); end`.execute(db);
    }

    await db.schema
        .createTable('order_lines')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 100`))
        .addColumn('gst_percent', 'integer', (c) => c.notNull())
        .addColumn('line_total', 'integer', (c) => c.notNull())
        .addColumn('tax', 'integer', (c) => c.notNull())
        .execute();
    await index('order_lines', ['order_id']);
    await index('order_lines', ['product_id']);

    await db.schema
        .createTable('order_status_history')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('from_status', 'varchar(20)')
        .addColumn('to_status', 'varchar(20)', (c) => c.notNull())
        .addColumn('note', 'varchar(500)')
        .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('changed_by_name', 'varchar(120)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await index('order_status_history', ['order_id', 'id']);

    // Our record of each payment asked of the provider; provider_order_id is its order or payment link id.
    await db.schema
        .createTable('payments')
        .addColumn('id', 'integer', id)
        .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('provider', 'varchar(20)', (c) => c.notNull())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('order', 'link')`))
        .addColumn('provider_order_id', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('provider_payment_id', 'varchar(100)')
        .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('created', 'paid')`))
        .addColumn('short_url', 'varchar(500)')
        .addColumn('paid_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    await index('payments', ['order_id']);
    await index('payments', ['user_id']);

    // The built-in test provider's own ledger: what a real provider would keep on its side.
    await db.schema
        .createTable('test_provider_charges')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('description', 'varchar(200)')
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('payment_id', 'varchar(40)')
        .addColumn('callback_url', 'varchar(500)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    if (!isPostgres(db)) await sql`drop table if exists orders_search`.execute(db);
    for (const table of ['test_provider_charges', 'payments', 'order_status_history', 'order_lines', 'orders', 'coupons']) {
        await db.schema.dropTable(table).execute();
    }
}
