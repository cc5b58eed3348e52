import type { HttpClient } from '../http/httpClient';
import { TOKEN_KEY } from '../http/token';
import { DEVICE_TOKEN_HEADER, deviceTokens } from './deviceTokens';

/**
 * The two requests of signing in by an e-mailed code, shared by react-admin's auth provider and the sign-in
 * page the app opens with (which runs before react-admin is loaded):
 * requestCode(email)      => POST /user_login {email}, with this browser's device token for the address
 * verifyCode(email, otp)  => POST /userverify-otp {email, otp}, with it too; keeps the session token and the new device token
 */
export const signInRequests = (apiUrl: string, httpClient: HttpClient) => {
    const post = (path: string, email: string, body: object) => {
        const headers = new Headers({ Accept: 'application/json' });
        const device = deviceTokens.read(email);
        if (device) headers.set(DEVICE_TOKEN_HEADER, device);
        return httpClient(`${apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    };
    return {
        requestCode: async (email: string): Promise<void> => {
            await post('/user_login', email, { email });
        },
        verifyCode: async (email: string, otp: string): Promise<void> => {
            const { json } = await post('/userverify-otp', email, { email, otp });
            localStorage.setItem(TOKEN_KEY, json.token);
            deviceTokens.write(email, json.deviceToken);
        },
    };
};
