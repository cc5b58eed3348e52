import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress, publicOnlyLookup } from '../../infra/publicAddress';
import type { Answer } from './deliveryQueue';

/** What is kept of an endpoint's answer: enough to tell an error page from a JSON reply, no more. */
export const EXCERPT_CHARS = 300;

export class PostError extends Error {
    constructor(
        message: string,
        readonly answer?: Answer,
    ) {
        super(message);
    }
}

export interface PostOptions {
    timeoutMs: number;
    /** Private and local addresses may be posted to (tests, a staging shop); otherwise they are refused as the connection is made. */
    allowLocal: boolean;
}

/**
 * Posts a delivery and answers the endpoint's status and the start of its answer; a 2xx is success, anything else
 * (a redirect too: none is followed) is a PostError with the answer. A post with no answer in `timeoutMs` is given up.
 */
export function postDelivery(target: string, body: string, headers: Record<string, string>, { timeoutMs, allowLocal }: PostOptions): Promise<Answer> {
    const url = new URL(target);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowLocal && isIP(host) && isPrivateAddress(host)) return Promise.reject(new PostError(`${host} is a private address; nothing was posted`));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
        const request = client.request(url, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Grocer-Webhooks/1' },
            // A connection of its own each time: endpoints are many hosts, and a pooled socket the endpoint closed would fail the post.
            agent: false,
            lookup: allowLocal ? undefined : publicOnlyLookup,
            timeout: timeoutMs,
        });
        const timer = setTimeout(() => request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
        request.on('timeout', () => request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)));
        request.on('error', (error) => {
            clearTimeout(timer);
            reject(new PostError(error.message));
        });
        request.on('response', (response) => {
            let excerpt = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
                excerpt += chunk;
                // Only the start is kept: the rest is not read.
                if (excerpt.length >= EXCERPT_CHARS) response.destroy();
            });
            const settle = () => {
                clearTimeout(timer);
                const answer = { statusCode: response.statusCode ?? 0, excerpt: excerpt.slice(0, EXCERPT_CHARS) };
                if (answer.statusCode >= 200 && answer.statusCode < 300) return resolve(answer);
                const redirect = answer.statusCode >= 300 && answer.statusCode < 400 ? ' (a redirect, which is not followed)' : '';
                reject(new PostError(`The endpoint answered ${answer.statusCode}${redirect}`, answer));
            };
            response.on('end', settle);
            response.on('close', settle);
            response.on('error', settle);
        });
        request.end(body);
    });
}
