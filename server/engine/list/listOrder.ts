import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * How a list is ordered: by its sort column, ties by id the same way, so a descending list is the ascending one
 * backwards and one (column, id) index serves both directions; or by id alone.
 */
export interface ListOrder {
    /** The sort's name: `id`, or the column the list offers to sort by. */
    column: string;
    sort: RawBuilder<unknown>;
    id: RawBuilder<unknown>;
    descending: boolean;
}

/** The order's terms, for a query's `order by` or a window's `over (order by …)`. */
export function orderTerms({ column, sort, id, descending }: ListOrder): RawBuilder<unknown> {
    const direction = descending ? sql`desc` : sql`asc`;
    return column === 'id' ? sql`${id} ${direction}` : sql`${sort} ${direction}, ${id} ${direction}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const inListOrder = <Query extends SelectQueryBuilder<any, any, any>>(select: Query, order: ListOrder): Query =>
    select.orderBy(orderTerms(order)) as Query;
