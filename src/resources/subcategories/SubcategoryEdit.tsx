import { ResourceEdit } from '../../common/ResourceEdit';
import { SubcategoryForm } from './SubcategoryForm';

export const SubcategoryEdit = () => (
    <ResourceEdit>
        <SubcategoryForm />
    </ResourceEdit>
);
