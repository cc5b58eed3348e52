import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DbKind } from '../../db/createDb';
import type { Database, OrderStatus, PaymentMethod } from '../../db/tables';
import { listQuerySchema, MAX_PER_PAGE } from '../../engine/list';
import { afterCursor, changedBetween, readCursor } from '../../engine/list/cursor';
import { idValue } from '../../http/common';
import { ORDER_COLUMNS, type OrderRow } from './orderRecord';
import { addDays, dayStart } from '../../../schema/dates';
import { SHOP_TIME_ZONE } from '../../../schema/timeZones';
import type { ShopClock } from '../../infra/shopClock';
import { ORDER_STATUSES, TO_PACK_SQL } from './workflow';

/** Every column of the order's own row a list answers; its customer and products are objects, named by customerName and not sorted. */
export const ORDER_SORTS = ['createdAt', 'id', 'totalPrice', 'status', 'customerName', 'slotDate', 'updatedAt', 'paymentMethod', 'paidAt', 'pincode', 'customerId', 'slotId'] as const;
type OrderSort = (typeof ORDER_SORTS)[number];

const SORT_COLUMN: Record<OrderSort, string> = {
    createdAt: 'orders.created_at',
    id: 'orders.id',
    totalPrice: 'orders.total_price',
    status: 'orders.status',
    customerName: 'orders.customer_name',
    // The delivery day, then (below) the order number: a day's orders together, by slot when filtered to one.
    slotDate: 'orders.slot_date',
    updatedAt: 'orders.updated_at',
    paymentMethod: 'orders.payment_method',
    paidAt: 'orders.paid_at',
    pincode: 'orders.pincode',
    customerId: 'orders.customer_id',
    slotId: 'orders.slot_id',
};

/**
 * A day on the calendar (format 'date' knows February has no 30th) of a year from 1900 to 2999: a year past 9999
 * has no ISO form for the day after it, and an order list has nothing before or after those.
 */
const shopDate = (message: string) => ({ type: 'string', format: 'date', pattern: '^(19|2\\d)\\d{2}-\\d{2}-\\d{2}$', 'x-message': message }) as const;

/** The largest total an order can have: 2^31 − 1 paise, the column's limit. */
const MAX_RUPEES = 21_474_836.47;
const amount = (bound: string) =>
    ({ type: 'number', minimum: 0, maximum: MAX_RUPEES, 'x-message': `The total ${bound} must be an amount in rupees, from 0 to ${MAX_RUPEES}` }) as const;

/** The list's filters (GET /orderr, and the staff's counts and export), beside paging, sort and `q`. */
export const ORDER_FILTERS = {
    status: { type: 'string', enum: ORDER_STATUSES, 'x-message': `Status must be one of ${ORDER_STATUSES.join(', ')}` },
    paymentMethod: { type: 'string', enum: ['online', 'cod'], 'x-message': 'Payment method must be online or cod' },
    createdFrom: shopDate('The from date must be a date, YYYY-MM-DD'),
    createdTo: shopDate('The to date must be a date, YYYY-MM-DD'),
    totalFrom: { ...amount('from'), description: 'Rupees: only orders whose total is at least this' },
    totalTo: { ...amount('to'), description: 'Rupees: only orders whose total is at most this' },
    toPack: { type: 'integer', enum: [0, 1], description: '1: only orders waiting to be packed (paid online, or placed cash on delivery)' },
    customerId: idValue,
    slotId: { ...idValue, description: 'Only orders booked into this delivery slot' },
    slotDate: shopDate('The slot day must be a date, YYYY-MM-DD'),
} as const;

const paging = listQuerySchema({ search: ['customerName'], sort: [...ORDER_SORTS], filters: {} });

/** GET /orderr's querystring: paging, sort, the customer-name search `q` and the filters. */
// The sort's enum again, as this list's own columns: the engine's schema types it as any string.
const sort = { ...paging.properties.sort, enum: ORDER_SORTS } as const;
export const ORDER_LIST_QUERY = { ...paging, properties: { ...paging.properties, sort, ...ORDER_FILTERS } } as const;

/** Up to this many name matches, PostgreSQL fetches them all and sorts them rather than walking the sort index. */
const FEW_MATCHES = 2000;

