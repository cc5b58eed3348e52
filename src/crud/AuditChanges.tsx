import { Box } from '@mui/material';
import { useGetManyAggregate, useGetRecordRepresentation, useTranslate, type Identifier } from 'react-admin';

import { entities } from '../../schema';
import { isDecimalType } from '../../schema/fields';
import type { Field } from '../../schema/types';
import { plainText } from '../common/TruncatedTextField';
import { galleryChange } from './galleryChange';

/** One field of an audit line: what it was (absent on create) and what it became (absent on delete). */
interface Change {
    before?: unknown;
    after?: unknown;
}

const MAX_TEXT = 80;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** The audit line's `changes`, `{ field: { before, after } }` (as the API answers it, or its JSON text); anything unreadable is no change. */
export const parseChanges = (changes: unknown): Array<[string, Change]> => {
    try {
        const parsed = typeof changes === 'string' ? JSON.parse(changes) : changes;
        return parsed && typeof parsed === 'object' ? Object.entries(parsed as Record<string, Change>) : [];
    } catch {
        return [];
    }
};

/** A key as words, for a line a feature adds beside the schema's fields: 'reason' → 'Reason', 'createdBy' → 'Created by'. */
export const asWords = (key: string) => {
    const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A one-word value of such a line (a stock change's reason) is a choice: its own words when it has them, else capitalised. */
const CHOICE = /^[a-z][a-z_]*$/;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** A referenced row by its name (its resource's representation), the id while it loads or when it is gone. */
const ReferenceName = ({ reference, id }: { reference: string; id: Identifier }) => {
    const { data } = useGetManyAggregate(reference, { ids: [id] });
    const represent = useGetRecordRepresentation(reference);
    const record = data?.find(row => String(row?.id) === String(id));
    return <>{record ? String(represent(record)) : `#${id}`}</>;
};

/** A value as the screens show it: names for references, status words, rupees, text without markup. */
const Value = ({ value, field, source, name, entity }: { value: unknown; field?: Field; source: string; name?: unknown; entity: string }) => {
    const translate = useTranslate();
    if (value === null || value === undefined || value === '') return <>—</>;
    if (!field && typeof value === 'string' && CHOICE.test(value)) return <>{translate(`resources.${entity}.history.${source}.${value}`, { _: asWords(value) })}</>;
    if (name !== undefined && name !== null) return <>{String(name)}</>;
    if (field?.type === 'reference' && field.reference && (typeof value === 'number' || typeof value === 'string')) {
        return <ReferenceName reference={field.reference} id={value} />;
    }
    if (source === 'status') return <>{translate(Number(value) === 1 ? 'app.status.active' : 'app.status.inactive')}</>;
    if (field?.type === 'boolean' || typeof value === 'boolean') return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
    if (field && isDecimalType(field.type) && typeof value === 'number') {
        // The log answers amounts as records do, in rupees and percent.
        if (field.type === 'quantity') return <>{value.toLocaleString('en-IN', { maximumFractionDigits: 3 })}</>;
        return <>{field.type === 'percent' ? `${value}%` : rupees.format(value)}</>;
    }
    if (typeof value === 'object') return <>{cut(JSON.stringify(value))}</>;
    return <>{cut(plainText(value))}</>;
};

/** A gallery's change in words: 'Gallery: 2 pictures added, order changed', never its file names. */
const GalleryLine = ({ label, before, after, main }: { label: string; before: unknown; after: unknown; main?: Change }) => {
    const translate = useTranslate();
    const { added, removed, reordered, madeMain } = galleryChange(before, after, main);
    const parts = [
        ...(madeMain ? [translate('app.gallery.swapped_main')] : []),
        ...(added ? [translate('app.gallery.added', { smart_count: added })] : []),
        ...(removed ? [translate('app.gallery.removed', { smart_count: removed })] : []),
        ...(reordered ? [translate('app.gallery.reordered')] : []),
    ];
    return <span>{label}: {parts.join(', ') || '—'}</span>;
};

/** A picture's change in words ('Image: replaced'), never its file name. */
const PictureLine = ({ label, change }: { label: string; change: Change }) => {
    const translate = useTranslate();
    const had = typeof change.before === 'string' && change.before !== '';
    const has = typeof change.after === 'string' && change.after !== '';
    const word = had && has ? 'replaced' : has ? 'set' : had ? 'cleared' : undefined;
    return <span>{label}: {word ? translate(`app.gallery.picture_${word}`) : '—'}</span>;
};

/**
 * What an audit line changed, one field a line, in the words of the entity's form: 'Category: Fruits → Vegetables'.
 * Labels are the form's own (`resources.<entity>.fields.<field>`); a reference shows the referenced row's name,
 * taken from the line itself when it carries it (`categoryName` beside `categoryId`) or else read by id.
 */
export const AuditChanges = ({ entity, changes }: { entity: string; changes: unknown }) => {
    const translate = useTranslate();
    const schema = entities.find(candidate => candidate.name === entity);
    const lines = parseChanges(changes);
    if (!lines.length) return null;
    const byField = Object.fromEntries(lines);
    // A joined display name (categoryName) is shown as its id's value, not as a line of its own.
    const displayNames = new Map(
        Object.entries(schema?.fields ?? {}).flatMap(([source, field]) => (field.display ? [[field.display.as, source] as const] : []))
    );
    const shown = lines.filter(([source]) => !(displayNames.has(source) && byField[displayNames.get(source)!]));
    return (
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' }}>
            {shown.map(([source, { before, after }]) => {
                const field = schema?.fields[source];
                const named = field?.display ? byField[field.display.as] : undefined;
                const label = translate(`resources.${entity}.fields.${source}`, { _: asWords(source) });
                if (field?.type === 'gallery') {
                    return <GalleryLine key={source} label={label} before={before} after={after} main={field.gallery?.main ? byField[field.gallery.main] : undefined} />;
                }
                if (field?.type === 'image') return <PictureLine key={source} label={label} change={byField[source]} />;
                const has = (side: keyof Change) => Object.prototype.hasOwnProperty.call(byField[source], side);
                const value = (side: keyof Change) => (
                    <Value value={side === 'before' ? before : after} field={field} source={source} name={named?.[side]} entity={entity} />
                );
                return (
                    <span key={source}>
                        {label}: {has('before') && value('before')}
                        {has('before') && has('after') && ' → '}
                        {has('after') && value('after')}
                    </span>
                );
            })}
        </Box>
    );
};
