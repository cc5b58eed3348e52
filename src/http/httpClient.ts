import { fetchUtils, HttpError } from 'react-admin';

import { isLeaving } from './leaving';
import { TOKEN_KEY } from './token';

export type HttpClient = typeof fetchUtils.fetchJson;

/** The API's error body: `{ success: false, message, errors?: { field: message } }`. */
export interface ApiErrorBody {
    success?: false;
    message?: string;
    errors?: Record<string, string>;
}

const toHttpError = (error: unknown) => {
    if (!(error instanceof HttpError)) return error;
    const { message, errors } = (error.body ?? {}) as ApiErrorBody;
    // react-admin shows `body.errors` on the form inputs, and `root.serverError` as the form's notification.
    return new HttpError(message ?? error.message, error.status, {
        message,
        errors: errors && { ...errors, root: { serverError: message } },
    });
};

/** `fetchJson` with the signed-in user's bearer token; a call made as the page closes outlives it. */
export const httpClient: HttpClient = (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers, ...(isLeaving() && { keepalive: true }) }).catch(error => Promise.reject(toHttpError(error)));
};
