import polyglotI18nProvider from 'ra-i18n-polyglot';

import en from './en';

export const LOCALES = [
    { locale: 'en', name: 'English' },
    { locale: 'hi', name: 'हिन्दी' },
];

/**
 * English at once; Hindi fetched when chosen (a chunk of its own, so the first load does not carry it).
 * react-admin remembers the choice. Numbers and dates stay in the Indian format (en-IN) in both.
 */
export const i18nProvider = polyglotI18nProvider(
    locale => {
        if (typeof document !== 'undefined') document.documentElement.lang = locale;
        return locale === 'hi' ? import('./hi').then(module => module.default) : en;
    },
    'en',
    LOCALES,
    { allowMissing: true }
);
