import { Create } from 'react-admin';

import { useNotifyError } from '../../common/useNotifyError';
import { CategoryForm } from './CategoryForm';

export const CategoryCreate = () => {
    const onError = useNotifyError('submit_error');
    return (
        <Create redirect="list" mutationOptions={{ onError }}>
            <CategoryForm />
        </Create>
    );
};
