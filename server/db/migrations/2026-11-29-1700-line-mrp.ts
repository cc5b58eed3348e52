import { sql, type Kysely } from 'kysely';

// order_lines.mrp: each line's maximum retail price in paise, copied from its product when the invoice is made
// (as its HSN code is), so the invoice shows what the customer saved and later catalogue edits leave it alone.
// Lines invoiced before it have none, and their invoices print as they did.
export async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('order_lines').addColumn('mrp', 'integer', (c) => c.check(sql`mrp >= 0`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('order_lines').dropColumn('mrp').execute();
}
