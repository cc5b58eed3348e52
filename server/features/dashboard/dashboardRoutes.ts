import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { fromUnits } from '../../engine/money';
import { addDays } from '../../../schema/dates';
import { TO_PACK_SQL } from '../orders/workflow';
import { ROLE } from '../../../schema/access';
import { errorResponses } from '../../http/common';
import { setupChecklist, setupChecklistRecord } from './setupChecklist';
import { PER_UNIT } from '../../../schema/measure';

const CHART_DAYS = 30;
const NEW_CUSTOMER_DAYS = 7;
/** The low-stock level when the active settings row names none. */
export const LOW_STOCK_AT = 5;
const lowStockAt = sql<number>`coalesce((select low_stock_at from settings where status = 1 order by id limit 1), ${LOW_STOCK_AT})`;

const count = { type: 'integer' } as const;
const rupees = { type: 'number', description: 'Rupees' } as const;

/**
 * The dashboard's numbers (GET /dashboard/stats), all counted and summed by the database. Days are the shop's
 * (Indian Standard Time). Revenue counts every order of the day except cancelled and refunded ones.
 */
export default async function dashboard(app: FastifyInstance) {
    app.get('/dashboard/stats', {
        config: { access: 'staff' },
        schema: {
            tags: ['Dashboard'],
            summary: "Today's orders and revenue, orders waiting to be packed, new customers of the last 7 days, products low on stock, and the last 30 days by day",
            response: {
                200: {
                    type: 'object',
                    properties: {
                        today: { type: 'string', description: 'The shop date, YYYY-MM-DD' },
                        todayOrders: count,
                        todayRevenue: rupees,
                        toPack: count,
                        newCustomers: count,
                        newCustomersSince: { type: 'string' },
                        lowStock: { ...count, description: 'Products whose tracked stock is at or below lowStockAt' },
                        lowStockAt: { ...count, description: "The shop's low-stock level (settings), 5 unless set" },
                        days: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' }, orders: count, revenue: rupees } } },
                    },
                },
                ...errorResponses,
            },
        },
        handler: async () => {
            const { today, start: shopDayStart } = await app.shopClock.days();
            const todayStart = shopDayStart(today);
            const chartFrom = addDays(today, -(CHART_DAYS - 1));
            const customersSince = addDays(today, -(NEW_CUSTOMER_DAYS - 1));
            const counted = sql`status not in ('cancelled', 'refunded')`;

            const cards = await app.db
                .selectNoFrom([
                    sql<number>`(select count(*) from orders where created_at >= ${todayStart})`.as('todayOrders'),
                    sql<number>`(select coalesce(sum(total_price), 0) from orders where created_at >= ${todayStart} and ${counted})`.as('todayRevenue'),
                    sql<number>`(select count(*) from orders where ${TO_PACK_SQL})`.as('toPack'),
                    sql<number>`(select count(*) from users where role_id = ${ROLE.customer} and created_at >= ${shopDayStart(customersSince)})`.as('newCustomers'),
                    // Stock is kept in thousandths of a piece, kg or litre; the level counts whole ones.
                    sql<number>`(select count(*) from products where stock <= ${lowStockAt} * ${PER_UNIT})`.as('lowStock'),
                    lowStockAt.as('lowStockAt'),
                ])
                .executeTakeFirstOrThrow();

            // One index range of created_at per shop day, so no row's date is computed: at a million orders this
            // reads the month's ~40,000 rows in index order (PostgreSQL's to_char per row cost twice as much).
            const dates = Array.from({ length: CHART_DAYS }, (_, i) => addDays(chartFrom, i));
            const ranges = sql.join(dates.map((date) => sql`(${date}, ${shopDayStart(date)}, ${shopDayStart(addDays(date, 1))})`));
            const { rows } = await sql<{ date: string; orders: number; revenue: number }>`
                with d(day, day_start, day_end) as (values ${ranges})
                select d.day as date, count(o.id) as orders, coalesce(sum(case when o.status not in ('cancelled', 'refunded') then o.total_price else 0 end), 0) as revenue
                from d left join orders o on o.created_at >= d.day_start and o.created_at < d.day_end
                group by d.day`.execute(app.db);
            const byDate = new Map(rows.map((row) => [row.date, row]));
            const days = dates.map((date) => {
                const row = byDate.get(date);
                return { date, orders: Number(row?.orders ?? 0), revenue: fromUnits(Number(row?.revenue ?? 0), 2) };
            });

            return {
                today,
                todayOrders: Number(cards.todayOrders),
                todayRevenue: fromUnits(Number(cards.todayRevenue), 2),
                toPack: Number(cards.toPack),
                newCustomers: Number(cards.newCustomers),
                newCustomersSince: customersSince,
                lowStock: Number(cards.lowStock),
                lowStockAt: Number(cards.lowStockAt),
                days,
            };
        },
    });

    app.get('/dashboard/setup', {
        config: { access: 'staff' },
        schema: {
            tags: ['Dashboard'],
            summary: "The set-up checklist: what the shop's settings lack for tax invoices, and the pincodes that have no state yet",
            response: { 200: setupChecklistRecord, ...errorResponses },
        },
        handler: async () => setupChecklist(app.db),
    });
}
