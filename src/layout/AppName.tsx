import { useTranslate } from 'react-admin';

/** The app's name in the current language; react-admin shows its `title` untranslated where a page has none (Not Found). */
export const AppName = () => <>{useTranslate()('app.name')}</>;
