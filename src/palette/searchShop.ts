import { API_URL } from '../config';
import { httpClient, type HttpClient } from '../http/httpClient';

import type { Found } from '../../schema/search';
export { SEARCH_KINDS as RECORD_KINDS, MAX_QUERY, MIN_QUERY, type Found, type Hit, type SearchKind as RecordKind } from '../../schema/search';

/**
 * GET /search?q=: every kind the role may list in one call. Only the lazily loaded palette calls it, so it
 * stays here rather than in the data provider of the first load.
 */
export async function searchShop(q: string, signal?: AbortSignal, client: HttpClient = httpClient): Promise<Found> {
    const { json } = await client(`${API_URL}/search?q=${encodeURIComponent(q)}`, { signal });
    return json as Found;
}
