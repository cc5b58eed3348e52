// No distributed code guessing, and the owner still signs in: a code has five tries from anywhere, the
// unknown devices of an account share one budget that a flood spends, and a device that signed in before
// (its device token) keeps a budget of its own. Clients are set through a trusted proxy (TRUST_PROXY and
// X-Forwarded-For). Both databases (TEST_DATABASE_URL).
import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './helpers';
import { createUser, lastCode, makeApp } from './helpers';
import { DEVICE_FAILURES, MAX_TRIES, UNKNOWN_DEVICE_FAILURES } from '../../server/features/signIn/signInRoutes';
import { ROLE } from '../../schema/access';

afterEach(() => {
    vi.useRealTimers();
});

const PROXY = '10.0.0.5';
const OWNER = '192.0.2.10';
const LOCKOUT_MS = 60_000;
const SPENT = 'This code has had too many wrong tries. Please ask for a new one.';
const attacker = (n: number) => `198.18.${n >> 8}.${n & 255}`;

/** A request from `client` as the trusted proxy forwards it, with the device token when there is one. */
const from = (client: string, deviceToken?: string) => ({
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client, ...(deviceToken && { 'x-device-token': deviceToken }) },
});
const login = (t: TestApp, email: string, client: string, deviceToken?: string) =>
    t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email }, ...from(client, deviceToken) });
const verify = (t: TestApp, email: string, otp: string, client: string, deviceToken?: string) =>
    t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp }, ...from(client, deviceToken) });
/** The n-th code that is not `code`. */
const wrong = (code: string, n = 0) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

/** Moves the clock (Date only) forward by `ms` from wherever it is now. */
function later(ms: number) {
    vi.useFakeTimers({ now: Date.now() + ms, toFake: ['Date'] });
}

/** Runs `run` over the items, at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
    let next = 0;
    await Promise.all(Array.from({ length: limit }, async () => {
        while (next < items.length) await run(items[next++]);
    }));
}

/** Signs in from a new device with the newest mailed code; answers the device token the server gives. */
async function signInNewDevice(t: TestApp, email: string, client: string) {
    expect((await login(t, email, client)).statusCode).toBe(200);
    const signedIn = await verify(t, email, await lastCode(t.config, email), client);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return signedIn.json().deviceToken as string;
}

/** Every code made for the address: which device it is for and how many guesses were compared with it. */
const codesOf = (t: TestApp, email: string) =>
    t.app.db.selectFrom('loginCodes').select(['id', 'device', 'attempts']).where('email', '=', email).orderBy('id').execute();

const heldUntil = async (t: TestApp, email: string, budget: string) =>
    (await t.app.db.selectFrom('signInFailures').select('lockedUntil').where('email', '=', email).where('client', '=', budget).executeTakeFirst())?.lockedUntil ?? null;

describe('a flood of guesses from many addresses', () => {
    it('compares at most five guesses with any code; the owner signs in from a known device during it, and from a new one after', async () => {
        const t = await makeApp({ trustProxy: [PROXY], authLockoutMs: LOCKOUT_MS });
        const email = 'admin@shop.test';
        await createUser(t.app, email, ROLE.admin);
        const deviceToken = await signInNewDevice(t, email, OWNER);
        expect(deviceToken).toMatch(/^[\w-]{22}\.[0-9a-z]+\.[0-9a-f]{64}$/);
        // The code in the owner's mailbox when the flood starts.
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const real = await lastCode(t.config, email);
        const [realId] = (await codesOf(t, email)).slice(-1).map((code) => code.id);

        // 500 addresses, each asking for a code and sending four wrong guesses: 2,000 guesses, 16 at a time.
        const answers = new Map<string, number>();
        const tally = (answer: { statusCode: number; json: () => { message?: string } }) => {
            const key = `${answer.statusCode} ${answer.json().message}`;
            answers.set(key, (answers.get(key) ?? 0) + 1);
        };
        let guessed = 0;
        const started = Date.now();
        const flood = inPool(Array.from({ length: 500 }, (_, n) => attacker(n)), 16, async (client) => {
            expect([200, 429]).toContain((await login(t, email, client)).statusCode);
            for (let i = 0; i < 4; i++) {
                // A guess at random; one that happened to be right would sign in and fail the test below.
                tally(await verify(t, email, String(randomInt(0, 1_000_000)).padStart(6, '0'), client));
                guessed++;
            }
        });

        // Once the flood has spent the unknown devices' budget, the owner's known device asks for a code and signs in.
        while (!(await heldUntil(t, email, '*'))) await new Promise((resolve) => setTimeout(resolve, 20));
        const asked = Date.now();
        expect((await login(t, email, OWNER, deviceToken)).statusCode).toBe(200);
        const ownerIn = await verify(t, email, await lastCode(t.config, email), OWNER, deviceToken);
        expect(ownerIn.statusCode, ownerIn.body).toBe(200);
        const ownerMs = Date.now() - asked;
        const guessedWhenOwnerIn = guessed;
        await flood;
        const floodMs = Date.now() - started;

        const codes = await codesOf(t, email);
        // The codes strangers could reach: the owner's real one and those the flood asked for.
        const unknownCodes = codes.filter((code) => code.device === null && code.id >= realId);
        const compared = unknownCodes.reduce((sum, code) => sum + code.attempts, 0);
        console.log(
            `flood: ${guessed} guesses from 500 addresses in ${floodMs} ms; ${unknownCodes.length} codes for unknown devices, ` +
                `at most ${Math.max(...unknownCodes.map((code) => code.attempts))} guesses compared with any one, ${compared} in all; ` +
                `answers ${JSON.stringify(Object.fromEntries(answers))}; the owner's known device signed in in ${ownerMs} ms, ` +
                `${guessedWhenOwnerIn} guesses into the flood`,
        );
        expect(guessed).toBe(2000);
        expect(Math.max(...codes.map((code) => code.attempts))).toBeLessThanOrEqual(MAX_TRIES);
        // Every wrong answer was a compared guess; the rest were told the code was spent. Nobody signed in.
        expect(answers.get('401 Invalid OTP')).toBe(compared);
        expect(answers.get(`401 ${SPENT}`)).toBe(2000 - compared);
        // Ten spent codes hold unknown devices back; a request already past that check may make one more.
        expect(compared).toBeLessThanOrEqual(UNKNOWN_DEVICE_FAILURES + MAX_TRIES);
        expect(guessedWhenOwnerIn).toBeLessThan(2000);

        // The real code had its five wrong guesses and is dead.
        expect(codes.find((code) => code.id === realId)?.attempts).toBe(MAX_TRIES);
        expect((await verify(t, email, real, OWNER)).statusCode).toBe(401);

        // A new device of the owner waits out the window (doubled if a request raced the hold to one more code), then gets in.
        const held = await login(t, email, '192.0.2.77');
        expect(held.statusCode).toBe(429);
        const wait = Date.parse((await heldUntil(t, email, '*'))!) - Date.now();
        expect(wait).toBeLessThanOrEqual(compared > UNKNOWN_DEVICE_FAILURES ? 2 * LOCKOUT_MS : LOCKOUT_MS);
        expect(held.json().message).toBe(`Too many wrong codes for this address. Please try again in ${Math.ceil(wait / 60_000)} minute${wait > 60_000 ? 's' : ''}.`);
        later(wait + 1000);
        await signInNewDevice(t, email, '192.0.2.77');
    }, 180_000);
});

