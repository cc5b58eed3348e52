import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

import experience from './en/experience';
import login from './en/login';

/**
 * The words of the sign-in page the app opens with, in English: react-admin's sign-in and validation words,
 * the form's own and the error words. The app's full words (en.ts: every screen's) come with the app.
 */
const signInEnglish = {
    ra: { auth: englishMessages.ra.auth, validation: englishMessages.ra.validation },
    app: { login, error: experience.error },
    // Only what the sign-in page reads: a partial set of react-admin's messages, missing keys allowed.
} as unknown as TranslationMessages;

/** The sign-in page's `translate` in `locale` (react-admin's remembered choice): English at once, Hindi fetched as the app fetches it. */
export async function signInWords(locale: unknown) {
    const provider = polyglotI18nProvider(wanted => (wanted === 'hi' ? import('./hi').then(module => module.default) : signInEnglish), 'en', [], {
        allowMissing: true,
    });
    if (locale === 'hi') await provider.changeLocale('hi').catch(() => undefined);
    document.documentElement.lang = provider.getLocale();
    return provider.translate;
}
