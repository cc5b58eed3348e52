// Not run again on PostgreSQL: runs the docs' snippet, no database.
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../server/features/webhooks/signature';
import { verifyWebhookFromDocs } from './webhookVerifySnippet';

// The verification code docs/api.md gives integrators, run as written: a forged header must be a plain false (the
// integrator answers 401), never a throw from timingSafeEqual (the integrator would answer 500).

const verifyWebhook = verifyWebhookFromDocs();
const secret = 'whsec_test-secret';
const body = '{"id":"evt_1","type":"webhook.test","data":{}}';

describe("docs/api.md's webhook verification snippet", () => {
    it('accepts what the server signs, and refuses another secret, another body or an old timestamp', () => {
        const header = signatureHeader(secret, body);
        expect(verifyWebhook(secret, header, body)).toBe(true);
        expect(verifyWebhook('whsec_someone-else', header, body)).toBe(false);
        expect(verifyWebhook(secret, header, `${body} `)).toBe(false);
        expect(verifyWebhook(secret, signatureHeader(secret, body, Date.now() - 301_000), body)).toBe(false);
    });

    it('answers false, not a throw, for a signature of another length or a malformed header', () => {
        const t = Math.floor(Date.now() / 1000);
        const valid = signatureHeader(secret, body).split('v1=')[1];
        const forged = [`t=${t},v1=00`, `t=${t},v1=${valid}00`, `t=${t},v1=${valid.slice(1)}`, `t=${t},v1=${'é'.repeat(32)}`, `t=${t},v1=`, `t=${t}`, 'v1=abc', '', 'garbage', undefined];
        for (const header of forged) expect(() => verifyWebhook(secret, header, body), String(header)).not.toThrow();
        for (const header of forged) expect(verifyWebhook(secret, header, body), String(header)).toBe(false);
    });
});
