import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import StarIcon from '@mui/icons-material/Star';
import { Box, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import type { DragEvent } from 'react';
import { useTranslate } from 'react-admin';

import { sizedImage } from './sizedImage';
import type { Gallery, GalleryItem } from './useGallery';

const isStored = (item: GalleryItem): item is string => typeof item === 'string';
const THUMB = 160;

export interface GalleryPictureProps {
    gallery: Gallery;
    item: GalleryItem;
    index: number;
    /** The owner's image field the picture can swap with; none, no "Make main picture" button. */
    mainSource?: string;
}

/** One picture of a gallery: its thumbnail, its alt text, and its buttons; dragged onto another to move it there. */
export const GalleryPicture = ({ gallery, item, index: i, mainSource }: GalleryPictureProps) => {
    const translate = useTranslate();
    const { alts, count, dragged, setDragged, canMove, move } = gallery;
    const number = { number: i + 1, count };

    const dropOn = (event: DragEvent) => {
        event.preventDefault();
        if (dragged !== null) move(dragged, i);
        setDragged(null);
    };

    return (
        <Box
            component="li"
            draggable
            aria-label={translate('app.gallery.picture', number)}
            onDragStart={() => setDragged(i)}
            onDragOver={(event: DragEvent) => dragged !== null && canMove(dragged, i) && event.preventDefault()}
            onDrop={dropOn}
            onDragEnd={() => setDragged(null)}
            sx={{ border: 1, borderColor: dragged === i ? 'primary.main' : 'divider', borderRadius: 1, p: 1, cursor: 'grab', opacity: dragged === i ? 0.5 : 1 }}
        >
            <Box
                component="img"
                {...(isStored(item) ? sizedImage(item, THUMB) : { src: item.src })}
                alt={alts[i] || translate('app.gallery.picture', number)}
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
                label={translate('app.gallery.alt', number)}
                placeholder={translate('app.gallery.alt_hint')}
                value={alts[i] ?? ''}
                inputProps={{ maxLength: 250 }}
                onChange={event => gallery.setAlt(i, event.target.value)}
            />
            <GalleryPictureButtons gallery={gallery} index={i} showMakeMain={Boolean(mainSource) && isStored(item)} />
        </Box>
    );
};

/** Earlier, later, make main and remove, each named with the picture's number for screen readers. */
const GalleryPictureButtons = ({ gallery, index: i, showMakeMain }: { gallery: Gallery; index: number; showMakeMain: boolean }) => {
    const translate = useTranslate();
    const { count, canMove, move, mainUnsaved, makeMain, remove } = gallery;
    const number = { number: i + 1, count };
    return (
        <Stack direction="row" alignItems="center" spacing={0.5}>
            <Tooltip title={translate('app.gallery.earlier', number)}>
                <span>
                    <IconButton aria-label={translate('app.gallery.earlier', number)} disabled={!canMove(i, i - 1)} onClick={() => move(i, i - 1)}>
                        <ArrowBackIcon />
                    </IconButton>
                </span>
            </Tooltip>
            <Tooltip title={translate('app.gallery.later', number)}>
                <span>
                    <IconButton aria-label={translate('app.gallery.later', number)} disabled={!canMove(i, i + 1)} onClick={() => move(i, i + 1)}>
                        <ArrowForwardIcon />
                    </IconButton>
                </span>
            </Tooltip>
            {showMakeMain && (
                <Tooltip title={translate(mainUnsaved ? 'app.gallery.unsaved_main' : 'app.gallery.make_main', number)}>
                    <span>
                        <Button size="small" startIcon={<StarIcon />} sx={{ whiteSpace: 'nowrap' }} aria-label={translate('app.gallery.make_main', number)} disabled={mainUnsaved} onClick={() => makeMain(i)}>
                            {translate('app.gallery.make_main_short')}
                        </Button>
                    </span>
                </Tooltip>
            )}
            <Box sx={{ flex: 1 }} />
            <Tooltip title={translate('app.gallery.remove', number)}>
                <IconButton aria-label={translate('app.gallery.remove', number)} color="error" onClick={() => remove(i)}>
                    <DeleteIcon />
                </IconButton>
            </Tooltip>
        </Stack>
    );
};