export interface OrderQuery {
    page?: number;
    perPage?: number;
    offset?: number;
    limit?: number;
    sort?: OrderSort;
    order?: string;
    q?: string;
    status?: OrderStatus;
    paymentMethod?: PaymentMethod;
    /** Shop dates, YYYY-MM-DD, both included. */
    createdFrom?: string;
    createdTo?: string;
    /** Rupees, both included. */
    totalFrom?: number;
    totalTo?: number;
    /** 1: only orders waiting to be packed. */
    toPack?: number;
    customerId?: number;
    /** The delivery slot and its day. */
    slotId?: number;
    slotDate?: string;
    id?: string[];
    /** ISO times, both included: rows last changed in between (a mirror's changed-since read). */
    updatedAt_gte?: string;
    updatedAt_lte?: string;
    /** The opaque cursor of the Link header's next address (engine/list/cursor.ts). */
    after?: string;
}

/**
 * A page of orders, newest first unless asked otherwise, with the count of all that match. The customer-name
 * search goes through an index on both databases: SQLite's FTS5 trigram table (orders_search), PostgreSQL's
 * pg_trgm GIN index on the dictionary of order names (order_customer_names); both answer substring matches.
 */
type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>;

/** The query's filters other than the name search, as conditions on `orders`; its days are the shop's (`zone`). */
export function filterOrders<Q extends OrdersQuery>(base: Q, query: OrderQuery, onlyCustomer?: number, zone = SHOP_TIME_ZONE): Q {
    let q = base as OrdersQuery;
    if (onlyCustomer !== undefined) q = q.where('orders.customerId', '=', onlyCustomer);
    if (query.customerId !== undefined) q = q.where('orders.customerId', '=', query.customerId);
    if (query.status) q = q.where('orders.status', '=', query.status);
    if (query.paymentMethod) q = q.where('orders.paymentMethod', '=', query.paymentMethod);
    if (query.createdFrom) q = q.where('orders.createdAt', '>=', dayStart(query.createdFrom, zone));
    if (query.createdTo) q = q.where('orders.createdAt', '<', dayStart(addDays(query.createdTo, 1), zone));
    // Totals are kept in paise; a bound between two paise keeps only the totals inside it (the margin absorbs float error).
    if (query.totalFrom !== undefined) q = q.where('orders.totalPrice', '>=', Math.ceil(query.totalFrom * 100 - 1e-6));
    if (query.totalTo !== undefined) q = q.where('orders.totalPrice', '<=', Math.floor(query.totalTo * 100 + 1e-6));
    if (query.toPack === 1) q = q.where(TO_PACK_SQL);
    if (query.slotId !== undefined) q = q.where('orders.slotId', '=', query.slotId);
    if (query.slotDate) q = q.where('orders.slotDate', '=', query.slotDate);
    if (query.id?.length) q = q.where('orders.id', 'in', query.id.flatMap((part) => part.split(',')).map(Number));
    const changed = changedBetween(query);
    if (changed.from !== undefined) q = q.where('orders.updatedAt', '>=', changed.from);
    if (changed.to !== undefined) q = q.where('orders.updatedAt', '<=', changed.to);
    return q as Q;
}

/** The shop's zone when the query names days (read only then: most list calls name none). */
export const zoneForDays = async (clock: ShopClock, query: OrderQuery) => (query.createdFrom || query.createdTo ? clock.zone() : undefined);

/**
 * Wildcards and the escape character have no place in a name; dropping them keeps both indexes usable. Nor have
 * control characters: a NUL ends SQLite's full-text query string early (a syntax error) and PostgreSQL refuses it.
 */
// eslint-disable-next-line no-control-regex
export const searchText = (q: string | undefined) => q?.replace(/[%_\\\u0000-\u001f\u007f]/g, '').trim().toLowerCase() || undefined;

/** SQLite: the orders whose customer name holds `q`, from the trigram table (a phrase under three letters has no trigram to look up). */
const ftsMatches = (q: string) =>
    q.length >= 3
        ? sql`select rowid from orders_search where orders_search match ${`"${q.replace(/"/g, '""')}"`}`
        : sql`select rowid from orders_search where customer_name like ${`%${q}%`}`;

/** PostgreSQL: the distinct order names holding `q`, from the dictionary of names (migration 0012). */
const pgNames = async (db: Kysely<Database>, q: string) =>
    (await sql<{ name: string }>`select name from order_customer_names where lower(name) like ${`%${q}%`}`.execute(db)).rows.map((r) => r.name);

