import { sql, type Kysely } from 'kysely';

// Customers without an e-mail, added by staff at the order desk (many neighbourhood customers have only a phone).
// Written by hand. Frozen once committed.
// - users.email and orders.customer_email take null: such a customer cannot sign in and is sent no mail; an e-mail,
//   when given, stays unique (both dialects let any number of nulls past a unique index);
// - users_phone_only_idx: one phone-only customer per phone, so two desks adding the same caller at once make one
//   account. Customers with an e-mail are left out: shops already hold accounts that share a household's phone.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').alterColumn('email', (c) => c.dropNotNull()).execute();
    await db.schema.alterTable('orders').alterColumn('customer_email', (c) => c.dropNotNull()).execute();
    await db.schema
        .createIndex('users_phone_only_idx')
        .on('users')
        .column('contact_no')
        .unique()
        .where(sql.ref('email'), 'is', null)
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('users_phone_only_idx').execute();
    await sql`delete from users where email is null and not exists (select 1 from orders where orders.customer_id = users.id)`.execute(db);
    await db.schema.alterTable('orders').alterColumn('customer_email', (c) => c.setNotNull()).execute();
    await db.schema.alterTable('users').alterColumn('email', (c) => c.setNotNull()).execute();
}
