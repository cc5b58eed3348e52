import { sql, type Kysely } from 'kysely';

// The states as the schemas listed them on 2026-11-25 (frozen here: a migration never reads the schemas).
const STATES = sql.join(['Andaman and Nicobar Islands', 'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chandigarh', 'Chhattisgarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh', 'Jammu and Kashmir', 'Jharkhand', 'Karnataka', 'Kerala', 'Ladakh', 'Lakshadweep', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha', 'Puducherry', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal'].map((state) => sql.lit(state)));

// Tax invoices. The schemas' columns (products.hsn; settings' legal name, GSTIN, state and invoice prefix)
// were written by `npm run db:migration` from the schemas; the rest by hand. Frozen once committed.
// - orders: the invoice number (unique), when it was given, and the seller as the invoice names it (JSON: legal name,
//   GSTIN, state, address, as the settings were then), so a later change of the settings leaves an issued invoice alone;
// - pincodes.state: the place of supply of an order delivered there (the shop's state when empty);
// - orders.place_of_supply: that state as it was when the invoice was made;
// - order_lines.hsn: each line's HSN code, copied from its product when the invoice is made;
// - invoice_counters: the last number given in each financial year ('2026-27'), advanced by one upsert per invoice in
//   the transaction that makes the order paid or delivered, so numbers are never skipped nor given twice.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('products').addColumn('hsn', 'varchar(8)').execute();
    await db.schema.alterTable('settings').addColumn('legal_name', 'varchar(200)').execute();
    await db.schema.alterTable('settings').addColumn('gstin', 'varchar(15)').execute();
    await db.schema.alterTable('settings').addColumn('state', 'varchar(40)', (c) => c.check(sql`state in (${STATES})`)).execute();
    await db.schema.alterTable('pincodes').addColumn('state', 'varchar(40)', (c) => c.check(sql`state in (${STATES})`)).execute();
    await db.schema.alterTable('settings').addColumn('invoice_prefix', 'varchar(3)').execute();

    await db.schema.alterTable('orders').addColumn('invoice_number', 'varchar(20)').execute();
    await db.schema.alterTable('orders').addColumn('invoiced_at', 'varchar(32)').execute();
    await db.schema.alterTable('orders').addColumn('invoice_seller', 'text').execute();
    await db.schema.alterTable('orders').addColumn('place_of_supply', 'varchar(40)').execute();
    // Many orders have none (NULL): both databases let a unique index hold any number of NULLs.
    await db.schema.createIndex('orders_invoice_number_unique').unique().on('orders').column('invoice_number').execute();
    await db.schema.alterTable('order_lines').addColumn('hsn', 'varchar(8)').execute();
    await db.schema
        .createTable('invoice_counters')
        .addColumn('financial_year', 'varchar(7)', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number > 0`))
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('invoice_counters').execute();
    await db.schema.alterTable('order_lines').dropColumn('hsn').execute();
    await db.schema.dropIndex('orders_invoice_number_unique').execute();
    await db.schema.alterTable('orders').dropColumn('place_of_supply').execute();
    await db.schema.alterTable('orders').dropColumn('invoice_seller').execute();
    await db.schema.alterTable('orders').dropColumn('invoiced_at').execute();
    await db.schema.alterTable('orders').dropColumn('invoice_number').execute();
    await db.schema.alterTable('settings').dropColumn('invoice_prefix').execute();
    await db.schema.alterTable('pincodes').dropColumn('state').execute();
    await db.schema.alterTable('settings').dropColumn('state').execute();
    await db.schema.alterTable('settings').dropColumn('gstin').execute();
    await db.schema.alterTable('settings').dropColumn('legal_name').execute();
    await db.schema.alterTable('products').dropColumn('hsn').execute();
}
