// No stranger can lock an owner out of signing in. A code has five tries from anywhere; wrong codes from
// unknown devices count against the account and, past the bound, hold unknown devices back, while a device
// that signed in before (its device token) has a budget of its own and signs in whatever strangers did;
// code mails are capped per address. Both databases (TEST_DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './helpers';
import { createUser, lastCode, makeApp } from './helpers';
import { MAX_CODE_MAILS, MAX_TRIES, UNKNOWN_DEVICE_FAILURES } from '../../server/features/signIn/signInRoutes';
import { ROLE } from '../../schema/access';
import { removeExpired } from '../../server/plugins/housekeeping';

afterEach(() => {
    vi.useRealTimers();
});

const OWNER = '10.0.0.1';
const stranger = (n: number) => `10.66.${n >> 8}.${n & 255}`;

/** A request from `remoteAddress`, from the device whose token is given (else an unknown one). */
const login = (t: TestApp, email: string, remoteAddress: string, device?: string) =>
    t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email }, remoteAddress, headers: device ? { 'x-device-token': device } : {} });
const verify = (t: TestApp, email: string, otp: string, remoteAddress: string, device?: string) =>
    t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp }, remoteAddress, headers: device ? { 'x-device-token': device } : {} });
/** The n-th code that is not `code`. */
const wrong = (code: string, n = 0) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

/** Moves the clock (Date only) forward by `ms` from wherever it is now. */
function later(ms: number) {
    vi.useFakeTimers({ now: Date.now() + ms, toFake: ['Date'] });
}

/** Sign-in code mails that went out to the address (the outbox), once the queue has sent what is due. */
async function codeMails(t: TestApp, email: string) {
    await t.app.mailer.flush();
    const outbox = path.join(t.config.dataDir, 'outbox');
    return fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.includes(email)).length : 0;
}

/**
 * Signs in with the newest mailed code from the owner's client (from a new device, or the one whose token is
 * given), checks the token works, and answers the device token the server gives.
 */
