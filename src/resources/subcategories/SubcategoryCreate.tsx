import { ResourceCreate } from '../../common/ResourceCreate';
import { SubcategoryForm } from './SubcategoryForm';

export const SubcategoryCreate = () => (
    <ResourceCreate>
        <SubcategoryForm />
    </ResourceCreate>
);
