import { activity } from './activity';
import { attribute } from './attribute';
import { banners } from './banners';
import { categories } from './categories';
import { coupons } from './coupons';
import { deliverySlots } from './deliverySlots';
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
const ENTITIES = [
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
    deliverySlots,
    settings,
    activity,
] as const;

export const entities: EntitySchema[] = [...ENTITIES];

/** Each entity schema as written (its literal names and field types), for types that follow from it. */
export type Entity = (typeof ENTITIES)[number];
/** The entities' names: what a list kept per entity (its labels, its tables) is keyed by, so tsc finds one missing. */
export type EntityName = Entity['name'];
