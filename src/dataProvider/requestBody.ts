import { newGalleryPicture } from '../../schema/fields';
import type { Endpoint } from './endpoints';

/** Server-owned columns: never sent back on create or update. */
const READ_ONLY_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

const hasRawFile = (value: unknown): value is { rawFile: File } =>
    typeof value === 'object' && value !== null && (value as { rawFile?: unknown }).rawFile instanceof File;

const toText = (value: unknown): string => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
};

const appendField = (form: FormData, key: string, value: unknown, isFileField: boolean) => {
    if (value == null) return;
    if (Array.isArray(value)) {
        value.forEach(item => appendField(form, key, item, isFileField));
        return;
    }
    if (isFileField) {
        // A preview of the image already stored (no rawFile) is not sent: the server keeps it.
        // An empty string is the request to remove the stored image (see imageRemovals).
        if (hasRawFile(value)) form.append(key, value.rawFile);
        else if (value === '') form.append(key, '');
        return;
    }
    form.append(key, toText(value));
};

/** The stored paths still listed in a gallery value: strings, or ImageInput previews `{ src }` without a new file. */
const storedPaths = (value: unknown): string[] =>
    [value ?? []]
        .flat()
        .filter(item => !hasRawFile(item))
        .map(item => (typeof item === 'string' ? item : (item as { src?: string })?.src))
        .filter((path): path is string => typeof path === 'string');

/**
 * The gallery paths of `previousData` that `data` no longer lists, under the endpoint's `removeField`;
 * nothing when the endpoint has no gallery or nothing was taken out.
 */
export const galleryRemovals = (
    endpoint: Pick<Endpoint, 'gallery'>,
    data: Record<string, unknown>,
    previousData?: Record<string, unknown>
): Record<string, string[]> => {
    if (!endpoint.gallery || !previousData) return {};
    const { field, removeField } = endpoint.gallery;
    // The picture made main left the gallery by the swap, not by a removal.
    const kept = new Set([...storedPaths(data[field]), ...(typeof data.makeMain === 'string' ? [data.makeMain] : [])]);
    const removed = storedPaths(previousData[field]).filter(path => !kept.has(path));
    return removed.length > 0 ? { [removeField]: removed } : {};
};

/**
 * The gallery in the order the form shows it, under `<field>Order`, when the user moved a picture, put a new one
 * before saved ones, or made one the main picture (after that swap the API reads the order of the gallery as the
 * form shows it). A new picture is named `new:<i>`, the i-th file the save sends (its parts go in the form's order).
 */
export const galleryOrder = (
    endpoint: Pick<Endpoint, 'gallery'>,
    data: Record<string, unknown>,
    previousData?: Record<string, unknown>
): Record<string, string[]> => {
    if (!endpoint.gallery) return {};
    let files = 0;
    const items = [data[endpoint.gallery.field] ?? []].flat();
    const names = items.flatMap(item => (hasRawFile(item) ? [newGalleryPicture(files++)] : storedPaths(item)));
    const paths = storedPaths(data[endpoint.gallery.field]);
    const before = storedPaths(previousData?.[endpoint.gallery.field]).filter(path => paths.includes(path));
    // New pictures after all the saved ones are where the API puts them anyway.
    const newLast = names.slice(0, paths.length).every(name => paths.includes(name));
    const same = !data.makeMain && newLast && paths.join('\n') === before.join('\n');
    return paths.length > 0 && !same ? { [`${endpoint.gallery.field}Order`]: names } : {};
};

/**
 * Single images the user took out of the form while `previousData` had one: sent as empty text,
 * which the API reads as "remove the stored image" (an omitted image would be kept).
 */
export const imageRemovals = (
    endpoint: Pick<Endpoint, 'multipart' | 'gallery'>,
    data: Record<string, unknown>,
    previousData?: Record<string, unknown>
): Record<string, ''> => {
    if (!endpoint.multipart || !previousData) return {};
    const singles = endpoint.multipart.filter(field => field !== endpoint.gallery?.field);
    const removed = singles.filter(field => data[field] == null && typeof previousData[field] === 'string' && previousData[field] !== '');
    return Object.fromEntries(removed.map(field => [field, '']));
};

/**
 * Other fields the user emptied while `previousData` had a value (a product's stock: no longer tracked): sent as
 * empty text, which the API reads as "none" (multipart would otherwise leave a null out, and the value would stay).
 */
export const clearedValues = (
    endpoint: Pick<Endpoint, 'multipart' | 'gallery' | 'readOnly'>,
    data: Record<string, unknown>,
    previousData?: Record<string, unknown>
): Record<string, ''> => {
    if (!endpoint.multipart || !previousData) return {};
    const skip = new Set([...endpoint.multipart, ...(endpoint.readOnly ?? []), ...READ_ONLY_FIELDS]);
    const cleared = Object.keys(data).filter(
        field => !skip.has(field) && data[field] === null && previousData[field] != null && previousData[field] !== ''
    );
    return Object.fromEntries(cleared.map(field => [field, '']));
};

/**
 * The update's data without the values other writes change too (a product's stock, taken by orders) that the user
 * left as the form found them: a stale copy would otherwise overwrite what happened meanwhile.
 */
export const unchangedElsewhereLeftOut = (
    endpoint: Pick<Endpoint, 'changedElsewhere'>,
    data: Record<string, unknown>,
    previousData?: Record<string, unknown>
): Record<string, unknown> => {
    if (!endpoint.changedElsewhere || !previousData) return data;
    const same = new Set(endpoint.changedElsewhere.filter(field => data[field] === previousData[field]));
    return Object.fromEntries(Object.entries(data).filter(([field]) => !same.has(field)));
};

/**
 * The fields of `data` whose values differ from `previousData` (all of them without it): a v1 update writes only
 * what the user changed, so a form opened earlier never writes back a status or a stock that changed meanwhile.
 */
export const changedFields = (data: Record<string, unknown>, previousData?: Record<string, unknown>): Record<string, unknown> =>
    previousData ? Object.fromEntries(Object.entries(data).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(previousData[field]))) : data;

/** FormData for multipart resources (files from ImageInput's `rawFile`), JSON otherwise. */
export const requestBody = (
    data: Record<string, unknown>,
    { multipart, readOnly = [], idInBody = false, sets = [] }: Pick<Endpoint, 'multipart' | 'readOnly' | 'idInBody' | 'sets'> = {}
): FormData | string => {
    const entries = Object.entries(data).filter(
        ([key]) => (key === 'id' && idInBody) || (!READ_ONLY_FIELDS.has(key) && !readOnly.includes(key))
    );
    if (!multipart) return JSON.stringify(Object.fromEntries(entries));
    const form = new FormData();
    entries.forEach(([key, value]) =>
        // One part, so that an emptied set still says so (repeated parts of none would say nothing).
        sets.includes(key) && Array.isArray(value) ? form.append(key, value.join(',')) : appendField(form, key, value, multipart.includes(key))
    );
    return form;
};
