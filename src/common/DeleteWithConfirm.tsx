import { DeleteWithConfirmButton } from 'react-admin';

import { useNotifyError } from './useNotifyError';

/**
 * Delete, once the user confirms, and wait for the server: it may refuse (409 'This GST rate is used by
 * 3 products…'), and then says why. Success notifies `resources.<resource>.notifications.deleted`.
 */
export const DeleteWithConfirm = () => {
    const onError = useNotifyError('delete_error');
    return <DeleteWithConfirmButton mutationMode="pessimistic" mutationOptions={{ onError }} />;
};
