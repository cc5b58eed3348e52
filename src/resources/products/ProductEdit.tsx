import { ResourceEdit } from '../../common/ResourceEdit';
import { ProductForm } from './ProductForm';

/** Saving goes back to the product list, as the old screen went to /AddProduct. */
export const ProductEdit = () => (
    <ResourceEdit>
        <ProductForm />
    </ResourceEdit>
);
