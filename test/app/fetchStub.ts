import { vi } from 'vitest';

/** Replaces the global fetch (jsdom has no server) with one answering `status` and `json`. */
export const stubFetch = (status = 200, json: unknown = { success: true }, headers: Record<string, string> = {}) => {
    const fetch = vi.fn(
        async (_url: string, _init?: RequestInit) =>
            new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json', ...headers } })
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
};

/** The URL, method, headers and body of the n-th call. */
export const fetchCall = (fetch: ReturnType<typeof stubFetch>, index = 0) => {
    const [url, init = {}] = fetch.mock.calls[index];
    return {
        url,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: init.body,
    };
};
