import { sql, type Kysely } from 'kysely';

// Frozen: a later change to these tables is a new migration.
//
// Orders booked into delivery slots:
// - orders.slot_id and orders.slot_date: the slot (a delivery_slots row) and the shop's day it runs on, both null for
//   an order without a slot; the list filters on them (orders_slot_idx).
// - slot_bookings: per slot and day, how many places are taken. An order takes one with a single conditional
//   UPDATE (taken < the slot's capacity) in the transaction that places it, so concurrent orders never overfill a
//   slot; a cancelled order gives its place back. The check keeps the count from going below zero.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').addColumn('slot_id', 'integer', (c) => c.references('delivery_slots.id').onDelete('restrict')).execute();
    await db.schema.alterTable('orders').addColumn('slot_date', 'varchar(10)').execute();
    await db.schema.createIndex('orders_slot_idx').on('orders').columns(['slot_date', 'slot_id']).execute();
    await db.schema
        .createTable('slot_bookings')
        .addColumn('slot_id', 'integer', (c) => c.notNull().references('delivery_slots.id').onDelete('cascade'))
        .addColumn('slot_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0).check(sql`taken >= 0`))
        .addPrimaryKeyConstraint('slot_bookings_pk', ['slot_id', 'slot_date'])
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('slot_bookings').execute();
    await db.schema.dropIndex('orders_slot_idx').execute();
    await db.schema.alterTable('orders').dropColumn('slot_date').execute();
    await db.schema.alterTable('orders').dropColumn('slot_id').execute();
}
