import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/tables';
import { fromUnits } from '../../engine/money';
import type { ListSpec } from '../../engine/list';
import { ROLE } from '../../../schema/access';
import { timestamps } from '../../http/common';

/** Customers are the accounts that are not staff: every role but administrator and seller. */
export const CUSTOMER_ROLE_IDS_EXCLUDED = [ROLE.admin, ROLE.seller];

/** Searched by name, e-mail and phone (staff find a caller by the number on the screen); sorted by the account's columns. */
export const CUSTOMER_LIST: ListSpec = {
    search: ['name', 'email', 'contactNo'],
    // Every column of the account a list shows; the order counts and spend are worked out per page, not sorted.
    sort: ['name', 'id', 'createdAt', 'updatedAt', 'email', 'contactNo', 'pincode', 'businessName', 'status'],
    filters: { status: 'integer' },
};

export const CUSTOMER_COLUMNS = ['id', 'name', 'email', 'contactNo', 'address', 'pincode', 'gstin', 'businessName', 'status', 'createdAt', 'updatedAt'] as const;

type AccountRow = Pick<Selectable<Database['users']>, 'name' | 'email' | 'contactNo' | 'address' | 'pincode' | 'status' | 'createdAt' | 'updatedAt'> & {
    id: number;
    gstin: string | null;
    businessName: string | null;
};

/**
 * Each customer's orders at a glance, for a page of customers in one grouped query: how many orders, the lifetime
 * spend (orders paid — online, or cash on delivery once delivered — and neither cancelled nor refunded), the last order.
 */
async function ordersOf(db: Kysely<Database>, ids: number[]) {
    if (!ids.length) return new Map<number, { orders: number; spent: number; lastOrderAt: string | null }>();
    const spent = sql`case when paid_at is not null and status not in ('cancelled', 'refunded')`;
    const rows = await db
        .selectFrom('orders')
        .where('customerId', 'in', ids)
        .groupBy('customerId')
        .select([
            'customerId',
            sql<number>`count(*)`.as('orders'),
            sql<number | null>`sum(${spent} then total_price else 0 end)`.as('spent'),
            sql<string | null>`max(created_at)`.as('lastOrderAt'),
        ])
        .execute();
    return new Map(rows.map((row) => [row.customerId, { orders: Number(row.orders), spent: Number(row.spent ?? 0), lastOrderAt: row.lastOrderAt }]));
}

/** Customers as the Customers screen reads them: the account, and its orders count, lifetime spend (rupees) and last order. */
export async function customerRecords(db: Kysely<Database>, rows: AccountRow[]) {
    const orders = await ordersOf(db, rows.map((row) => row.id));
    return rows.map((row) => {
        const own = orders.get(row.id);
        return { ...row, orders: own?.orders ?? 0, lifetimeSpend: fromUnits(own?.spent ?? 0, 2), lastOrderAt: own?.lastOrderAt ?? null };
    });
}

const nullableText = { type: ['string', 'null'] } as const;

export const customerRecord = {
    type: 'object',
    properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        email: { ...nullableText, description: 'Null for a customer taken by phone only' },
        contactNo: { ...nullableText, description: 'Phone' },
        address: nullableText,
        pincode: nullableText,
        gstin: { ...nullableText, description: "A business customer's GSTIN, when given" },
        businessName: nullableText,
        status: { type: 'integer', description: '1 active, 0 disabled' },
        orders: { type: 'integer', description: 'Orders placed, whatever became of them' },
        lifetimeSpend: { type: 'number', description: 'Rupees: the totals of orders paid (online, or cash on delivery once delivered), neither cancelled nor refunded' },
        lastOrderAt: { ...nullableText, description: 'When the last order was placed' },
        ...timestamps,
    },
} as const;
