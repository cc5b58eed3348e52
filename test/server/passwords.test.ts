import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApp, signIn, type TestApp } from './helpers';
import { customer, mailsTo, register, resetToken } from './people';
import { verifyPassword } from '../../server/infra/secrets';

afterEach(() => vi.useRealTimers());

const forgot = (t: TestApp, email: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
const reset = (t: TestApp, token: string, password: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/reset-password/${token}`, payload: { password } });
const storedHash = async (t: TestApp) =>
    (await t.app.db.selectFrom('users').select('passwordHash').where('email', '=', customer.email).executeTakeFirstOrThrow()).passwordHash!;

const INVALID = 'This password reset link is invalid, used or expired. Please ask for a new one.';

/** Lets a minute pass for the resend limit, by ageing the stored links. */
const ageLinks = async (t: TestApp) => {
    await t.app.db.updateTable('passwordResetTokens').set({ createdAt: '2000-01-01T00:00:00.000Z' }).execute();
    await t.app.db.updateTable('passwordResetRequests').set({ requestedAt: '2000-01-01T00:00:00.000Z' }).execute();
};

describe('forgot password', () => {
    it('mails a link to PUBLIC_URL/ResetPassword and answers the same for an unknown address', async () => {
        const t = await makeApp({ publicUrl: 'https://shop.example.in/' });
        await register(t.app);
        const known = await forgot(t, ' Ravi@Example.in ');
        const unknown = await forgot(t, 'nobody@example.in');
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json()).toEqual(known.json());
        // The first mail is registration's welcome.
        const [, mail] = await mailsTo(t.app, t.config, customer.email);
        expect(mail.subject).toBe('Reset your password');
        expect(mail.text).toMatch(/https:\/\/shop\.example\.in\/ResetPassword\?token=[\w-]{43}\n/);
        expect(await mailsTo(t.app, t.config, 'nobody@example.in')).toEqual([]);
    });

    it('stores only a digest of the token', async () => {
        const t = await makeApp();
        await register(t.app);
        await forgot(t, customer.email);
        const token = await resetToken(t, customer.email);
        const rows = await t.app.db.selectFrom('passwordResetTokens').selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(JSON.stringify(rows)).not.toContain(token);
    });

    it("refuses a malformed address with the customer form's message", async () => {
        const t = await makeApp();
        for (const email of ['', 'ravi', 'ravi@example']) {
            const res = await forgot(t, email);
            expect(res.statusCode).toBe(400);
            expect(res.json().message).toBe('Please enter a valid email address!');
        }
    });

    it('sends no second mail within a minute, and a newer link makes the older one useless', async () => {
        const t = await makeApp();
        await register(t.app);
        await forgot(t, customer.email);
        await forgot(t, customer.email);
        expect((await mailsTo(t.app, t.config, customer.email)).filter((mail) => mail.subject === 'Reset your password')).toHaveLength(1);
        const first = await resetToken(t, customer.email);
        await ageLinks(t);
        await forgot(t, customer.email);
        const second = await resetToken(t, customer.email);
        expect(second).not.toBe(first);
        expect((await reset(t, first, 'newpass1')).json()).toMatchObject({ success: false, message: INVALID });
        expect((await reset(t, second, 'newpass1')).statusCode).toBe(200);
    });

    it('is rate-limited per client', async () => {
        const t = await makeApp({ authRateLimit: 3 });
        const codes = [];
        for (let i = 0; i < 4; i++) codes.push((await forgot(t, `someone${i}@example.in`)).statusCode);
        expect(codes).toEqual([200, 200, 200, 429]);
    });
});

describe('reset password', () => {
    it('sets the new password once, ends every session and mails a notice', async () => {
        const t = await makeApp();
        await register(t.app);
        const session = await signIn(t, customer.email);
        expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: session })).statusCode).toBe(200);
        await forgot(t, customer.email);
        const token = await resetToken(t, customer.email);

        const res = await reset(t, token, 'brand-new-pass');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: 'Password has been reset successfully!' });
        expect(await verifyPassword('brand-new-pass', await storedHash(t))).toBe(true);
        expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: session })).statusCode).toBe(401);
        expect((await mailsTo(t.app, t.config, customer.email)).at(-1)!.subject).toBe('Your password was changed');

        const again = await reset(t, token, 'another-pass');
        expect(again.statusCode).toBe(400);
        expect(again.json().message).toBe(INVALID);
        expect(await verifyPassword('brand-new-pass', await storedHash(t))).toBe(true);
    });

    it('accepts the link for 30 minutes only', async () => {
        const t = await makeApp();
        await register(t.app);
        await forgot(t, customer.email);
        const token = await resetToken(t, customer.email);
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 31 * 60_000);
        const res = await reset(t, token, 'too-late-pass');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(INVALID);
        expect(await verifyPassword(customer.password, await storedHash(t))).toBe(true);
    });

    it('answers 400 for an unknown or malformed token', async () => {
        const t = await makeApp();
        for (const token of ['A'.repeat(43), 'short', '%00%00', `${'x'.repeat(60)}.`]) {
            const res = await reset(t, token, 'whatever1');
            expect(res.statusCode, token).toBe(400);
            expect(res.json().message).toBe(INVALID);
        }
    });

    it('refuses a short password without using the link up', async () => {
        const t = await makeApp();
        await register(t.app);
        await forgot(t, customer.email);
        const token = await resetToken(t, customer.email);
        for (const password of ['12345', '', 12345, null]) {
            const res = await reset(t, token, password);
            expect(res.statusCode).toBe(400);
            expect(res.json().message).toBe('Password must be at least 6 characters long!');
        }
        expect((await reset(t, token, '123456')).statusCode).toBe(200);
    });

    it('lets one of two simultaneous uses of a link win', async () => {
        const t = await makeApp();
        await register(t.app);
        await forgot(t, customer.email);
        const token = await resetToken(t, customer.email);
        const answers = await Promise.all([reset(t, token, 'first-pass'), reset(t, token, 'second-pass')]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    });

    it('sends no link to a disabled account', async () => {
        const t = await makeApp();
        await signIn(t);
        await register(t.app);
        await t.app.db.updateTable('users').set({ status: 0 }).where('email', '=', customer.email).execute();
        expect((await forgot(t, customer.email)).statusCode).toBe(200);
        expect((await mailsTo(t.app, t.config, customer.email)).map((mail) => mail.subject)).toEqual(['Welcome: your account is ready']);
    });
});
