import type { ReactNode } from 'react';
import { Create } from 'react-admin';

import { useNotifyError } from './useNotifyError';

/** Create, then back to the list (which leaves the form empty for the next one); `…submit_error` on failure. */
export const ResourceCreate = ({ children }: { children: ReactNode }) => {
    const onError = useNotifyError('submit_error');
    return (
        <Create redirect="list" mutationOptions={{ onError }}>
            {children}
        </Create>
    );
};
