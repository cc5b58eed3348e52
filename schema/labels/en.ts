import activity from './en/activity';
import attribute from './en/attribute';
import banners from './en/banners';
import categories from './en/categories';
import contacts from './en/contacts';
import customers from './en/customers';
import coupons from './en/coupons';
import deliverySlots from './en/deliverySlots';
import gst from './en/gst';
import managepage from './en/managepage';
import orders from './en/orders';
import pagecategories from './en/pagecategories';
import pagecontent from './en/pagecontent';
import pincode from './en/pincode';
import products from './en/products';
import settings from './en/settings';
import subcategories from './en/subcategories';
import users from './en/users';
import videos from './en/videos';
import type { ResourceWords, WordsByResource } from './resourceWords';

/** English: each entity's words (see resourceWords.ts). */
export const resourceWords: Record<string, ResourceWords> = {
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
    users,
    contacts,
    videos,
    orders,
    customers,
} satisfies WordsByResource;

export const statusWords = { active: 'Active', inactive: 'Inactive' };
