import { describe, expect, it, vi, afterEach } from 'vitest';
import { createUser, databaseUrl, lastCode, makeApp, signIn } from './helpers';
import { ROLE } from '../../schema/access';

afterEach(() => vi.useRealTimers());

const login = (t: Awaited<ReturnType<typeof makeApp>>, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/user_login', payload: { email } });
const verify = (t: Awaited<ReturnType<typeof makeApp>>, email: string, otp: string) =>
    t.app.inject({ method: 'POST', url: '/api/userverify-otp', payload: { email, otp } });

describe('sign-in by e-mail code', () => {
    it('mails a 6-digit code that signs the user in and gives a working token', async () => {
        const t = await makeApp();
        await createUser(t.app, 'asha@shop.test', ROLE.admin, 'Asha');
        const sent = await login(t, 'Asha@Shop.test ');
        expect(sent.statusCode).toBe(200);
        expect(sent.json()).toEqual({ success: true, message: 'OTP sent to your email.' });
        const code = await lastCode(t.config, 'asha@shop.test');
        expect(code).toMatch(/^\d{6}$/);

        const ok = await verify(t, 'asha@shop.test', code);
        expect(ok.statusCode).toBe(200);
        const { token, user } = ok.json();
        expect(token).toMatch(/^[\w-]{40,}$/);
        expect(user).toMatchObject({ name: 'Asha', email: 'asha@shop.test', roleId: 1, role: 'Admin' });
        const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
        expect(me.json()).toMatchObject({ email: 'asha@shop.test', roleId: 1 });
    });

    it('stores codes and tokens only as digests', async () => {
        const t = await makeApp();
        const headers = await signIn(t, 'digest@shop.test');
        const token = headers.authorization.slice(7);
        const code = await lastCode(t.config, 'digest@shop.test');
        const codes = await t.app.db.selectFrom('loginCodes').select('codeHash').execute();
        const sessions = await t.app.db.selectFrom('sessions').select('tokenHash').execute();
        expect(JSON.stringify(codes)).not.toContain(code);
        expect(JSON.stringify(sessions)).not.toContain(token);
    });

    it('answers an unknown address exactly like a known one and mails nothing', async () => {
        const t = await makeApp();
        await createUser(t.app, 'known@shop.test');
        const known = await login(t, 'known@shop.test');
        const unknown = await login(t, 'nobody@shop.test');
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.json()).toEqual(known.json());
        await expect(lastCode(t.config, 'nobody@shop.test')).rejects.toThrow(/No sign-in code/);
        expect((await verify(t, 'nobody@shop.test', '123456')).json()).toMatchObject({ success: false, message: 'Invalid OTP' });
    });

    it("refuses a malformed address with the spec's 'Invalid email'", async () => {
        const t = await makeApp();
        for (const email of ['not-an-email', 'a@b', '']) {
            const res = await login(t, email);
            expect(res.statusCode).toBe(400);
            expect(res.json()).toMatchObject({ success: false, message: 'Invalid email', errors: { email: 'Invalid email' } });
        }
        expect((await t.app.inject({ method: 'POST', url: '/api/user_login', payload: {} })).statusCode).toBe(400);
    });

    it('refuses a wrong code, then kills the code after 5 wrong tries', async () => {
        const t = await makeApp();
        await createUser(t.app, 'tries@shop.test');
        await login(t, 'tries@shop.test');
        const code = await lastCode(t.config, 'tries@shop.test');
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i++) {
            const res = await verify(t, 'tries@shop.test', wrong);
            expect(res.statusCode).toBe(401);
            expect(res.json().message).toBe('Invalid OTP');
        }
        expect((await verify(t, 'tries@shop.test', code)).statusCode).toBe(401);
    });

    it('accepts a code once only', async () => {
        const t = await makeApp();
        await createUser(t.app, 'once@shop.test');
        await login(t, 'once@shop.test');
        const code = await lastCode(t.config, 'once@shop.test');
        expect((await verify(t, 'once@shop.test', code)).statusCode).toBe(200);
        expect((await verify(t, 'once@shop.test', code)).statusCode).toBe(401);
    });

    it('lets a code expire after 10 minutes', async () => {
        const t = await makeApp();
        await createUser(t.app, 'late@shop.test');
        await login(t, 'late@shop.test');
        const code = await lastCode(t.config, 'late@shop.test');
        vi.useFakeTimers({ now: Date.now() + 10 * 60_000 + 1000, toFake: ['Date'] });
        expect((await verify(t, 'late@shop.test', code)).statusCode).toBe(401);
    });

    it('resends no more than once a minute per address, and a resent code replaces the old one', async () => {
        const t = await makeApp();
        await createUser(t.app, 'resend@shop.test');
        await login(t, 'resend@shop.test');
        const first = await lastCode(t.config, 'resend@shop.test');
        const soon = await login(t, 'resend@shop.test');
        expect(soon.statusCode).toBe(429);
        expect(soon.json().success).toBe(false);

        vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
        await new Promise((r) => setImmediate(r));
        expect((await login(t, 'resend@shop.test')).statusCode).toBe(200);
        const second = await lastCode(t.config, 'resend@shop.test');
        if (second !== first) expect((await verify(t, 'resend@shop.test', first)).statusCode).toBe(401);
        expect((await verify(t, 'resend@shop.test', second)).statusCode).toBe(200);
    });

    it('ends the session on logout; the token no longer works', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        expect((await t.app.inject({ method: 'GET', url: '/api/categories', headers })).statusCode).toBe(200);
        const out = await t.app.inject({ method: 'POST', url: '/api/userlogout', headers });
        expect(out.json()).toMatchObject({ success: true });
        expect((await t.app.inject({ method: 'GET', url: '/api/categories', headers })).statusCode).toBe(401);
        expect((await t.app.inject({ method: 'POST', url: '/api/userlogout', headers })).statusCode).toBe(401);
    });

    it('expires sessions after 12 hours', async () => {
        const t = await makeApp();
        const headers = await signIn(t);
        vi.useFakeTimers({ now: Date.now() + 12 * 3_600_000 + 1000, toFake: ['Date'] });
        expect((await t.app.inject({ method: 'GET', url: '/api/categories', headers })).statusCode).toBe(401);
    });
});

