import { sql, type Kysely } from 'kysely';

// Frozen: a later change is a new migration.
//
// A coupon's discount is shown on the invoice, so it is not part of the goods' value (CGST Act section 15(3)(a)): each
// order line keeps its share of the order's discount (order_lines.discount, paise) and its tax is that of what is paid
// for it. Orders not yet invoiced that carry a discount get their shares now, and their lines' tax and the order's
// tax total again on the discounted values, so their invoices come out right; an order already invoiced is left as
// issued (its lines' shares stay 0 and the invoice takes the discount off the total, as it printed it).
// The share: in proportion to the line's value, whole paise, the rounding's rest to the largest line (the first of
// equals; then the next when a line has no room), as server/features/orders/pricing.ts did on 2026-11-29.
function share(discount: number, values: number[]): number[] {
    const whole = values.reduce((sum, value) => sum + value, 0);
    if (discount <= 0 || whole <= 0) return values.map(() => 0);
    const taken = Math.min(discount, whole);
    const shares = values.map((value) => Number((BigInt(taken) * BigInt(value)) / BigInt(whole)));
    let left = taken - shares.reduce((sum, part) => sum + part, 0);
    const bySize = values.map((value, i) => ({ value, i })).sort((a, b) => b.value - a.value || a.i - b.i);
    for (const { value, i } of bySize) {
        if (!left) break;
        const more = Math.min(left, value - shares[i]);
        shares[i] += more;
        left -= more;
    }
    return shares;
}

/** The GST part of a GST-inclusive amount, half up; `percent` in hundredths. */
const includedTax = (amount: number, percent: number) => Number((BigInt(amount) * BigInt(percent) * 2n + BigInt(10_000 + percent)) / (BigInt(10_000 + percent) * 2n));

/** Shares the discount of each order not yet invoiced among its lines, and taxes them again (one-word aliases: the
 * connection may map result names to camelCase). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function shareOpenDiscounts(db: Kysely<any>): Promise<void> {
    const orders: { id: number; discount: number }[] = await db
        .selectFrom('orders')
        .select(['id', 'discount'])
        .where('discount', '>', 0)
        .where('invoice_number', 'is', null)
        .execute();
    for (const order of orders) {
        const lines: { id: number; value: number; rate: number }[] = await db
            .selectFrom('order_lines')
            .select(['id', 'line_total as value', 'gst_percent as rate'])
            .where('order_id', '=', order.id)
            .orderBy('id')
            .execute();
        const shares = share(order.discount, lines.map((line) => line.value));
        let taxTotal = 0;
        for (const [i, line] of lines.entries()) {
            const tax = includedTax(line.value - shares[i], line.rate);
            taxTotal += tax;
            await db.updateTable('order_lines').set({ discount: shares[i], tax }).where('id', '=', line.id).execute();
        }
        await db.updateTable('orders').set({ tax_total: taxTotal }).where('id', '=', order.id).execute();
    }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
    await db.schema
        .alterTable('order_lines')
        .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount >= 0`))
        .execute();
    await shareOpenDiscounts(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('order_lines').dropColumn('discount').execute();
}
