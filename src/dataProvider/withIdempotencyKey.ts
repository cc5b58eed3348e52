import type { HttpClient } from '../http/httpClient';

/** A random key (a UUID's 128 bits as hex): getRandomValues, as randomUUID needs HTTPS and the app may be served on a LAN. */
const freshKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), byte => byte.toString(16).padStart(2, '0')).join('');

/** What fetch rejects with when the network failed (the request may or may not have arrived): not an answer, not an abort. */
const networkFailed = (error: unknown) => error instanceof TypeError;

/**
 * Writes (POST) sent with a fresh Idempotency-Key each, and sent once more, with the same key, when the network
 * fails before an answer comes: the API answers a write that did arrive with its first answer rather than doing
 * it twice (docs/api.md, "Safe retries: Idempotency-Key"). Reads go as they are.
 */
export const withIdempotencyKey =
    (httpClient: HttpClient, newKey: () => string = freshKey): HttpClient =>
    (url, options = {}) => {
        if ((options.method ?? 'GET').toUpperCase() !== 'POST') return httpClient(url, options);
        const headers = new Headers(options.headers ?? { Accept: 'application/json' });
        if (!headers.has('Idempotency-Key')) headers.set('Idempotency-Key', newKey());
        const send = () => httpClient(url, { ...options, headers });
        return send().catch(error => (networkFailed(error) && !options.signal?.aborted ? send() : Promise.reject(error)));
    };
