import { useCallback } from 'react';
import { HttpError, useNotify, useRedirect, useResourceContext, useTranslate } from 'react-admin';

import { hasFieldErrors, serverMessage } from './serverMessage';

export type ErrorNotification = 'fetch_list_error' | 'fetch_one_error' | 'submit_error' | 'toggle_error' | 'delete_error' | 'bulk_error';

/** An upload the server refused for its size (413) or type (415): the words the image inputs use in the browser. */
const uploadRefusal = (error: unknown): string | undefined => {
    if (!(error instanceof HttpError)) return undefined;
    if (error.status === 413) return 'app.upload.too_large';
    if (error.status === 415) return 'app.upload.wrong_type';
    return undefined;
};

/**
 * An `onError` that shows the server's message, or else `resources.<resource>.notifications.<kind>`,
 * e.g. 'Failed to submit category. Please try again.' (`app.error.<kind>` for a resource without one).
 */
export const useNotifyError = (kind: ErrorNotification, { redirectTo }: { redirectTo?: 'list' } = {}) => {
    const resource = useResourceContext();
    const notify = useNotify();
    const redirect = useRedirect();
    const translate = useTranslate();
    return useCallback(
        (error: unknown) => {
            // react-admin already marks the inputs and notifies the invalid form.
            if (hasFieldErrors(error)) return;
            const own = uploadRefusal(error) ?? serverMessage(error);
            // A server sentence is no key: a fallback (`_`) would replace it.
            notify(own ?? `resources.${resource}.notifications.${kind}`, {
                type: 'error',
                messageArgs: own ? undefined : { _: translate(`app.error.${kind}`) },
            });
            if (redirectTo) redirect(redirectTo, resource);
        },
        [kind, notify, redirect, redirectTo, resource, translate]
    );
};
