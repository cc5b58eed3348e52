import { SchemaCreate } from '../../crud/SchemaCreate';
import { SchemaEdit } from '../../crud/SchemaEdit';
import { ProductForm } from './ProductForm';
import { StockChange } from './StockChange';

export const ProductCreate = () => (
    <SchemaCreate>
        <ProductForm mode="create" />
    </SchemaCreate>
);

/** Saving goes back to the product list, as the old screen went to /AddProduct. */
export const ProductEdit = () => (
    <SchemaEdit>
        <ProductForm mode="edit" />
        <StockChange />
    </SchemaEdit>
);
