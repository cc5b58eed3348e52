/**
 * The shop-wide search (`GET /api/search`, the command palette): what it answers, read by both halves.
 */

/** One record found: what the palette shows and the id it opens. */
export interface Hit {
    id: number;
    label: string;
    detail?: string;
}

/** The resources the search answers for, in the order the palette shows them. */
export const SEARCH_KINDS = ['products', 'categories', 'subcategories', 'orders', 'users'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export type Found = Partial<Record<SearchKind, Hit[]>>;

/** A query's length in characters: a shorter one asks the server nothing (it would answer 400). */
export const MIN_QUERY = 2;
export const MAX_QUERY = 100;
