import { ResourceCreate } from '../../common/ResourceCreate';
import { ProductForm } from './ProductForm';

export const ProductCreate = () => (
    <ResourceCreate>
        <ProductForm />
    </ResourceCreate>
);
