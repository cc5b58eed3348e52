import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

// Frozen: a later change is a new migration.
export async function up(db: Kysely<unknown>): Promise<void> {
    // Orders waiting to be packed (paid online, or placed cash on delivery), newest first: the list's toPack filter
    // walks this partial index and the dashboard counts it, without reading the other orders. The queries
    // write the same condition with the same literals (lib/orders/workflow.ts TO_PACK_SQL), which is what lets
    // either database see that the index covers them.
    await sql`create index orders_to_pack_idx on orders (created_at, id)
        where (payment_method = 'online' and status = 'paid') or (payment_method = 'cod' and status = 'placed')`.execute(db);

    // A refund asked of the payment provider: its id (rfnd_…, or 'manual' for cash handed back) and when.
    await db.schema.alterTable('orders').addColumn('refund_reference', 'varchar(100)').execute();
    await db.schema.alterTable('orders').addColumn('refunded_at', 'varchar(32)').execute();

    if (isPostgres(db)) {
        // PostgreSQL's customer-name search: a trigram match over the orders themselves must recheck every
        // matching row in the table (a common surname is thousands of rows across the whole heap), so the names
        // are matched in this small dictionary of the distinct names orders carry, and the orders of those names
        // are then counted and paged through the plain (customer_name, id) index. Kept by statement triggers,
        // so a bulk load adds its names in one pass; names of deleted orders stay and match nothing.
        await sql`create table order_customer_names (name varchar(120) primary key)`.execute(db);
        const { rows } = await sql<{ schema: string }>`
            select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
        const opclass = sql`${sql.id(rows[0].schema)}.gin_trgm_ops`;
        await sql`create index order_customer_names_trgm_idx on order_customer_names using gin (lower(name) ${opclass})`.execute(db);
        await sql`insert into order_customer_names (name) select distinct customer_name from orders`.execute(db);
        await sql`create function order_customer_names_add() returns trigger language plpgsql as $$
            begin
                insert into order_customer_names (name) select distinct customer_name from added on conflict do nothing;
                return null;
            end $$`.execute(db);
        for (const event of ['insert', 'update']) {
            await sql`create trigger ${sql.raw(`orders_names_${event}`)} after ${sql.raw(event)} on orders
                referencing new table as added for each statement execute function order_customer_names_add()`.execute(db);
        }
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
    if (isPostgres(db)) {
        await sql`drop trigger orders_names_insert on orders`.execute(db);
        await sql`drop trigger orders_names_update on orders`.execute(db);
        await sql`drop function order_customer_names_add()`.execute(db);
        await sql`drop table order_customer_names`.execute(db);
    }
    await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
    await db.schema.alterTable('orders').dropColumn('refund_reference').execute();
    await db.schema.dropIndex('orders_to_pack_idx').execute();
}
