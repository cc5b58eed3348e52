import type { TranslationMessages } from 'react-admin';

import en from './en';
import activity from './hi/activity';
import app from './hi/app';
import banners from './hi/banners';
import contacts from './hi/contacts';
import coupons from './hi/coupons';
import csvImport from './hi/csvImport';
import { attribute, categories, gst, pincode, products, subcategories } from './hi/catalogue';
import dashboard from './hi/dashboard';
import managepage from './hi/managepage';
import orders from './hi/orders';
import { overlay, type Messages } from './overlay';
import pagecategories from './hi/pagecategories';
import pagecontent from './hi/pagecontent';
import payments from './hi/payments';
import people from './hi/people';
import ra from './hi/ra';
import settings from './hi/settings';
import users from './hi/users';
import videos from './hi/videos';

/**
 * Hindi: react-admin's words, the app's and every screen's, key for key as in en.ts
 * (test/app/i18n.completeness.test.ts holds them to it); English stays only as a fallback.
 */
export const hiOwn: Messages = {
    ra: { ...ra, auth: { ...ra.auth, logout: 'साइन आउट' } },
    app: { ...app, csv_import: csvImport },
    resources: {
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
        users,
        contacts,
        videos,
        orders,
    },
    people,
    payments,
    dashboard,
};

const hi = overlay(en as Messages, hiOwn) as TranslationMessages;

export default hi;
