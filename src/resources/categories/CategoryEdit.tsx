import { ResourceEdit } from '../../common/ResourceEdit';
import { CategoryForm } from './CategoryForm';

export const CategoryEdit = () => (
    <ResourceEdit>
        <CategoryForm />
    </ResourceEdit>
);
