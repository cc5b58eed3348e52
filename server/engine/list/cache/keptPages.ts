// Keeps nothing itself, so forgets nothing: a list call read through what the modules beside it keep (totals, orders, page boundaries).
import { snakeCase } from '../../../db/sqlName';
import type { ListOrder } from '../listOrder';
import type { ListQuery, ListSpec } from '../query';
import { pageKeysOf, planOf, rowsAtKeys, rowsOfPlan, rowsWithIds, type AnyQuery } from '../repository';
import { keptOrderPage } from './keptOrders';
import { countOf, derivationOf, followedBy, textIndexOf, type ListIndex } from './keptTotals';
import { seekPageIds } from './seekPages';

/**
 * A page's rows for a reader that joins the page itself: their sort value `k` and `id` in list order, as a query,
 * or their ids when the list's order is kept in memory (with the unfiltered list's rows, when a filtered one knows them).
 */
export type PageKeys = { rows: AnyQuery; order: ListOrder } | { ids: number[]; order: ListOrder; tableRows?: number };

/**
 * The repository's list call (repository.ts: listOf), its total and page ids taken from what is kept where they
 * are: the total kept while no write has moved the versions it follows (keptTotals.ts), the page's ids from the
 * list's whole order in memory (keptOrders.ts), else sought from a remembered page boundary (seekPages.ts), else
 * the repository's own offset on the sort's index.
 */
export async function keptListOf(base: AnyQuery, query: ListQuery, spec: ListSpec, index: ListIndex, rowsOf: () => AnyQuery): Promise<{ rows: AnyQuery; total: number; keys?: PageKeys }> {
    const plan = planOf(base, query, spec, textIndexOf(index));
    const { filtered, order, paging } = plan;
    const reads = [...new Set([...(index.columns ?? []), ...plan.reads])];
    const { total, bounds, key, versions } = await countOf(filtered, index, followedBy(index, reads, order.column));
    if (!paging) return { rows: rowsOfPlan(plan, rowsOf), total };

    const derivation = plan.equalities.length && versions && bounds !== undefined ? derivationOf(base, index, versions, plan.equalities, order.column, order.id) : undefined;
    const kept = bounds !== undefined && key ? await keptOrderPage(index.db, { table: snakeCase(index.table), stamp: bounds, key, filtered, order }, paging, total, index.keptOrderRows ?? 0, derivation) : undefined;
    if (kept) {
        return {
            get rows() {
                return rowsWithIds(plan, rowsOf, kept);
            },
            total,
            keys: { ids: kept, order, tableRows: derivation?.baseRows },
        };
    }
    const sought = bounds !== undefined && key ? await seekPageIds(index.db, bounds, key, filtered, order, paging, total) : undefined;
    const keyed = sought ?? pageKeysOf(plan);
    return {
        // Built when asked: a reader that joins the page's keys itself (keptReader) never pays for the joined query.
        get rows() {
            return rowsAtKeys(plan, rowsOf, keyed);
        },
        total,
        keys: { rows: keyed, order },
    };
}
