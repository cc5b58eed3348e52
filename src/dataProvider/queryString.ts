export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

/**
 * Keeps insertion order (page, perPage, sort, order, then filters) and writes arrays as
 * `id=1,2`, which the API reads as a list; empty values are left out.
 */
export const queryString = (params: Record<string, QueryValue>): string =>
    Object.entries(params)
        .filter(([, value]) => value != null && value !== '')
        .map(([key, value]) => {
            const values = Array.isArray(value) ? value : [value as string | number | boolean];
            return `${encodeURIComponent(key)}=${values.map(v => encodeURIComponent(String(v))).join(',')}`;
        })
        .join('&');
