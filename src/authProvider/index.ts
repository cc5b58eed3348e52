import { API_URL } from '../config';
import { httpClient } from '../http/httpClient';
import { createAuthProvider } from './createAuthProvider';

export const authProvider = createAuthProvider(API_URL, httpClient);

export { createAuthProvider, type LoginParams } from './createAuthProvider';
export { TOKEN_KEY } from '../http/token';
