// Registration tells nobody but the address's owner whether an address has an account: a taken address gets
// the answer a new one gets, in about the same time, and its owner is mailed a warning. Both databases.
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/infra/secrets';
import { makeApp, signIn, type TestApp } from './helpers';
import { customer, mailsTo, register } from './people';

let clients = 0;
/** A registration from a client of its own, so no per-client limit is met. */
const registration = (t: TestApp, email: string, extra: object = {}) =>
    t.app.inject({ method: 'POST', url: '/api/user_register', payload: { ...customer, ...extra, email }, remoteAddress: `10.9.${(clients >> 8) & 255}.${clients++ & 255}` });

const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

describe('registering a taken address', () => {
    it('answers exactly as a new address does', async () => {
        const t = await makeApp();
        await register(t.app);
        const taken = await registration(t, customer.email.toUpperCase(), { name: 'Mallory' });
        const fresh = await registration(t, 'new@example.in');
        expect(taken.statusCode).toBe(201);
        expect(taken.statusCode).toBe(fresh.statusCode);
        expect(taken.body).toBe(fresh.body);
        expect(taken.json()).toEqual({ success: true, message: 'Registration successful' });
        expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
        expect(taken.headers['content-length']).toBe(fresh.headers['content-length']);
    });

    it('mails the owner a warning, changes nothing of the account, and the newcomer a welcome', async () => {
        const t = await makeApp();
        await register(t.app);
        const before = await t.app.db.selectFrom('users').selectAll().where('email', '=', customer.email).executeTakeFirstOrThrow();
        await mailsTo(t.app, t.config, customer.email);

        await registration(t, customer.email, { name: 'Mallory', password: 'attacker1' });
        await registration(t, 'new@example.in');

        const owner = await mailsTo(t.app, t.config, customer.email);
        expect(owner.at(-1)!.subject).toBe('Someone tried to register with your address');
        expect(owner.at(-1)!.text).toContain('If it was you, sign in');
        expect(owner.at(-1)!.text).toContain('reset your password');
        expect(owner.at(-1)!.text).not.toContain('Mallory');
        const newcomer = await mailsTo(t.app, t.config, 'new@example.in');
        expect(newcomer.map((mail) => mail.subject)).toEqual(['Welcome: your account is ready']);
        const after = await t.app.db.selectFrom('users').selectAll().where('email', '=', customer.email).executeTakeFirstOrThrow();
        expect(after).toEqual(before);
    });

    it('gives no session to either: the new account signs in with the mailed code', async () => {
        const t = await makeApp();
        const fresh = await registration(t, 'new@example.in');
        expect(fresh.json()).not.toHaveProperty('token');
        const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: await signIn(t, 'new@example.in') });
        expect(me.json()).toMatchObject({ email: 'new@example.in', role: 'Customer' });
    });

    it('costs the same time as a new address (medians of 15 each, within half a password hash)', async () => {
        const t = await makeApp();
        await register(t.app);
        const hashes: number[] = [];
        for (let i = 0; i < 5; i++) {
            const started = performance.now();
            await hashPassword(customer.password);
            hashes.push(performance.now() - started);
        }
        // Interleaved, so a slow moment of this shared machine falls on both kinds alike.
        const times = { taken: [] as number[], fresh: [] as number[] };
        for (let i = 0; i < 17; i++) {
            for (const kind of i % 2 ? (['taken', 'fresh'] as const) : (['fresh', 'taken'] as const)) {
                const started = performance.now();
                const res = await registration(t, kind === 'taken' ? customer.email : `new${i}@example.in`);
                const ms = performance.now() - started;
                expect(res.statusCode).toBe(201);
                if (i >= 2) times[kind].push(ms);
            }
        }
        await t.app.mailer.flush();
        // Skipping the hash (or the mail) for a taken address, the usual shortcut, saves a whole hash or more.
        const bound = median(hashes) / 2;
        const difference = Math.abs(median(times.taken) - median(times.fresh));
        console.log(`registration: taken ${median(times.taken).toFixed(2)} ms, new ${median(times.fresh).toFixed(2)} ms, bound ${bound.toFixed(2)} ms`);
        expect(difference).toBeLessThan(bound);
    });
});
