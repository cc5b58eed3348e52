import type { TranslationMessages } from 'react-admin';

import en from './en';
import app from './hi/app';
import { attribute, categories, gst, pincode, products, subcategories } from './hi/catalogue';
import ra from './hi/ra';

type Messages = Record<string, unknown>;

/** `over` laid on `under`, key by key: a label not yet translated shows in English, never as its raw key. */
const overlay = (under: Messages, over: Messages): Messages =>
    Object.fromEntries(
        [...new Set([...Object.keys(under), ...Object.keys(over)])].map(key => {
            const [a, b] = [under[key], over[key]];
            const both = typeof a === 'object' && a && typeof b === 'object' && b;
            return [key, both ? overlay(a as Messages, b as Messages) : (b ?? a)];
        })
    );

/** Hindi: react-admin's words, the app's and the catalogue's; anything else falls back to English. */
export const hiOwn: Messages = {
    ra: { ...ra, auth: { ...ra.auth, logout: 'साइन आउट' } },
    app,
    resources: { categories, subcategories, attribute, gst, products, pincode },
};

const hi = overlay(en as Messages, hiOwn) as TranslationMessages;

export default hi;
