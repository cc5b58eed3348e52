import { Edit } from 'react-admin';

import { useNotifyError } from '../../common/useNotifyError';
import { CategoryForm } from './CategoryForm';

export const CategoryEdit = () => {
    const onError = useNotifyError('submit_error');
    const onFetchError = useNotifyError('fetch_one_error', { redirectTo: 'list' });
    return (
        <Edit
            redirect="list"
            mutationMode="pessimistic"
            mutationOptions={{ onError }}
            queryOptions={{ onError: onFetchError }}
        >
            <CategoryForm />
        </Edit>
    );
};
