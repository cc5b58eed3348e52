import hiActivity from './hi/activity';
import hiBanners from './hi/banners';
import * as hiCatalogue from './hi/catalogue';
import hiContacts from './hi/contacts';
import hiCoupons from './hi/coupons';
import hiManagepage from './hi/managepage';
import hiOrders from './hi/orders';
import hiPagecategories from './hi/pagecategories';
import hiPagecontent from './hi/pagecontent';
import hiSettings from './hi/settings';
import hiUsers from './hi/users';
import hiVideos from './hi/videos';
import type { ResourceWords, WordsByResource } from './resourceWords';

/** Hindi: each entity's words (see resourceWords.ts); the app loads them only when Hindi is chosen. */
export const resourceWords: Record<string, ResourceWords> = {
    ...hiCatalogue,
    banners: hiBanners,
    pagecategories: hiPagecategories,
    pagecontent: hiPagecontent,
    managepage: hiManagepage,
    coupons: hiCoupons,
    settings: hiSettings,
    activity: hiActivity,
    users: hiUsers,
    contacts: hiContacts,
    videos: hiVideos,
    orders: hiOrders,
} satisfies WordsByResource;

export const statusWords = { active: 'सक्रिय', inactive: 'निष्क्रिय' };
