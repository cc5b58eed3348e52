import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';

import { serverMessage } from '../../common/serverMessage';

/**
 * A desk action's request: the server's own message as a notice when it is done, then `done` (close the dialog and
 * refresh, or go to the new order); on a refusal, the server's reason, so staff read why and the dialog stays open.
 */
export function useDeskMutation<Body, Answer extends { message: string }>(send: (body: Body) => Promise<Answer>, done: (answer: Answer) => void) {
    const notify = useNotify();
    return useMutation({
        mutationFn: send,
        onSuccess: (answer: Answer) => {
            notify(answer.message, { type: 'success' });
            done(answer);
        },
        onError: (error: unknown) => notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' }),
    });
}