describe('a code has five tries from anywhere', () => {
    it('compares five of a hundred wrong guesses sent at once from a hundred addresses, then refuses even the right code', async () => {
        const t = await makeApp({ trustProxy: [PROXY] });
        const email = 'burst@shop.test';
        await createUser(t.app, email);
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        const code = await lastCode(t.config, email);
        const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => verify(t, email, wrong(code, n), attacker(n))));
        const messages = answers.map((answer) => `${answer.statusCode} ${answer.json().message}`);
        expect(messages.filter((message) => message === '401 Invalid OTP')).toHaveLength(MAX_TRIES);
        expect(messages.filter((message) => message === `401 ${SPENT}`)).toHaveLength(100 - MAX_TRIES);
        expect((await codesOf(t, email))[0].attempts).toBe(MAX_TRIES);
        const late = await verify(t, email, code, OWNER);
        expect([late.statusCode, late.json().message]).toEqual([401, SPENT]);
        // A spent code is no longer live: a new one may go out at once.
        expect((await login(t, email, OWNER)).statusCode).toBe(200);
        expect((await verify(t, email, await lastCode(t.config, email), OWNER)).statusCode).toBe(200);
    });
});

describe('device tokens', () => {
    it("are the account's own: another account's, a forged or an altered one counts as an unknown device", async () => {
        const t = await makeApp({ trustProxy: [PROXY] });
        await createUser(t.app, 'a@shop.test');
        await createUser(t.app, 'b@shop.test');
        const forA = await signInNewDevice(t, 'a@shop.test', OWNER);
        const [id, issued, signature] = forA.split('.');
        const altered = `${id}.${issued}.${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
        const tokens = [forA, altered, `${id}.${issued}`, 'x'.repeat(5000), forA.replace(id, 'A'.repeat(22))];
        for (const [n, token] of tokens.entries()) {
            later(61_000);
            expect((await login(t, 'b@shop.test', attacker(n), token)).statusCode).toBe(200);
        }
        expect((await codesOf(t, 'b@shop.test')).map((code) => code.device)).toEqual(Array(tokens.length).fill(null));
        // For its own account the token names the device the code is for.
        later(61_000);
        expect((await login(t, 'a@shop.test', OWNER, forA)).statusCode).toBe(200);
        expect((await codesOf(t, 'a@shop.test')).at(-1)?.device).toBe(id);
    });

    it('a device that sends too many wrong codes counts as unknown until its wait ends', async () => {
        const t = await makeApp({ trustProxy: [PROXY], authLockoutMs: LOCKOUT_MS });
        const email = 'device@shop.test';
        await createUser(t.app, email);
        const token = await signInNewDevice(t, email, OWNER);
        const device = token.split('.')[0];
        for (let n = 0; n < DEVICE_FAILURES / MAX_TRIES; n++) {
            later(61_000);
            expect((await login(t, email, OWNER, token)).statusCode).toBe(200);
            const code = await lastCode(t.config, email);
            for (let i = 0; i < MAX_TRIES; i++) expect((await verify(t, email, wrong(code, i), OWNER, token)).statusCode).toBe(401);
        }
        expect(await heldUntil(t, email, `device:${device}`)).not.toBeNull();
        // Held back, the device's next code is an unknown device's one.
        expect((await login(t, email, OWNER, token)).statusCode).toBe(200);
        expect((await codesOf(t, email)).at(-1)?.device).toBeNull();
        // Past its wait it is known again; its right code clears its count.
        later(LOCKOUT_MS);
        expect((await login(t, email, OWNER, token)).statusCode).toBe(200);
        expect((await codesOf(t, email)).at(-1)?.device).toBe(device);
        expect((await verify(t, email, await lastCode(t.config, email), OWNER, token)).statusCode).toBe(200);
        expect(await heldUntil(t, email, `device:${device}`)).toBeNull();
    });
});
