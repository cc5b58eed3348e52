import { activity } from './activity';
import { attribute } from './attribute';
import { banners } from './banners';
import { categories } from './categories';
import { coupons } from './coupons';
import { gst } from './gst';
import { managepage } from './managepage';
import { pagecategories } from './pagecategories';
import { pagecontent } from './pagecontent';
import { pincode } from './pincode';
import { products } from './products';
import { settings } from './settings';
import { subcategories } from './subcategories';
import type { EntitySchema } from './types';

export type { Access, EntitySchema, Field, FieldType, IconName, MenuGroupName, Operation } from './types';

/** Every entity of the product, in the order the API documents them. A new entity is one line here. */
export const entities: EntitySchema[] = [
    categories,
    subcategories,
    attribute,
    gst,
    products,
    pincode,
    banners,
    pagecategories,
    pagecontent,
    managepage,
    coupons,
    settings,
    activity,
];
