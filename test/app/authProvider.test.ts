import { describe, expect, it, vi } from 'vitest';

import { authProvider, createAuthProvider } from '../../src/authProvider';
import { httpClient } from '../../src/http/httpClient';
import { fetchCall, stubFetch } from './fetchStub';

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

describe('authProvider', () => {
    it('the e-mail step asks the server to send a code, and keeps no token', async () => {
        const fetch = stubFetch(200, { success: true, message: 'OTP sent' });

        await authProvider.login({ email: 'admin@example.com' });

        expect(fetchCall(fetch)).toEqual({
            url: '/api/user_login',
            method: 'POST',
            headers: JSON_HEADERS,
            body: '{"email":"admin@example.com"}',
        });
        expect(localStorage.getItem('token')).toBeNull();
    });

    it('the code step verifies the code and stores the token under "token"', async () => {
        const fetch = stubFetch(200, { success: true, token: 'tok-1', user: { id: 1, roleId: 1 } });

        await authProvider.login({ email: 'admin@example.com', otp: '123456' });

        expect(fetchCall(fetch)).toEqual({
            url: '/api/userverify-otp',
            method: 'POST',
            headers: JSON_HEADERS,
            body: '{"email":"admin@example.com","otp":"123456"}',
        });
        expect(localStorage.getItem('token')).toBe('tok-1');
        await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    });

    it('keeps the device token of a sign-in for that address, and sends it back on both steps of the next', async () => {
        stubFetch(200, { success: true, token: 'tok-1', deviceToken: 'dev-A', user: { id: 1, roleId: 1 } });
        await authProvider.login({ email: 'Admin@Example.com', otp: '123456' });
        expect(localStorage.getItem('deviceToken:admin@example.com')).toBe('dev-A');

        // Signing out ends the session, not the device.
        stubFetch(200, { success: true, message: 'Logged out' });
        await authProvider.logout({});
        expect(localStorage.getItem('deviceToken:admin@example.com')).toBe('dev-A');

        const fetch = stubFetch(200, { success: true, message: 'OTP sent' });
        await authProvider.login({ email: 'admin@example.com' });
        expect(fetchCall(fetch)).toEqual({
            url: '/api/user_login',
            method: 'POST',
            headers: { ...JSON_HEADERS, 'x-device-token': 'dev-A' },
            body: '{"email":"admin@example.com"}',
        });
        const verified = stubFetch(200, { success: true, token: 'tok-2', deviceToken: 'dev-B', user: { id: 1, roleId: 1 } });
        await authProvider.login({ email: 'admin@example.com', otp: '654321' });
        expect(fetchCall(verified).headers).toEqual({ ...JSON_HEADERS, 'x-device-token': 'dev-A' });
        expect(localStorage.getItem('deviceToken:admin@example.com')).toBe('dev-B');

        // Another address gets no token of this one's.
        const other = stubFetch(200, { success: true, message: 'OTP sent' });
        await authProvider.login({ email: 'seller@example.com' });
        expect(fetchCall(other).headers).not.toHaveProperty('x-device-token');
    });

    it('a wrong code rejects and stores nothing', async () => {
        stubFetch(401, { success: false, message: 'Invalid OTP' });

        await expect(authProvider.login({ email: 'admin@example.com', otp: '000000' })).rejects.toMatchObject({
            status: 401,
            message: 'Invalid OTP',
        });
        expect(localStorage.getItem('token')).toBeNull();
    });

    it('signing out revokes the session, then forgets the token and the session storage', async () => {
        localStorage.setItem('token', 'tok-1');
        sessionStorage.setItem('draft', 'x');
        const fetch = stubFetch(200, { success: true, message: 'Logged out' });

        await expect(authProvider.logout({})).resolves.toBeUndefined();

        expect(fetchCall(fetch)).toEqual({
            url: '/api/userlogout',
            method: 'POST',
            headers: { accept: 'application/json', authorization: 'Bearer tok-1' },
            body: undefined,
        });
        expect(localStorage.getItem('token')).toBeNull();
        expect(sessionStorage.length).toBe(0);
        await expect(authProvider.checkAuth({})).rejects.toThrow();
    });

    it('a failed sign-out is only logged: the token stays and react-admin is told not to redirect', async () => {
        localStorage.setItem('token', 'tok-1');
        sessionStorage.setItem('draft', 'x');
        stubFetch(500, { success: false, message: 'Internal Server Error' });
        const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

        await expect(authProvider.logout({})).resolves.toBe(false);

        expect(consoleError).toHaveBeenCalledWith('Logout failed');
        expect(localStorage.getItem('token')).toBe('tok-1');
        expect(sessionStorage.getItem('draft')).toBe('x');
    });

    it('a session the server already ended finishes signing out', async () => {
        localStorage.setItem('token', 'expired');
        stubFetch(401, { success: false, message: 'Unauthorized' });

        await expect(authProvider.logout({})).resolves.toBeUndefined();
        expect(localStorage.getItem('token')).toBeNull();
    });

    it('signs out on 401 only', async () => {
        await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
        await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
        await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    });

    it('reads the identity, with the role, from /me', async () => {
        localStorage.setItem('token', 'tok-2');
        const fetch = stubFetch(200, { id: 7, name: 'Asha', email: 'asha@example.com', roleId: 1, role: 'Admin' });

        await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Asha', roleId: 1 });

        expect(fetchCall(fetch)).toMatchObject({ url: '/api/me', method: 'GET', headers: { authorization: 'Bearer tok-2' } });
    });

    describe('the identity of the last visit', () => {
        // A fresh provider per "visit", as a page load makes one.
        const visit = () => createAuthProvider('/api', httpClient);
        // As long as the server's (32 random bytes, base64url).
        const tokens = { three: 'k3'.repeat(22), four: 'k4'.repeat(22), five: 'k5'.repeat(22), six: 'k6'.repeat(22) };
        const asha = { id: 7, name: 'Asha', email: 'asha@example.com', roleId: 2, role: 'Manager' };

        it('answers a reload with the same token at once, and asks /me again behind it', async () => {
            localStorage.setItem('token', tokens.three);
            stubFetch(200, asha);
            await expect(visit().getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Asha', roleId: 2 });

            // The next visit: /me now says the role changed, and is slow to say it.
            let answer!: (response: Response) => void;
            const fetch = vi.fn(() => new Promise<Response>(resolve => (answer = resolve)));
            vi.stubGlobal('fetch', fetch);
            const provider = visit();
            await expect(provider.getIdentity!()).resolves.toEqual({ id: 7, fullName: 'Asha', roleId: 2 });
            await expect(provider.canAccess!({ resource: 'products', action: 'list' })).resolves.toBe(true);
            expect(fetch).toHaveBeenCalledTimes(1);
            expect(fetchCall(fetch as never)).toMatchObject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.three}` } });

            answer(new Response(JSON.stringify({ ...asha, roleId: 3, role: 'Customer' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
            await vi.waitFor(async () => expect(await provider.getIdentity!()).toEqual({ id: 7, fullName: 'Asha', roleId: 3 }));
            expect(JSON.parse(localStorage.getItem('me')!).user.roleId).toBe(3);
            expect(localStorage.getItem('me')).not.toContain(tokens.three);
        });

        it('is not used for another token, and is forgotten when /me refuses', async () => {
            localStorage.setItem('token', tokens.four);
            stubFetch(200, asha);
            await visit().getIdentity!();

            localStorage.setItem('token', tokens.five);
            const fetch = stubFetch(401, { success: false, message: 'Unauthorized' });
            await expect(visit().getIdentity!()).rejects.toMatchObject({ status: 401 });
            expect(fetch).toHaveBeenCalledTimes(1);
            expect(localStorage.getItem('me')).toBeNull();
        });

        it('is forgotten on signing out', async () => {
            localStorage.setItem('token', tokens.six);
            stubFetch(200, asha);
            const provider = visit();
            await provider.getIdentity!();
            expect(localStorage.getItem('me')).not.toBeNull();

            await provider.logout({});
            expect(localStorage.getItem('me')).toBeNull();
        });
    });
});
