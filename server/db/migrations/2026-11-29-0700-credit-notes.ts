import { sql, type Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Frozen: a later change to these tables is a new migration.
//
// Credit notes (section 34 of the CGST Act, particulars by rule 53 of the CGST Rules): a cancelled or refunded
// invoiced order, wholly or in part, gets one for exactly what it gives back.
// - credit_notes: its number (its own series, unique), the order and the invoice it reverses (number and date as
//   issued), why, the refund it goes with (the provider's id, 'manual' for cash, null for a cancellation with no
//   money taken), and its value in paise;
// - credit_note_lines: per invoice line (by its place on the invoice) the quantity, taxable value and tax reversed,
//   with the line's name, HSN and rate as the invoice printed them, so the note reads alone;
// - credit_note_counters: the last number given in each financial year, advanced by one upsert in the transaction
//   that issues the note, as invoice_counters is for invoices.
export async function up(db: Kysely<unknown>): Promise<void> {
    const id = idColumn(db);
    await db.schema
        .createTable('credit_notes')
        .addColumn('id', 'integer', id)
        .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('invoice_number', 'varchar(20)', (c) => c.notNull())
        .addColumn('invoiced_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('kind', 'varchar(12)', (c) => c.notNull().check(sql`kind in ('cancelled', 'refunded', 'partial')`))
        .addColumn('refund_reference', 'varchar(64)')
        .addColumn('refund_amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().check(sql`total > 0`))
        .execute();
    await db.schema.createIndex('credit_notes_order_idx').on('credit_notes').column('order_id').execute();
    await db.schema.createIndex('credit_notes_issued_idx').on('credit_notes').column('issued_at').execute();
    await db.schema
        .createTable('credit_note_lines')
        .addColumn('id', 'integer', id)
        .addColumn('credit_note_id', 'integer', (c) => c.notNull().references('credit_notes.id').onDelete('cascade'))
        .addColumn('line_index', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(300)', (c) => c.notNull())
        .addColumn('hsn', 'varchar(8)')
        .addColumn('gst_percent', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('taxable', 'integer', (c) => c.notNull())
        .addColumn('cgst', 'integer', (c) => c.notNull())
        .addColumn('sgst', 'integer', (c) => c.notNull())
        .addColumn('igst', 'integer', (c) => c.notNull())
        .addColumn('line_total', 'integer', (c) => c.notNull())
        .execute();
    await db.schema.createIndex('credit_note_lines_note_idx').on('credit_note_lines').column('credit_note_id').execute();
    await db.schema
        .createTable('credit_note_counters')
        .addColumn('financial_year', 'varchar(7)', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number > 0`))
        .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('credit_note_counters').execute();
    await db.schema.dropTable('credit_note_lines').execute();
    await db.schema.dropTable('credit_notes').execute();
}
