import { HttpError } from 'react-admin';

import type { ApiErrorBody } from '../dataProvider';

/**
 * The server's own words for a client error (4xx). Server failures and network errors
 * return undefined so that the caller shows its own, friendlier message.
 */
export const serverMessage = (error: unknown): string | undefined =>
    error instanceof HttpError && error.status >= 400 && error.status < 500
        ? (error.body as ApiErrorBody | null)?.message
        : undefined;

/** True when the server rejected some form fields; the form shows those on its inputs. */
export const hasFieldErrors = (error: unknown): boolean =>
    error instanceof HttpError && Object.keys((error.body as ApiErrorBody | null)?.errors ?? {}).length > 0;
