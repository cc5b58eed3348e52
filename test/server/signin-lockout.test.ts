// Issue 19, item 1: no stranger can lock an owner out of signing in. Wrong codes count against the guesser
// (client and address), code mails are capped per address, and the owner signs in with the newest code in
// their mailbox whatever strangers did. Both databases (TEST_DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './helpers';
import { createUser, lastCode, makeApp } from './helpers';
import { CODE_MAIL_WINDOW_MS, MAX_ACCOUNT_FAILURES, MAX_CODE_MAILS } from '../../server/features/signIn/signInRoutes';
import { ROLE } from '../../schema/access';
import { removeExpired } from '../../server/plugins/housekeeping';

afterEach(() => {
    vi.useRealTimers();
});

const OWNER = '10.0.0.1';
const stranger = (n: number) => `10.66.${n >> 8}.${n & 255}`;

const login = (t: TestApp, email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email }, remoteAddress });
const verify = (t: TestApp, email: string, otp: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp }, remoteAddress });
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

/** Signs in with the newest mailed code from the owner's client and checks the token works. */
async function ownerSignsIn(t: TestApp, email: string) {
    const signedIn = await verify(t, email, await lastCode(t.config, email), OWNER);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${signedIn.json().token}` } });
    expect(me.json()).toMatchObject({ email });
}

describe('a stranger cannot lock the owner out', () => {
    it('lets the only administrator sign in at once after 1,000 wrong guesses from 50 addresses', async () => {
        const t = await makeApp();
        const email = 'admin@shop.test';
        await createUser(t.app, email, ROLE.admin);
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
        // 200 code requests, but no more mails than the cap.
        expect(await codeMails(t, email)).toBeLessThanOrEqual(MAX_CODE_MAILS);

        // The owner asks for a code: either a new one, or told that one was just sent; it is in the mailbox.
        expect([200, 429]).toContain((await login(t, email, OWNER)).statusCode);
        await ownerSignsIn(t, email);
    }, 180_000);

    it('holds back only the stranger who sent 100 wrong codes, with a wait that doubles, not the owner', async () => {
        const t = await makeApp();
        const email = 'owner@shop.test';
        await createUser(t.app, email);
        const from = stranger(1);
        // 20 codes, each given five wrong guesses, spaced so that the mail cap lets each one out.
        for (let i = 0; i < MAX_ACCOUNT_FAILURES / 5; i++) {
            later(CODE_MAIL_WINDOW_MS / MAX_CODE_MAILS + 1000);
            expect((await login(t, email, from)).statusCode, `code ${i + 1}`).toBe(200);
            const code = await lastCode(t.config, email);
            for (let j = 0; j < 5; j++) expect((await verify(t, email, wrong(code, j), from)).statusCode).toBe(401);
        }
        // The stranger is held back, even with the right code…
        const last = await lastCode(t.config, email);
        const held = await verify(t, email, last, from);
        expect(held.statusCode).toBe(429);
        expect(held.json().message).toBe('Too many wrong codes for this address. Please try again in 1 minute.');
        // …and past the minute one more wrong code (at a new code: this one has had the stranger's five) doubles their wait.
        later(CODE_MAIL_WINDOW_MS / MAX_CODE_MAILS + 1000);
        expect((await login(t, email, from)).statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        expect((await verify(t, email, wrong(code), from)).statusCode).toBe(401);
        expect((await verify(t, email, code, from)).json().message).toBe('Too many wrong codes for this address. Please try again in 2 minutes.');
        // Another stranger, and the owner, are not held back: the owner signs in with the code.
        expect((await verify(t, email, wrong(code), stranger(2))).statusCode).toBe(401);
        await ownerSignsIn(t, email);
        const counts = await t.app.db.selectFrom('signInFailures').select(['client', 'failures']).where('email', '=', email).orderBy('client').execute();
        expect(counts).toEqual([
            { client: stranger(1), failures: MAX_ACCOUNT_FAILURES + 1 },
            { client: stranger(2), failures: 1 },
        ]);
    }, 120_000);

    it("leaves the owner's code working after strangers' wrong guesses, and a fresh one too", async () => {
        const t = await makeApp();
        const email = 'fresh@shop.test';
        await createUser(t.app, email);
        const guessFromTen = async (code: string) => {
            for (let client = 0; client < 10; client++) {
                for (let i = 0; i < 5; i++) expect((await verify(t, email, wrong(code, i), stranger(client))).statusCode).toBe(401);
            }
        };
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const first = await lastCode(t.config, email);
        await guessFromTen(first);
        await ownerSignsIn(t, email);

        // A fresh code the owner asks for a minute later works after 50 more wrong guesses.
        later(61_000);
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const second = await lastCode(t.config, email);
        expect(second === first ? 'same' : 'new').toBe('new');
        await guessFromTen(second);
        expect((await verify(t, email, first, OWNER)).statusCode).toBe(401);
        await ownerSignsIn(t, email);
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
        const failures = await t.app.db.selectFrom('signInFailures').select('failures').where('email', '=', email).where('client', '=', from).executeTakeFirstOrThrow();
        expect(failures.failures).toBe(5);
        // No try is left to this client, not even for the right code; the owner still has theirs.
        expect((await verify(t, email, code, from)).statusCode).toBe(401);
        await ownerSignsIn(t, email);
    });

    it('counts an IPv6 client by its /64, so new addresses in it get no new tries', async () => {
        const t = await makeApp();
        const email = 'six@shop.test';
        await createUser(t.app, email);
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        for (let i = 0; i < 5; i++) expect((await verify(t, email, wrong(code, i), `2001:db8:0:1::${i + 1}`)).statusCode).toBe(401);
        expect((await verify(t, email, code, '2001:db8:0:1::99')).statusCode).toBe(401);
        expect((await verify(t, email, code, '2001:db8:0:2::1')).statusCode).toBe(200);
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
    it('forgets a client’s wrong codes after a quiet day unless it is held back now, and old forgot-password requests', async () => {
        const t = await makeApp();
        const hour = 60 * 60_000;
        const at = (ms: number) => new Date(Date.now() + ms).toISOString();
        await t.app.db
            .insertInto('signInFailures')
            .values([
                { email: 'a@shop.test', client: 'quiet', failures: 7, lockedUntil: null, updatedAt: at(-25 * hour) },
                { email: 'a@shop.test', client: 'held', failures: 130, lockedUntil: at(hour), updatedAt: at(-25 * hour) },
                { email: 'a@shop.test', client: 'recent', failures: 3, lockedUntil: null, updatedAt: at(-hour) },
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
        const failures = await t.app.db.selectFrom('signInFailures').select('client').orderBy('client').execute();
        expect(failures.map((row) => row.client)).toEqual(['held', 'recent']);
        const requests = await t.app.db.selectFrom('passwordResetRequests').select('email').execute();
        expect(requests.map((row) => row.email)).toEqual(['new@shop.test']);
    });
});
