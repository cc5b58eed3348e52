import { useNotify } from 'react-admin';

import type { ApiErrorBody } from '../../dataProvider';
import { hasFieldErrors, serverMessage } from '../../common/serverMessage';

/**
 * What a form's submit answers when the API refuses it: the fields' messages (a non-https address, no event
 * chosen), which react-admin's form shows on the inputs; anything else is a notification.
 */
export function useFormRefusal() {
    const notify = useNotify();
    return (error: unknown): Record<string, unknown> | undefined => {
        if (hasFieldErrors(error)) return (error as { body: ApiErrorBody }).body.errors;
        notify(serverMessage(error) ?? 'resources.webhooks.notifications.error', { type: 'error' });
        return undefined;
    };
}
