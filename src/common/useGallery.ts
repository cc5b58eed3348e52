import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useInput, useNotify, useRecordContext, useTranslate } from 'react-admin';

import { imageFileProblem } from './imageFileCheck';
import { shrinkImage } from './shrinkImage';

/** A stored picture is its path; a picked one waits as react-admin's `{ rawFile, src, title }` until the save sends it. */
export type GalleryItem = string | { rawFile: File; src: string; title: string };

/** The field the API reads to swap a gallery picture with the main one (server/engine/gallery.ts). */
export const MAKE_MAIN = 'makeMain';

const moved = <T,>(list: T[], from: number, to: number) => {
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    return next;
};

/**
 * A gallery's pictures and alt texts (`<source>Alt`, one per picture in the same order) in the form, and what staff do
 * to them: move, remove, make main, add, retitle. `said` is the last change, for a screen reader.
 */
export const useGallery = (source: string, mainSource?: string) => {
    const translate = useTranslate();
    const notify = useNotify();
    const record = useRecordContext();
    const altSource = `${source}Alt`;
    const { field, fieldState } = useInput({ source, defaultValue: [] });
    const { setValue, getValues } = useFormContext();
    const alts: string[] = useWatch({ name: altSource }) ?? [];
    const items: GalleryItem[] = Array.isArray(field.value) ? field.value : [];
    const [dragged, setDragged] = useState<number | null>(null);
    const [said, setSaid] = useState('');
    const count = items.length;

    const update = (next: GalleryItem[], nextAlts: string[]) => {
        field.onChange(next);
        setValue(altSource, nextAlts, { shouldDirty: true });
    };
    const altsNow = () => items.map((_, i) => alts[i] ?? '');
    const setAlt = (i: number, value: string) => setValue(altSource, altsNow().map((alt, j) => (j === i ? value : alt)), { shouldDirty: true });
    // A new picture may go anywhere: the save names it in the order beside the saved ones.
    const canMove = (from: number, to: number) => from >= 0 && from < count && to >= 0 && to < count;
    const move = (from: number, to: number) => {
        if (!canMove(from, to)) return;
        update(moved(items, from, to), moved(altsNow(), from, to));
        setSaid(translate('app.gallery.moved', { number: to + 1 }));
    };
    const remove = (i: number) => update(items.filter((_, j) => j !== i), altsNow().filter((_, j) => j !== i));

    const mainValue = useWatch({ name: mainSource ?? '__none' }) as unknown;
    const mainUnsaved = mainValue != null && mainValue !== '' && typeof mainValue !== 'string';
    const makeMain = (i: number) => {
        if (!mainSource) return;
        const picture = items[i] as string;
        const main = getValues(mainSource) as unknown;
        const mainAlt = (getValues(`${mainSource}Alt`) as string | null) ?? '';
        const nextAlts = altsNow();
        const pictureAlt = nextAlts[i];
        // The main picture takes the gallery picture's place; with none, the picture leaves the gallery.
        if (typeof main === 'string' && main) update(items.map((item, j) => (j === i ? main : item)), nextAlts.map((alt, j) => (j === i ? mainAlt : alt)));
        else remove(i);
        setValue(mainSource, picture, { shouldDirty: true });
        setValue(`${mainSource}Alt`, pictureAlt, { shouldDirty: true, shouldValidate: true });
        // Swapped back to the saved main picture, there is nothing to ask for.
        setValue(MAKE_MAIN, picture === record?.[mainSource] ? null : picture, { shouldDirty: true });
        setSaid(translate('app.gallery.made_main', { number: i + 1 }));
    };

    const add = async (files: File[]) => {
        const taken: GalleryItem[] = [];
        for (const picked of files) {
            const file = await shrinkImage(picked);
            const problem = await imageFileProblem(file);
            if (problem) notify(problem, { type: 'error' });
            else taken.push({ rawFile: file, src: URL.createObjectURL(file), title: file.name });
        }
        if (taken.length) update([...items, ...taken], [...altsNow(), ...taken.map(() => '')]);
    };

    return { items, alts, count, fieldState, dragged, setDragged, said, setAlt, canMove, move, remove, mainUnsaved, makeMain, add };
};

export type Gallery = ReturnType<typeof useGallery>;
