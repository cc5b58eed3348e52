import { useCallback } from 'react';
import { useNotify, useRedirect, useResourceContext } from 'react-admin';

import { hasFieldErrors, serverMessage } from './serverMessage';

export type ErrorNotification = 'fetch_list_error' | 'fetch_one_error' | 'submit_error' | 'toggle_error' | 'delete_error';

/**
 * An `onError` that shows the server's message, or else `resources.<resource>.notifications.<kind>`,
 * e.g. 'Failed to submit category. Please try again.'.
 */
export const useNotifyError = (kind: ErrorNotification, { redirectTo }: { redirectTo?: 'list' } = {}) => {
    const resource = useResourceContext();
    const notify = useNotify();
    const redirect = useRedirect();
    return useCallback(
        (error: unknown) => {
            // react-admin already marks the inputs and notifies the invalid form.
            if (hasFieldErrors(error)) return;
            notify(serverMessage(error) ?? `resources.${resource}.notifications.${kind}`, { type: 'error' });
            if (redirectTo) redirect(redirectTo, resource);
        },
        [kind, notify, redirect, redirectTo, resource]
    );
};
