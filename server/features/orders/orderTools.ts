import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../../db/createDb';
import type { Database, OrderStatus } from '../../db/tables';
import { fromUnits } from '../../engine/money';
import { filterOrders, nameCondition, searchText, type OrderQuery } from './listOrders';
import type { OrderRow } from './orderRecord';
import { ORDER_STATUSES } from './workflow';
import { inUnits } from '../../../schema/measure';

const rupees = (paise: number) => fromUnits(paise, 2);

/**
 * How many orders of each status match the list's other filters (the status filter itself is left out): the
 * counts on the order list's status tabs, in one grouped query.
 */
export async function statusCounts(db: Kysely<Database>, kind: DbKind, query: OrderQuery, zone?: string): Promise<Record<OrderStatus, number>> {
    const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
    let base = filterOrders(db.selectFrom('orders'), { ...query, status: undefined }, undefined, zone);
    const q = searchText(query.q);
    if (q) {
        const condition = await nameCondition(db, kind, q);
        if (!condition) return counts;
        base = base.where(condition);
    }
    const rows = await base.select(['orders.status', sql<number>`count(*)`.as('n')]).groupBy('orders.status').execute();
    for (const { status, n } of rows) counts[status] = Number(n);
    return counts;
}

/** An order as the accounts read it: amounts in rupees, as numbers; the invoice number once the order has one. */
export function accountsRow(row: OrderRow) {
    // Tax invoices number orders as they are paid; a database without them yet has no number to give.
    const invoiceNumber = (row as { invoiceNumber?: string | null }).invoiceNumber;
    return {
        id: row.id,
        createdAt: row.createdAt,
        customerName: row.customerName,
        customerEmail: row.customerEmail,
        customerPhone: row.customerPhone,
        pincode: row.pincode,
        paymentMethod: row.paymentMethod,
        status: row.status,
        subtotal: rupees(row.subtotal),
        taxTotal: rupees(row.taxTotal),
        deliveryCharge: rupees(row.deliveryCharge),
        discount: rupees(row.discount),
        totalPrice: rupees(row.totalPrice),
        ...(invoiceNumber !== undefined ? { invoiceNumber } : {}),
    };
}

/**
 * The units of tracked stock an order holds, line by line: what a cancel or a refund puts back on the shelf now
 * (nothing for a line whose product is no longer tracked or gone, nor once they were put back).
 */
export async function stockHeld(db: Kysely<Database>, orderId: number) {
    const lines = await db
        .selectFrom('orderLines')
        .innerJoin('products', 'products.id', 'orderLines.productId')
        .select(['orderLines.productId', 'orderLines.name', 'orderLines.stockTaken'])
        .where('orderLines.orderId', '=', orderId)
        .where('orderLines.stockTaken', '>', 0)
        .where('products.stock', 'is not', null)
        .orderBy('orderLines.id')
        .execute();
    return {
        units: inUnits(lines.reduce((sum, line) => sum + line.stockTaken, 0)),
        lines: lines.map((line) => ({ productId: line.productId!, name: line.name, units: inUnits(line.stockTaken) })),
    };
}

/**
 * A customer's orders at a glance: how many, and what they spent — the totals of orders paid (online, or cash on
 * delivery once delivered) and neither cancelled nor refunded.
 */
export async function customerSummary(db: Kysely<Database>, customerId: number) {
    const spentCase = sql`case when paid_at is not null and status not in ('cancelled', 'refunded')`;
    const row = await db
        .selectFrom('orders')
        .where('customerId', '=', customerId)
        .select([
            sql<number>`count(*)`.as('orders'),
            sql<number | null>`sum(${spentCase} then 1 else 0 end)`.as('paidOrders'),
            sql<number | null>`sum(${spentCase} then total_price else 0 end)`.as('spent'),
            sql<string | null>`max(created_at)`.as('lastOrderAt'),
        ])
        .executeTakeFirstOrThrow();
    return {
        customerId,
        orders: Number(row.orders),
        paidOrders: Number(row.paidOrders ?? 0),
        totalSpent: rupees(Number(row.spent ?? 0)),
        lastOrderAt: row.lastOrderAt,
    };
}
