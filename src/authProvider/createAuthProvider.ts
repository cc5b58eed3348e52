import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';

import { schemaNamed } from '../crud/schemas';
import type { HttpClient } from '../http/httpClient';
import type { Me } from '../types';
import { identityCache } from './identityCache';
import { roleMay } from './roleMay';
import { screenAllows } from './screenAccess';
import { getToken, TOKEN_KEY } from '../http/token';
import { setShopTimeZone } from '../common/shopTime';
import { signInRequests } from '../signIn/signInRequests';

export interface LoginParams {
    email: string;
    /** Absent on the first step, which only e-mails a code. */
    otp?: string;
}

/**
 * Sign-in with an e-mailed one-time code:
 * login({ email })      => POST /user_login {email}
 * login({ email, otp }) => POST /userverify-otp {email, otp}, keeps the token
 * logout                => POST /userlogout
 * getIdentity           => GET  /me, with the roleId (asked once per visit; the last answer serves meanwhile)
 * canAccess             => the schema's access table for the signed-in role (see roleMay, and screenAccess for hand-written screens)
 */
export const createAuthProvider = (apiUrl: string, httpClient: HttpClient): AuthProvider => {
    const post = (path: string, body?: object) =>
        httpClient(`${apiUrl}${path}`, { method: 'POST', body: body && JSON.stringify(body) });
    const { requestCode, verifyCode } = signInRequests(apiUrl, httpClient);

    // Every button asks canAccess; the signed-in user is read once per token, not once per button. A visit
    // with a known token answers from the last visit's copy at once and asks /me again behind it.
    let me: { token: string; user: Promise<Me> } | undefined;
    const whoAmI = (): Promise<Me> => {
        const token = getToken() ?? '';
        if (me?.token !== token) {
            const fresh = httpClient(`${apiUrl}/me`).then(({ json }) => withClock(json as Me));
            const cached = token ? identityCache.read(token) : undefined;
            if (cached) withClock(cached);
            const asked = { token, user: cached ? Promise.resolve(cached) : fresh };
            me = asked;
            fresh.then(
                user => {
                    if (getToken() !== token) return;
                    identityCache.write(token, user);
                    if (me === asked) me = { token, user: fresh };
                },
                () => {
                    identityCache.forget();
                    if (me === asked) me = undefined;
                }
            );
        }
        return me.user;
    };

    // The screens' times read the shop's clock, which comes with the signed-in user.
    const withClock = (user: Me) => {
        setShopTimeZone(user.shopTimeZone);
        return user;
    };

    const forgetSession = () => {
        localStorage.removeItem(TOKEN_KEY);
        sessionStorage.clear();
        identityCache.forget();
        me = undefined;
    };

    return {
        login: ({ email, otp }: LoginParams) => (otp === undefined ? requestCode(email) : verifyCode(email, otp)),

        logout: async () => {
            if (getToken()) {
                try {
                    await post('/userlogout');
                } catch (error) {
                    // A 401 means the session is already over on the server: finish signing out.
                    if (!(error instanceof HttpError && error.status === 401)) {
                        console.error('Logout failed');
                        // A failed sign-out keeps the token and stays where we are: the session may still be live
                        // on the server, and signing out can be tried again.
                        return false;
                    }
                }
            }
            forgetSession();
        },

        checkAuth: async () => {
            if (!getToken()) throw new Error('ra.auth.auth_check_error');
        },

        checkError: async (error: { status?: number }) => {
            if (error?.status === 401) throw new Error('ra.notification.logged_out');
        },

        getIdentity: async (): Promise<UserIdentity> => {
            const { id, name, roleId } = await whoAmI();
            return { id, fullName: name, roleId };
        },

        canAccess: async ({ resource, action, record }) => {
            if (!getToken()) return false;
            try {
                const who = await whoAmI();
                return screenAllows(resource, who.roleId) && roleMay(who, schemaNamed(resource), action, record);
            } catch {
                // Unknown yet (offline, expired): show the screen and let the API answer.
                return true;
            }
        },

        // No getPermissions: the spec checks nothing but the token, and with requireAuth a getPermissions
        // that settles at once sends react-admin 5 into a logout loop (marmelab/react-admin#10764).
        // The role is on the identity: useGetIdentity().identity.roleId.
    };
};
