import activity from './hi/activity';
import attribute from './hi/attribute';
import banners from './hi/banners';
import categories from './hi/categories';
import contacts from './hi/contacts';
import customers from './hi/customers';
import coupons from './hi/coupons';
import deliverySlots from './hi/deliverySlots';
import gst from './hi/gst';
import managepage from './hi/managepage';
import orders from './hi/orders';
import pagecategories from './hi/pagecategories';
import pagecontent from './hi/pagecontent';
import pincode from './hi/pincode';
import products from './hi/products';
import settings from './hi/settings';
import subcategories from './hi/subcategories';
import users from './hi/users';
import videos from './hi/videos';
import type { ResourceWords, WordsByResource } from './resourceWords';

/** Hindi: each entity's words, one file per entity as in en.ts; the app loads them only when Hindi is chosen. */
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

export const statusWords = { active: 'सक्रिय', inactive: 'निष्क्रिय' };