describe('roles', () => {
    it('answers 401 without a token and with a made-up one', async () => {
        const t = await makeApp();
        const bare = await t.app.inject({ method: 'GET', url: '/api/categories' });
        expect(bare.statusCode).toBe(401);
        expect(bare.json()).toMatchObject({ success: false, message: 'Please sign in to continue' });
        expect((await t.app.inject({ method: 'GET', url: '/api/categories', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    });

    it('gives a customer 403 on every admin route, and lets a seller run the catalogue', async () => {
        const t = await makeApp();
        const customer = await signIn(t, 'customer@shop.test', ROLE.customer);
        const seller = await signIn(t, 'seller@shop.test', ROLE.seller);
        const adminRoutes = t.app.printRoutes({ commonPrefix: false });
        expect(adminRoutes).toContain('categories');
        for (const [method, url] of [
            ['GET', '/api/categories'],
            ['GET', '/api/categories/1'],
            ['POST', '/api/categories'],
            ['POST', '/api/categories/1'],
            ['POST', '/api/categories/1/toggle'],
        ] as const) {
            const res = await t.app.inject({ method, url, headers: customer, payload: method === 'POST' ? { name: 'x', description: 'y' } : undefined });
            expect(res.statusCode, `${method} ${url}`).toBe(403);
        }
        expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: customer })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'POST', url: '/api/categories', headers: seller, payload: { name: 'Tea', description: 'Assam' } })).statusCode).toBe(201);
    });
});

describe('customer registration', () => {
    const valid = { name: 'Ravi Kumar', email: 'ravi@example.in', contact_no: '9876543210', address: '12 MG Road, Bengaluru', pincode: '560001', password: 'secret1' };

    it('creates a customer with a scrypt-hashed password, who then signs in with a mailed code', async () => {
        const t = await makeApp();
        const res = await t.app.inject({ method: 'POST', url: '/api/user_register', payload: valid });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ success: true, message: 'Registration successful' });
        const user = await t.app.db.selectFrom('users').selectAll().where('email', '=', 'ravi@example.in').executeTakeFirstOrThrow();
        expect(user).toMatchObject({ roleId: ROLE.customer, contactNo: '9876543210', pincode: '560001' });
        expect(user.passwordHash).toMatch(/^scrypt\$/);
        expect(user.passwordHash).not.toContain('secret1');
        const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: await signIn(t, 'ravi@example.in') });
        expect(me.json().role).toBe('Customer');
    });

    it("refuses bad fields with the spec's messages", async () => {
        const t = await makeApp();
        const res = await t.app.inject({
            method: 'POST',
            url: '/api/user_register',
            payload: { ...valid, name: ' ', email: 'x@y', contact_no: '12345', pincode: '5600', password: '12345' },
        });
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.success).toBe(false);
        expect(body.error).toBe(body.message);
        expect(body.errors).toEqual({
            name: 'Please, enter your name!',
            email: 'Please enter a valid email address!',
            contact_no: 'Please enter a valid 10-digit contact number!',
            pincode: 'Please enter a valid 6-digit pincode!',
            password: 'Password must be at least 6 characters long!',
        });
        const { address: _a, ...noAddress } = valid;
        expect((await t.app.inject({ method: 'POST', url: '/api/user_register', payload: noAddress })).json().errors).toEqual({ address: 'Please enter your address!' });
    });

    it('answers a taken address as a new one, and changes nothing of its account', async () => {
        const t = await makeApp();
        const first = await t.app.inject({ method: 'POST', url: '/api/user_register', payload: valid });
        const again = await t.app.inject({ method: 'POST', url: '/api/user_register', payload: { ...valid, name: 'Someone Else', email: 'RAVI@example.in' } });
        expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
        const users = await t.app.db.selectFrom('users').select('name').where('email', '=', 'ravi@example.in').execute();
        expect(users).toEqual([{ name: 'Ravi Kumar' }]);
    });

    it('uses the database chosen by the environment', async () => {
        const t = await makeApp();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toEqual({ status: 'ok', database: databaseUrl ? 'postgres' : 'sqlite' });
    });
});
