import type { ReactNode } from 'react';
import { Create, useNotify, useRedirect, useResourceContext, useTranslate, type RaRecord } from 'react-admin';

import { CreateHeading } from './PageHeading';
import { useNotifyError } from './useNotifyError';
import { useRememberSaved } from './useSavedHighlight';
import { SAVED_STATE } from './WarnWhenUnsavedChanges';

/**
 * Create, then back to the list sorted newest first with the new row marked, so that it is in sight
 * rather than below the fold; `…created` on success, `…submit_error` on failure.
 */
export const ResourceCreate = ({ children }: { children: ReactNode }) => {
    const onError = useNotifyError('submit_error');
    const resource = useResourceContext();
    const notify = useNotify();
    const redirect = useRedirect();
    const translate = useTranslate();
    const remember = useRememberSaved();
    const onSuccess = (data: RaRecord) => {
        notify(`resources.${resource}.notifications.created`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate('ra.notification.created', { smart_count: 1 }) },
        });
        remember(data.id);
        redirect(`/${resource}?${new URLSearchParams({ sort: 'id', order: 'DESC', page: '1' })}`, undefined, undefined, undefined, SAVED_STATE);
    };
    return (
        <Create mutationOptions={{ onError, onSuccess }}>
            <CreateHeading />
            {children}
        </Create>
    );
};
