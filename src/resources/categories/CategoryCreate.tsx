import { ResourceCreate } from '../../common/ResourceCreate';
import { CategoryForm } from './CategoryForm';

export const CategoryCreate = () => (
    <ResourceCreate>
        <CategoryForm />
    </ResourceCreate>
);
