import type { ReactNode } from 'react';
import { Edit, useNotify, useRedirect, useResourceContext, useTranslate, type MutationMode, type RaRecord } from 'react-admin';

import { EditHeading } from './PageHeading';
import { useNotifyError } from './useNotifyError';
import { useRememberSaved } from './useSavedHighlight';
import { SAVED_STATE } from './WarnWhenUnsavedChanges';

/**
 * Edit the record prefilled, save, then back to the list with the row marked;
 * `…fetch_one_error` (back to the list) when it cannot be read, `…submit_error` when it cannot be saved.
 * `undoable` (the default where no file is sent) saves after a few seconds unless the user clicks Undo;
 * a form with files waits for the server (`pessimistic`), since an upload cannot be held back.
 */
export const ResourceEdit = ({ children, mutationMode = 'pessimistic' }: { children: ReactNode; mutationMode?: MutationMode }) => {
    const onError = useNotifyError('submit_error');
    const onFetchError = useNotifyError('fetch_one_error', { redirectTo: 'list' });
    const resource = useResourceContext();
    const notify = useNotify();
    const redirect = useRedirect();
    const translate = useTranslate();
    const remember = useRememberSaved();
    const onSuccess = (data: RaRecord) => {
        notify(`resources.${resource}.notifications.updated`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate('ra.notification.updated', { smart_count: 1 }) },
            undoable: mutationMode === 'undoable',
        });
        remember(data.id);
        redirect('list', resource, undefined, undefined, SAVED_STATE);
    };
    return (
        <Edit mutationMode={mutationMode} mutationOptions={{ onError, onSuccess }} queryOptions={{ onError: onFetchError }}>
            <EditHeading />
            {children}
        </Edit>
    );
};
