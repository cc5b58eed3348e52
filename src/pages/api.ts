import { HttpError } from 'react-admin';

import { API_URL } from '../config';
import { httpClient } from '../http/httpClient';

/** The pages outside react-admin's resources (registration, passwords, profile, contact) call the API through here. */
export const getJson = async <T>(path: string): Promise<T> => (await httpClient(`${API_URL}${path}`)).json as T;

export const postJson = async <T = { success: boolean; message?: string }>(path: string, body: unknown): Promise<T> =>
    (await httpClient(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(body) })).json as T;

/** Sends a file as the raw request body (the profile picture): no multipart, no base64. */
export const postFile = async <T>(path: string, file: File): Promise<T> =>
    (
        await httpClient(`${API_URL}${path}`, {
            method: 'POST',
            body: file,
            headers: new Headers({ Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' }),
        })
    ).json as T;

/** The server's own words for a refused request (4xx); undefined for server faults and network errors. */
export const refusal = (error: unknown): string | undefined => {
    if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return undefined;
    const body = error.body as { message?: string } | null;
    return body?.message ?? error.message;
};
