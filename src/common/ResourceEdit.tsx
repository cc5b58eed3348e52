import type { ReactNode } from 'react';
import { Edit } from 'react-admin';

import { useNotifyError } from './useNotifyError';

/**
 * Edit the record prefilled, save once the server agrees, then back to the list;
 * `…fetch_one_error` (back to the list) when it cannot be read, `…submit_error` when it cannot be saved.
 */
export const ResourceEdit = ({ children }: { children: ReactNode }) => {
    const onError = useNotifyError('submit_error');
    const onFetchError = useNotifyError('fetch_one_error', { redirectTo: 'list' });
    return (
        <Edit redirect="list" mutationMode="pessimistic" mutationOptions={{ onError }} queryOptions={{ onError: onFetchError }}>
            {children}
        </Edit>
    );
};
