import { HttpError } from 'react-admin';

import { serverMessage } from './serverMessage';

/**
 * Why a request failed, as an i18n key and its arguments: the server's own words for a refusal (4xx),
 * the status of a server failure (5xx), or an unreachable server (the fetch itself failed).
 */
export const errorReason = (error: unknown): { key: string; args?: Record<string, unknown> } => {
    const message = serverMessage(error);
    if (message) return { key: 'app.error.refused', args: { message } };
    if (error instanceof HttpError && error.status >= 500) return { key: 'app.error.server', args: { status: error.status } };
    if (error instanceof HttpError && error.status > 0) return { key: 'app.error.status', args: { status: error.status } };
    return { key: 'app.error.unreachable' };
};
