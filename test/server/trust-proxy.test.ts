// Behind a proxy, limits count the address the trusted proxy saw, never one the client
// wrote into X-Forwarded-For; TRUST_PROXY=true (believe any forwarded address) is refused at start.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { makeApp, type TestApp } from './helpers';

const LIMIT = 10;
const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.7';

/** A made-up address, as an attacker would write one per request. */
const randomAddress = () => [...randomBytes(4)].join('.');

/** A wrong code sent through the proxy: the client writes what it likes, the proxy appends the address it saw. */
const guessThroughProxy = (t: TestApp, clientWrote: string) =>
    t.app.inject({
        method: 'POST',
        url: '/api/userverify-otp',
        payload: { email: 'owner@shop.test', otp: '123456' },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${clientWrote}, ${CLIENT}` },
    });

async function refusedOf(t: TestApp, requests: number) {
    const answers = await Promise.all(Array.from({ length: requests }, () => guessThroughProxy(t, randomAddress())));
    return answers.filter((answer) => answer.statusCode === 429).length;
}

describe('TRUST_PROXY', () => {
    it('refuses true at start, saying to give hops or the proxies’ addresses', () => {
        expect(() => parseTrustProxy('true')).toThrow(/number of proxies.*TRUST_PROXY=1.*addresses/);
        expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    });

    it('takes hops, addresses, CIDR ranges and proxy-addr’s named ranges; refuses anything else with its name', () => {
        expect(parseTrustProxy(undefined)).toBe(false);
        expect(parseTrustProxy('false')).toBe(false);
        expect(parseTrustProxy('0')).toBe(false);
        expect(parseTrustProxy('2')).toBe(2);
        expect(parseTrustProxy(' 10.0.0.5, 10.0.1.0/24 ,::1,fd00::/8,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'fd00::/8', 'loopback']);
        for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '::1/129', 'proxy.local', '10.0.0.1/8/2']) {
            expect(() => parseTrustProxy(bad), bad).toThrow(/not a number of hops/);
        }
    });

    it('a server started with TRUST_PROXY=true stops with the message, not a stack trace', () => {
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
            env: { ...process.env, TRUST_PROXY: 'true', PORT: '0', DATA_DIR: '/nonexistent-never-created' },
            encoding: 'utf8',
            timeout: 20_000,
        });
        expect(run.status).toBe(1);
        expect(run.stderr).toMatch(/^Cannot start: TRUST_PROXY=true/m);
        expect(run.stderr).not.toMatch(/\n\s+at /);
    });

    for (const [setting, trustProxy] of [
        ['a hop count', 1],
        ['the proxy’s address', [PROXY]],
    ] as const) {
        it(`with ${setting}, a made-up X-Forwarded-For per request does not pass the limit`, async () => {
            const t = await makeApp({ trustProxy: trustProxy as number | string[], authRateLimit: LIMIT });
            // 60 guesses at once, each with an address of its own before the one the proxy saw: one client.
            expect(await refusedOf(t, 60)).toBe(60 - LIMIT);
            // Another client behind the same proxy has a limit of its own.
            const other = await t.app.inject({
                method: 'POST',
                url: '/api/userverify-otp',
                payload: { email: 'owner@shop.test', otp: '123456' },
                remoteAddress: PROXY,
                headers: { 'x-forwarded-for': '198.51.100.9' },
            });
            expect(other.statusCode).toBe(401);
        });
    }

    it('believes no forwarded address from a peer that is not the trusted proxy', async () => {
        const t = await makeApp({ trustProxy: [PROXY], authRateLimit: LIMIT });
        const answers = await Promise.all(
            Array.from({ length: 30 }, () =>
                t.app.inject({
                    method: 'POST',
                    url: '/api/userverify-otp',
                    payload: { email: 'owner@shop.test', otp: '123456' },
                    remoteAddress: '192.0.2.44',
                    headers: { 'x-forwarded-for': randomAddress() },
                }),
            ),
        );
        expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(30 - LIMIT);
    });
});