async function ownerSignsIn(t: TestApp, email: string, device?: string): Promise<string> {
    const signedIn = await verify(t, email, await lastCode(t.config, email), OWNER, device);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${signedIn.json().token}` } });
    expect(me.json()).toMatchObject({ email });
    return signedIn.json().deviceToken;
}

/** The owner's first sign-in on their device, before any stranger turns up: answers its device token. */
async function signInFirst(t: TestApp, email: string): Promise<string> {
    expect((await login(t, email, OWNER)).statusCode).toBe(200);
    return ownerSignsIn(t, email);
}

describe('a stranger cannot lock the owner out', () => {
    it('lets the only administrator sign in at once from a device that signed in before, after 1,000 wrong guesses from 50 addresses', async () => {
        const t = await makeApp();
        const email = 'admin@shop.test';
        await createUser(t.app, email, ROLE.admin);
        const device = await signInFirst(t, email);
        const statuses = new Map<number, number>();
        const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // Each of 50 clients asks for a code and sends five wrong guesses, four times over.
        for (let round = 0; round < 4; round++) {
            for (let client = 0; client < 50; client++) {
                const from = stranger(client);
                expect([200, 429]).toContain((await login(t, email, from)).statusCode);
                const code = await lastCode(t.config, email);
                for (let i = 0; i < 5; i++) count((await verify(t, email, wrong(code, i), from)).statusCode);
            }
        }
        expect(Object.fromEntries(statuses)).toEqual({ 401: 1000 });
        // 200 code requests, but a mail only for each code the strangers spent before they were held back.
        expect(await codeMails(t, email)).toBeLessThanOrEqual(1 + UNKNOWN_DEVICE_FAILURES / MAX_TRIES + 1);

        // The owner's device asks for a code of its own, which none of the strangers' guesses reached.
        expect((await login(t, email, OWNER, device)).statusCode).toBe(200);
        await ownerSignsIn(t, email, device);
    }, 180_000);

    it(`holds back unknown devices after ${UNKNOWN_DEVICE_FAILURES} wrong codes for an address, with a wait that doubles, not the owner's device`, async () => {
        const t = await makeApp();
        const email = 'owner@shop.test';
        await createUser(t.app, email);
        const device = await signInFirst(t, email);
        const from = stranger(1);
        // Ten codes, each spent by five wrong guesses: a spent code may be replaced at once.
        for (let i = 0; i < UNKNOWN_DEVICE_FAILURES / MAX_TRIES; i++) {
            expect((await login(t, email, from)).statusCode, `code ${i + 1}`).toBe(200);
            const code = await lastCode(t.config, email);
            for (let j = 0; j < MAX_TRIES; j++) expect((await verify(t, email, wrong(code, j), from)).statusCode).toBe(401);
        }
        // Every unknown device is held back now, the stranger and anyone else…
        for (const who of [from, stranger(2), OWNER]) {
            const held = await login(t, email, who);
            expect(held.statusCode).toBe(429);
            expect(held.json().message).toBe('Too many wrong codes for this address. Please try again in 15 minutes.');
        }
        // …and past the wait, one more spent code doubles it.
        later(15 * 60_000 + 1000);
        expect((await login(t, email, from)).statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        for (let j = 0; j < MAX_TRIES; j++) expect((await verify(t, email, wrong(code, j), from)).statusCode).toBe(401);
        expect((await login(t, email, stranger(2))).json().message).toBe('Too many wrong codes for this address. Please try again in 30 minutes.');
        // The owner's device is not held back: it asks for a code and signs in.
        expect((await login(t, email, OWNER, device)).statusCode).toBe(200);
        await ownerSignsIn(t, email, device);
        const counts = await t.app.db.selectFrom('signInFailures').select(['client', 'failures']).where('email', '=', email).execute();
        expect(counts).toEqual([{ client: '*', failures: UNKNOWN_DEVICE_FAILURES + MAX_TRIES }]);
    }, 120_000);

    it("keeps the code of the owner's device out of strangers' reach, while theirs spend a new device's code", async () => {
        const t = await makeApp();
        const email = 'fresh@shop.test';
        await createUser(t.app, email);
        const device = await signInFirst(t, email);
        const guessFromTen = async (code: string) => {
            for (let client = 0; client < 10; client++) {
                for (let i = 0; i < 5; i++) expect((await verify(t, email, wrong(code, i), stranger(client))).statusCode).toBe(401);
            }
        };
        expect((await login(t, email, OWNER, device)).statusCode).toBe(200);
        await guessFromTen(await lastCode(t.config, email));
        await ownerSignsIn(t, email, device);

        // From a new device the owner's code is spent by the first five wrong guesses, from wherever they come.
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        await guessFromTen(code);
        const late = await verify(t, email, code, OWNER);
        expect([late.statusCode, late.json().message]).toEqual([401, 'This code has had too many wrong tries. Please ask for a new one.']);
    }, 60_000);
});

describe('the five tries of a code', () => {
    it('compares at most five of ten wrong guesses one client sends at once', async () => {
        const t = await makeApp();
        const email = 'burst@shop.test';
        await createUser(t.app, email);
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        const from = stranger(7);
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(t, email, wrong(code, i), from)));
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
        const failures = await t.app.db.selectFrom('signInFailures').select('failures').where('email', '=', email).where('client', '=', '*').executeTakeFirstOrThrow();
        expect(failures.failures).toBe(5);
        // No try is left at the code, not even for the right one; a new code signs the owner in.
        expect((await verify(t, email, code, OWNER)).statusCode).toBe(401);
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        await ownerSignsIn(t, email);
    });

    it('counts an IPv6 client by its /64 for the sign-in rate limit, so new addresses in it get no new requests', async () => {
        const t = await makeApp({ authRateLimit: 5 });
        const email = 'six@shop.test';
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push((await verify(t, email, '123456', `2001:db8:0:1::${i + 1}`)).statusCode);
        expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
        expect((await verify(t, email, '123456', '2001:db8:0:2::1')).statusCode).toBe(401);
    });
});

