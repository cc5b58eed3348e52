import type { HttpClient } from '../http/httpClient';
import { TOKEN_KEY } from '../http/token';

/**
 * The two requests of signing in by an e-mailed code, shared by react-admin's auth provider and the sign-in
 * page the app opens with (which runs before react-admin is loaded):
 * requestCode(email)      => POST /user_login {email}
 * verifyCode(email, otp)  => POST /userverify-otp {email, otp}, and keeps the token
 */
export const signInRequests = (apiUrl: string, httpClient: HttpClient) => {
    const post = (path: string, body: object) => httpClient(`${apiUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
    return {
        requestCode: async (email: string): Promise<void> => {
            await post('/user_login', { email });
        },
        verifyCode: async (email: string, otp: string): Promise<void> => {
            const { json } = await post('/userverify-otp', { email, otp });
            localStorage.setItem(TOKEN_KEY, json.token);
        },
    };
};
