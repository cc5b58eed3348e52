import { describe, expect, it } from 'vitest';

import { entities } from '../../schema';
import en from '../../src/i18n/en';
import { hiOwn } from '../../src/i18n/hi';

type Messages = { [key: string]: string | Messages };

/** Every message as `path → text`, e.g. `resources.orders.fields.status → 'Status'`. */
const flatten = (messages: Messages, prefix = ''): Map<string, string> => {
    const flat = new Map<string, string>();
    for (const [key, value] of Object.entries(messages)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (typeof value === 'string') flat.set(path, value);
        else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
    }
    return flat;
};

const english = flatten(en as Messages);
const hindi = flatten(hiOwn as Messages);

/** Every resource shipped today (the entities of schema/index.ts and those without a schema): each keeps its full Hindi. */
const SHIPPED = [...entities.map(entity => entity.name), 'users', 'contacts', 'videos', 'orders'];

const resourceOf = (path: string) => /^resources\.([^.]+)\./.exec(path)?.[1];

/**
 * English keys Hindi lacks, less those of a schema entity with no Hindi labels at all (a new entity: its screens
 * show English in Hindi until schema/labels/hi/ has them), which are named instead.
 */
function hindiGaps(englishKeys: Iterable<string>, hindiKeys: Set<string>, schemaNames: string[]) {
    const missing = [...englishKeys].filter(path => !hindiKeys.has(path));
    const translated = new Set([...hindiKeys].map(resourceOf));
    const untranslated = [...new Set(missing.map(resourceOf))].filter(
        (name): name is string => !!name && schemaNames.includes(name) && !translated.has(name)
    );
    return { missing: missing.filter(path => !untranslated.includes(resourceOf(path)!)), untranslated };
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map(([, name]) => name).sort();

// Names that stay as they are in a Hindi sentence: brands, tax names and the GST units of quantity, file formats, units.
const KEPT = /\b(CGST|SGST|IGST|GSTR|GSTIN|HSN|NOS|KGS|LTR|B2B|B2C|JSON|GST|regexp|Facebook|YouTube|Instagram|LinkedIn|Twitter|Google|Maps|Razorpay|UPI|CSV|OTP|MP4|WebM|QuickTime|Matroska|JPEG|PNG|WebP|GIF|KB|MB|GB|https)\b/g;

/** Latin words left once placeholders, file extensions and kept names are taken out: English that was not translated. */
const untranslated = (text: string) => text.replace(/%\{\w+\}/g, '').replace(/\.\w+\b/g, '').replace(KEPT, '').match(/[A-Za-z]{2,}/g) ?? [];

describe('the Hindi messages', () => {
    it('translate every English key (react-admin’s, the app’s and every screen’s), and name an entity that has none', () => {
        const { missing, untranslated } = hindiGaps(english.keys(), new Set(hindi.keys()), entities.map(entity => entity.name));
        for (const name of untranslated) console.warn(`Hindi has no labels for the entity "${name}": its screens show English (add schema/labels/hi/${name}.ts).`);
        expect(missing).toEqual([]);
    });

    it('exist for every resource shipped today', () => {
        const translated = new Set([...hindi.keys()].map(resourceOf));
        expect(SHIPPED.filter(name => !translated.has(name))).toEqual([]);
    });

    it('leave out a new entity as a whole with a warning, but not one key of an entity that has Hindi', () => {
        const keys = ['resources.brands.name', 'resources.brands.fields.name', 'resources.categories.name', 'resources.categories.fields.name'];
        const gaps = hindiGaps(keys, new Set(['resources.categories.name']), ['brands', 'categories']);
        expect(gaps).toEqual({ missing: ['resources.categories.fields.name'], untranslated: ['brands'] });
    });

    it('hold no key that English does not have (a typo or a label that was removed)', () => {
        const unknown = [...hindi.keys()].filter(path => !english.has(path));
        expect(unknown).toEqual([]);
    });

    it('are Hindi, not English copies: Devanagari, with only brand and format names left in Latin letters', () => {
        const copies = [...hindi].filter(([, text]) => untranslated(text).length > 0).map(([path, text]) => `${path}: ${text}`);
        expect(copies).toEqual([]);
    });

    it('keep the placeholders and the plural forms of the English text', () => {
        const broken = [...hindi]
            .filter(([path]) => english.has(path))
            .filter(([path, text]) => {
                const source = english.get(path)!;
                const samePlaceholders = placeholders(text).join() === placeholders(source).join();
                const samePlurals = text.split('||||').length === source.split('||||').length;
                return !samePlaceholders || !samePlurals;
            })
            .map(([path, text]) => `${path}: ${text}`);
        expect(broken).toEqual([]);
    });
});
