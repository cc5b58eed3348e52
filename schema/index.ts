import { attribute } from './attribute';
import { categories } from './categories';
import { gst } from './gst';
import { pincode } from './pincode';
import { products } from './products';
import { subcategories } from './subcategories';
import type { EntitySchema } from './types';

export type { Access, EntitySchema, Field, FieldType, Operation } from './types';

/** Every entity of the product, in the order the API documents them. A new entity is one line here. */
export const entities: EntitySchema[] = [categories, subcategories, attribute, gst, products, pincode];
