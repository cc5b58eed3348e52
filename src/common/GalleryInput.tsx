import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useRef, useState, type DragEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldTitle, useInput, useNotify, useRecordContext, useTranslate } from 'react-admin';

import { IMAGE_TYPES, imageFileProblem } from './imageFileCheck';
import { shrinkImage } from './shrinkImage';
import { sizedImage } from './sizedImage';

/** A stored picture is its path; a picked one waits as react-admin's `{ rawFile, src, title }` until the save sends it. */
export type GalleryItem = string | { rawFile: File; src: string; title: string };

const isStored = (item: GalleryItem): item is string => typeof item === 'string';
const srcOf = (item: GalleryItem) => (isStored(item) ? item : item.src);
const THUMB = 160;

/** The field the API reads to swap a gallery picture with the main one (server/engine/gallery.ts). */
export const MAKE_MAIN = 'makeMain';

export interface GalleryInputProps {
    source: string;
    /** The owner's image field a picture can swap with ("Make main picture"); none, no such button. */
    mainSource?: string;
    helperText?: string;
}

const moved = <T,>(list: T[], from: number, to: number) => {
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    return next;
};

/**
 * A gallery staff arrange: each picture with its alt text, moved by dragging or by its arrow buttons (keyboard
 * and touch), made the main picture, or removed; all of it goes with the product's save. The alt texts live in
 * `<source>Alt`, one per picture in the same order, new pictures anywhere among the saved ones; a picture over 2560 px is shrunk in the browser first so that it fits the 5 MB limit.
 */
export const GalleryInput = ({ source, mainSource, helperText }: GalleryInputProps) => {
    const translate = useTranslate();
    const notify = useNotify();
    const record = useRecordContext();
    const altSource = `${source}Alt`;
    const { field, fieldState } = useInput({ source, defaultValue: [] });
    const { setValue, getValues } = useFormContext();
    const alts: string[] = useWatch({ name: altSource }) ?? [];
    const items: GalleryItem[] = Array.isArray(field.value) ? field.value : [];
    const fileInput = useRef<HTMLInputElement>(null);
    const [dragged, setDragged] = useState<number | null>(null);
    const [said, setSaid] = useState('');
    const count = items.length;
    const number = (i: number) => ({ number: i + 1, count });

    const update = (next: GalleryItem[], nextAlts: string[]) => {
        field.onChange(next);
        setValue(altSource, nextAlts, { shouldDirty: true });
    };
    const altsNow = () => items.map((_, i) => alts[i] ?? '');
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

    const dropOn = (to: number) => (event: DragEvent) => {
        event.preventDefault();
        if (dragged !== null) move(dragged, to);
        setDragged(null);
    };

    return (
        <Box className={`ra-input ra-input-${source}`} sx={{ width: '100%', mb: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
                <FieldTitle source={source} />
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
                {items.map((item, i) => (
                    <Box
                        component="li"
                        key={srcOf(item)}
                        draggable
                        aria-label={translate('app.gallery.picture', number(i))}
                        onDragStart={() => setDragged(i)}
                        onDragOver={(event: DragEvent) => dragged !== null && canMove(dragged, i) && event.preventDefault()}
                        onDrop={dropOn(i)}
                        onDragEnd={() => setDragged(null)}
                        sx={{ border: 1, borderColor: dragged === i ? 'primary.main' : 'divider', borderRadius: 1, p: 1, cursor: 'grab', opacity: dragged === i ? 0.5 : 1 }}
                    >
                        <Box
                            component="img"
                            {...(isStored(item) ? sizedImage(item, THUMB) : { src: item.src })}
                            alt={alts[i] || translate('app.gallery.picture', number(i))}
                            loading="lazy"
                            draggable={false}
                            width={THUMB}
                            height={120}
                            sx={{ display: 'block', width: '100%', height: 120, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
                        />
                        <TextField
                            size="small"
                            fullWidth
                            margin="dense"
                            label={translate('app.gallery.alt', number(i))}
                            placeholder={translate('app.gallery.alt_hint')}
                            value={alts[i] ?? ''}
                            inputProps={{ maxLength: 250 }}
                            onChange={event => setValue(altSource, altsNow().map((alt, j) => (j === i ? event.target.value : alt)), { shouldDirty: true })}
                        />
                        <Stack direction="row" alignItems="center" spacing={0.5}>
                            <Tooltip title={translate('app.gallery.earlier', number(i))}>
                                <span>
                                    <IconButton aria-label={translate('app.gallery.earlier', number(i))} disabled={!canMove(i, i - 1)} onClick={() => move(i, i - 1)}>
                                        <ArrowBackIcon />
                                    </IconButton>
                                </span>
                            </Tooltip>
                            <Tooltip title={translate('app.gallery.later', number(i))}>
                                <span>
                                    <IconButton aria-label={translate('app.gallery.later', number(i))} disabled={!canMove(i, i + 1)} onClick={() => move(i, i + 1)}>
                                        <ArrowForwardIcon />
                                    </IconButton>
                                </span>
                            </Tooltip>
                            {mainSource && isStored(item) && (
                                <Tooltip title={translate(mainUnsaved ? 'app.gallery.unsaved_main' : 'app.gallery.make_main', number(i))}>
                                    <span>
                                        <Button size="small" startIcon={<StarIcon />} sx={{ whiteSpace: 'nowrap' }} aria-label={translate('app.gallery.make_main', number(i))} disabled={mainUnsaved} onClick={() => makeMain(i)}>
                                            {translate('app.gallery.make_main_short')}
                                        </Button>
                                    </span>
                                </Tooltip>
                            )}
                            <Box sx={{ flex: 1 }} />
                            <Tooltip title={translate('app.gallery.remove', number(i))}>
                                <IconButton aria-label={translate('app.gallery.remove', number(i))} color="error" onClick={() => remove(i)}>
                                    <DeleteIcon />
                                </IconButton>
                            </Tooltip>
                        </Stack>
                    </Box>
                ))}
            </Box>
            <Button sx={{ mt: 1 }} variant="outlined" startIcon={<AddPhotoAlternateIcon />} onClick={() => fileInput.current?.click()}>
                {translate('app.gallery.add')}
            </Button>
            <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                accept={Object.keys(IMAGE_TYPES).join(',')}
                onChange={event => {
                    const files = [...(event.target.files ?? [])];
                    event.target.value = '';
                    void add(files);
                }}
            />
            <FormHelperText error={fieldState.invalid}>
                {fieldState.error?.message ? translate(fieldState.error.message) : `${helperText ? `${translate(helperText)} ` : ''}${translate('app.gallery.arrange_hint')} ${translate('app.upload.hint')}`}
            </FormHelperText>
            <Box role="status" sx={visuallyHidden}>
                {said}
            </Box>
        </Box>
    );
};
