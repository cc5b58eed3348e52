import { sql, type Kysely } from 'kysely';
import { createColumnVersions, dropColumnVersions } from '../listIndexes';

// What the rider needs on the doorstep, and the name the shop trades under. The settings' column was written by
// `npm run db:migration` from the schemas; the orders' by hand. Frozen once committed.
// - settings.trading_name: the sender of every mail (the legal name stays on tax documents);
// - orders.customer_phone: the customer's phone as it was when they ordered, copied from their account for the
//   orders placed before it was kept, so a later change of number leaves the delivered order as it was;
// - orders.delivery_note: what staff tell the rider (gate code, call first), set on the order.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('settings').addColumn('trading_name', 'varchar(120)').execute();
    await createColumnVersions(db, 'settings');
    await db.schema.alterTable('orders').addColumn('customer_phone', 'varchar(20)').execute();
    await db.schema.alterTable('orders').addColumn('delivery_note', 'varchar(500)').execute();
    await sql`update orders set customer_phone = (select users.contact_no from users where users.id = orders.customer_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').dropColumn('delivery_note').execute();
    await db.schema.alterTable('orders').dropColumn('customer_phone').execute();
    await dropColumnVersions(db, 'settings');
    await db.schema.alterTable('settings').dropColumn('trading_name').execute();
    await createColumnVersions(db, 'settings');
}
