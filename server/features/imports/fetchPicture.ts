import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { MAX_IMAGE_BYTES } from '../../infra/media';
import { isPrivateAddress, publicOnlyLookup } from '../../infra/publicAddress';

/**
 * How far an import reaches for a picture another shop exported (its full /uploads/… address): a fetch to an
 * address the file names is a server-side request a stranger's CSV chooses (SSRF, OWASP), so it is held to the
 * webhooks' rules. http(s) only; in production no loopback, private or link-local address, checked as the
 * connection is made (no DNS rebinding past a check made earlier); no redirect followed; an image content type;
 * at most a catalogue picture's size (5 MB), read no further; and an answer within `timeoutMs`, or none.
 */
export interface FetchPolicy {
    allowLocal: boolean;
    timeoutMs: number;
    maxBytes?: number;
}

export const PICTURE_FETCH_TIMEOUT_MS = 10_000;

/** The picture's bytes, or why it could not be had (a sentence for the import's report). */
export function fetchPicture(address: URL, { allowLocal, timeoutMs, maxBytes = MAX_IMAGE_BYTES }: FetchPolicy): Promise<Buffer | { error: string }> {
    const host = address.hostname.replace(/^\[|\]$/g, '');
    if (address.protocol !== 'http:' && address.protocol !== 'https:') return Promise.resolve({ error: 'only http(s) addresses are fetched' });
    if (address.username || address.password) return Promise.resolve({ error: 'an address with a user name or password is not fetched' });
    if (!allowLocal && (host === 'localhost' || (isIP(host) && isPrivateAddress(host)))) return Promise.resolve({ error: `${host} is a private address` });
    const client = address.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const fail = (error: string) => {
            clearTimeout(timer);
            request.destroy();
            resolve({ error });
        };
        const request = client.get(address, { agent: false, lookup: allowLocal ? undefined : publicOnlyLookup, headers: { Accept: 'image/*', 'User-Agent': 'Grocer-Import/1' } });
        const timer = setTimeout(() => fail(`no answer within ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
        request.on('error', (error) => fail(error.message));
        request.on('response', (response) => {
            const type = String(response.headers['content-type'] ?? '');
            if (response.statusCode !== 200) return fail(`the address answered ${response.statusCode}${(response.statusCode ?? 0) >= 300 && (response.statusCode ?? 0) < 400 ? ' (a redirect, which is not followed)' : ''}`);
            if (!type.startsWith('image/')) return fail(`the address answered ${type || 'no content type'}, not a picture`);
            if (Number(response.headers['content-length'] ?? 0) > maxBytes) return fail(`the picture is larger than ${maxBytes / (1024 * 1024)} MB`);
            response.on('data', (chunk: Buffer) => {
                size += chunk.length;
                if (size > maxBytes) return fail(`the picture is larger than ${maxBytes / (1024 * 1024)} MB`);
                chunks.push(chunk);
            });
            response.on('error', (error) => fail(error.message));
            response.on('end', () => {
                clearTimeout(timer);
                resolve(Buffer.concat(chunks));
            });
        });
    });
}
