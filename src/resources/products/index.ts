import type { ResourceOverrides } from '../../crud/schemaResource';
import { ProductCreate, ProductEdit } from './ProductViews';

/** Only the product form is laid out by hand; the list and everything else are generated from schema/products.ts. */
const products: ResourceOverrides = { create: ProductCreate, edit: ProductEdit };

export default products;
