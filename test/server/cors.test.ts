// Not run again on PostgreSQL: headers and configuration, no SQL that differs by database.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseAllowedOrigins } from '../../server/config';
import { makeApp, signIn } from './helpers';

const ADMIN_APP = 'https://admin.shop.test';

describe('ALLOWED_ORIGINS (CORS)', () => {
    it('lets an allowed origin read answers and the list totals, with the bearer token in a header', async () => {
        const t = await makeApp({ allowedOrigins: [ADMIN_APP, 'http://localhost:5173'] });
        const headers = await signIn(t);
        const res = await t.app.inject({ method: 'GET', url: '/api/pincode?page=1&perPage=10', headers: { ...headers, origin: ADMIN_APP } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe(ADMIN_APP);
        expect(res.headers.vary).toMatch(/Origin/i);
        expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(expect.arrayContaining(['X-Total-Count', 'Content-Range']));
        // The app sends a bearer token, not cookies: no credentials are allowed.
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        expect(res.headers['x-total-count']).toBe('0');
        // Pictures are shown by the app on its own host.
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('gives another origin no CORS headers', async () => {
        const t = await makeApp({ allowedOrigins: [ADMIN_APP] });
        for (const origin of ['https://evil.test', 'https://admin.shop.test.evil.test', 'http://admin.shop.test', 'null']) {
            const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
            expect(res.statusCode, origin).toBe(200);
            expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
            expect(res.headers['access-control-expose-headers'], origin).toBeUndefined();
        }
    });

    it('answers a preflight for an allowed origin, before any sign-in, and not for another', async () => {
        const t = await makeApp({ allowedOrigins: [ADMIN_APP] });
        const preflight = (origin: string) =>
            t.app.inject({
                method: 'OPTIONS',
                url: '/api/pincode/1',
                headers: { origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization,content-type' },
            });
        const ok = await preflight(ADMIN_APP);
        expect(ok.statusCode).toBe(204);
        expect(ok.headers['access-control-allow-origin']).toBe(ADMIN_APP);
        expect(String(ok.headers['access-control-allow-methods'])).toMatch(/DELETE/);
        expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toMatch(/authorization/);
        const other = await preflight('https://evil.test');
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
        expect(other.headers['access-control-allow-methods']).toBeUndefined();
    });

    it('sends no CORS headers at all when ALLOWED_ORIGINS is unset', async () => {
        const t = await makeApp();
        const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: ADMIN_APP } });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/health', headers: { origin: ADMIN_APP, 'access-control-request-method': 'GET' } });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('reads the setting as comma-separated origins and refuses what is not one', () => {
        expect(loadConfig({ ALLOWED_ORIGINS: ' https://a.test , http://localhost:5173/ ,' }).allowedOrigins).toEqual(['https://a.test', 'http://localhost:5173']);
        expect(loadConfig({}).allowedOrigins).toEqual([]);
        for (const bad of ['*', 'a.test', 'https://a.test/app', 'ftp://a.test']) {
            expect(() => parseAllowedOrigins(bad), bad).toThrow(/ALLOWED_ORIGINS/);
        }
    });
});