describe('the code mail cap', () => {
    it(`mails at most ${MAX_CODE_MAILS} codes in 15 minutes to one address, the rest answered the same without a mail`, async () => {
        const t = await makeApp();
        const email = 'capped@shop.test';
        await createUser(t.app, email);
        const answers = [];
        // A client a minute, so the one-minute resend rule never answers.
        for (let client = 0; client < 12; client++) {
            later(61_000);
            const res = await login(t, email, stranger(client));
            answers.push([res.statusCode, res.json().message]);
        }
        expect(answers).toEqual(Array(12).fill([200, 'OTP sent to your email.']));
        expect(await codeMails(t, email)).toBe(MAX_CODE_MAILS);
        expect(await t.app.db.selectFrom('loginCodes').select('id').where('email', '=', email).execute()).toHaveLength(MAX_CODE_MAILS);
        expect(await t.app.db.selectFrom('mailQueue').select('id').where('toAddress', '=', email).execute()).toHaveLength(MAX_CODE_MAILS);
        // The newest code is the last one mailed, and it signs the owner in.
        await ownerSignsIn(t, email);
    });

    it('mails a new code past the cap once the newest one has expired (a clean-up between resets nothing), so the owner is never stuck', async () => {
        const t = await makeApp();
        const email = 'stuck@shop.test';
        await createUser(t.app, email);
        for (let client = 0; client < MAX_CODE_MAILS; client++) {
            later(61_000);
            expect((await login(t, email, stranger(client))).statusCode).toBe(200);
        }
        expect(await codeMails(t, email)).toBe(MAX_CODE_MAILS);
        // Ten minutes on the newest code has expired while the five are still in the window; the hourly
        // clean-up runs then, and must leave them counting towards the cap.
        later(10 * 60_000 + 1000);
        await removeExpired(t.app.db);
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        expect(await codeMails(t, email)).toBe(MAX_CODE_MAILS + 1);
        // That new code is live: a stranger's request a minute later cannot replace it.
        later(61_000);
        expect((await login(t, email, stranger(99))).statusCode).toBe(200);
        expect(await codeMails(t, email)).toBe(MAX_CODE_MAILS + 1);
        await ownerSignsIn(t, email);
    });

    it('lets only one of twenty requests at once past the last place under the cap', async () => {
        const t = await makeApp();
        const email = 'race@shop.test';
        await createUser(t.app, email);
        for (let client = 0; client < MAX_CODE_MAILS - 1; client++) {
            later(61_000);
            expect((await login(t, email, stranger(client))).statusCode).toBe(200);
        }
        later(61_000);
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, email, stranger(100 + i))));
        expect(answers.every((answer) => [200, 429].includes(answer.statusCode))).toBe(true);
        expect(await t.app.db.selectFrom('loginCodes').select('id').where('email', '=', email).execute()).toHaveLength(MAX_CODE_MAILS);
        expect(await codeMails(t, email)).toBe(MAX_CODE_MAILS);
        await ownerSignsIn(t, email);
    });
});

describe('the clean-up', () => {
    it('forgets a device’s wrong codes after a quiet day (unknown devices’ after a month) unless held back now, and old forgot-password requests', async () => {
        const t = await makeApp();
        const hour = 60 * 60_000;
        const at = (ms: number) => new Date(Date.now() + ms).toISOString();
        await t.app.db
            .insertInto('signInFailures')
            .values([
                { email: 'a@shop.test', client: 'quiet', failures: 7, lockedUntil: null, updatedAt: at(-25 * hour) },
                { email: 'a@shop.test', client: 'held', failures: 130, lockedUntil: at(hour), updatedAt: at(-25 * hour) },
                { email: 'a@shop.test', client: 'recent', failures: 3, lockedUntil: null, updatedAt: at(-hour) },
                // The unknown devices' count is kept a month.
                { email: 'b@shop.test', client: '*', failures: 40, lockedUntil: null, updatedAt: at(-25 * hour) },
                { email: 'c@shop.test', client: '*', failures: 40, lockedUntil: null, updatedAt: at(-31 * 24 * hour) },
            ])
            .execute();
        await t.app.db
            .insertInto('passwordResetRequests')
            .values([
                { email: 'old@shop.test', requestedAt: at(-2 * hour) },
                { email: 'new@shop.test', requestedAt: at(-30_000) },
            ])
            .execute();
        await removeExpired(t.app.db);
        const failures = await t.app.db.selectFrom('signInFailures').select(['email', 'client']).orderBy('email').orderBy('client').execute();
        expect(failures.map((row) => `${row.email} ${row.client}`)).toEqual(['a@shop.test held', 'a@shop.test recent', 'b@shop.test *']);
        const requests = await t.app.db.selectFrom('passwordResetRequests').select('email').execute();
        expect(requests.map((row) => row.email)).toEqual(['new@shop.test']);
    });
});