/** The condition a customer-name search puts on `orders`, on either database; undefined when no order can match. */
export async function nameCondition(db: Kysely<Database>, kind: DbKind, q: string): Promise<RawBuilder<boolean> | undefined> {
    if (kind === 'sqlite') return sql<boolean>`orders.id in (${ftsMatches(q)})`;
    const names = await pgNames(db, q);
    return names.length ? sql<boolean>`orders.customer_name = any(${names})` : undefined;
}

export async function listOrders(db: Kysely<Database>, kind: DbKind, query: OrderQuery, onlyCustomer?: number, zone = SHOP_TIME_ZONE) {
    let base = filterOrders(db.selectFrom('orders'), query, onlyCustomer, zone);
    const q = searchText(query.q);
    const filtered = base.toOperationNode().where !== undefined;
    // SQLite, a name search and nothing else: the trigram table counts the matches by itself (see below).
    let ftsTotal: number | undefined;
    let pgTotal: number | undefined;
    if (q) {
        const matching = ftsMatches(q);
        if (kind === 'postgres') {
            // The names that match, from the dictionary of distinct order names (migration 0012), then the orders
            // carrying them through the (customer_name, id) index: a count of a common surname reads index entries,
            // not every matching row across the table as a trigram recheck does. The list is passed as one array
            // value, so the planner estimates from each name's statistics how early the sort index finds a page.
            const names = await pgNames(db, q);
            base = base.where(sql<boolean>`orders.customer_name = any(${names})`);
            // Counted apart from the page, and first: a count(*) over () on the page makes PostgreSQL walk the whole
            // sort index (LIMIT no longer stops it). Knowing the count, a few matches are fetched and sorted (the
            // OFFSET 0 subquery keeps the planner from walking the sort index for rare rows).
            pgTotal = names.length ? Number((await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow()).total) : 0;
        } else if (filtered || query.sort === 'customerName') base = base.where(sql<boolean>`orders.id in (${matching})`);
        else {
            ftsTotal = Number((await sql<{ n: number }>`select count(*) as n from (${matching})`.execute(db)).rows[0].n);
            // Many matches: walk the sort's index and keep the matching rows (the first page is found early);
            // few: fetch the matches and sort them. The unary + keeps SQLite off the rowid lookup in the first case.
            base = base.where(ftsTotal > 2000 ? sql<boolean>`+orders.id in (${matching})` : sql<boolean>`orders.id in (${matching})`);
        }
    }

    const sort = query.sort ?? 'createdAt';
    const descending = query.sort ? query.order?.toUpperCase() === 'DESC' : true;
    const direction = descending ? sql`desc` : sql`asc`;
    const cursor = readCursor(query, sort, descending);
    if (cursor) base = base.where(afterCursor(cursor, sql.raw(SORT_COLUMN[sort]), sql.raw('orders.id')));
    const few = pgTotal !== undefined && pgTotal <= FEW_MATCHES;
    const source = few ? db.selectFrom(base.selectAll().offset(0).as('orders')) : base;
    let page = source
        .select(ORDER_COLUMNS)
        .orderBy(sql`${sql.raw(SORT_COLUMN[sort])} ${direction}`)
        .orderBy(sql`orders.id ${direction}`);
    if (query.limit !== undefined) page = page.limit(query.limit).offset(query.offset ?? 0);
    else if (query.page !== undefined || query.perPage !== undefined) {
        const perPage = query.perPage ?? 30;
        page = page.limit(perPage).offset(((query.page ?? 1) - 1) * perPage);
    } else {
        // The legacy call asks for every order; a busy shop has too many for one answer, so the newest come.
        page = page.limit(MAX_PER_PAGE);
    }
    // A search counts its matches in the same pass that pages them, so the index is read once.
    const windowed = q && ftsTotal === undefined && pgTotal === undefined;
    if (windowed) page = page.select(sql<number>`count(*) over ()`.as('matches'));
    const rows = pgTotal === 0 ? [] : ((await page.execute()) as Array<OrderRow & { matches?: number }>);
    const total =
        ftsTotal ??
        pgTotal ??
        (windowed && rows.length ? Number(rows[0].matches) : Number((await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow()).total));
    return { rows: rows.map(({ matches: _, ...row }) => row as OrderRow), total };
}
