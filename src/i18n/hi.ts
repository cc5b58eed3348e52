import type { TranslationMessages } from 'react-admin';

import en from './en';
import app from './hi/app';
import csvImport from './hi/csvImport';
import gallery from './hi/gallery';
import listFilters from './hi/listFilters';
import dashboard from './hi/dashboard';
import { overlay, type Messages } from './overlay';
import { resourceWords } from '../../schema/labels/hi';
import payments from './hi/payments';
import people from './hi/people';
import palette from './hi/palette';
import ra from './hi/ra';
import webhooks from './hi/webhooks';
import orderDesk from './hi/orderDesk';
import { creditNotes, reports } from './hi/reports';

/**
 * Hindi: react-admin's words, the app's and every screen's, key for key as in en.ts
 * (test/app/i18n.completeness.test.ts holds them to it); English stays only as a fallback.
 */
export const hiOwn: Messages = {
    ra: { ...ra, auth: { ...ra.auth, logout: 'साइन आउट' } },
    app: { ...app, list_filters: listFilters, csv_import: csvImport, gallery, credit_notes: creditNotes, order_desk: orderDesk, units: { NOS: 'नग', KGS: 'किग्रा', LTR: 'ली' } },
    resources: { ...resourceWords, webhooks, reports },
    people,
    payments,
    dashboard,
    palette,
};

const hi = overlay(en as Messages, hiOwn) as TranslationMessages;

export default hi;
