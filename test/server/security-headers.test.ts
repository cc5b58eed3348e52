// Not run again on PostgreSQL: headers; no competing writes.
import { describe, expect, it } from 'vitest';
import { makeApp, signIn } from './helpers';

/** What helmet sets, as the server is configured by default. */
const EXPECTED = {
    'content-security-policy': expect.stringMatching(/^default-src 'self';.*img-src 'self' data: blob:;.*style-src 'self' 'unsafe-inline'/),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
};

describe('the security headers', () => {
    it('are on every answer: a page of a list, a refusal, an unknown address, a rejected body, an upload refused unread', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        const answers = await Promise.all([
            t.app.inject({ url: '/api/v1/products', headers }),
            t.app.inject({ url: '/api/v1/products' }),
            t.app.inject({ url: '/api/no-such-address', headers }),
            t.app.inject({ method: 'POST', url: '/api/v1/products', headers: { ...headers, 'content-type': 'application/json' }, payload: '{"name": ' }),
            t.app.inject({ method: 'POST', url: '/api/products', headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(2 ** 31) }, payload: '' }),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400, 413]);
        for (const answer of answers) expect(answer.headers, `${answer.statusCode}`).toMatchObject(EXPECTED);
        // Worked out once, the same for each answer: none is missing, none is left over from another.
        expect(new Set(answers.map((answer) => answer.headers['content-security-policy'])).size).toBe(1);
    });

    it('follow the configuration: pictures another allowed origin shows are shared with it', async () => {
        const t = await makeApp({ allowedOrigins: ['https://shop.example'] });
        const answer = await t.app.inject({ url: '/api/health' });
        expect(answer.headers).toMatchObject({ ...EXPECTED, 'cross-origin-resource-policy': 'cross-origin' });
    });
});
