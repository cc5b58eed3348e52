import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useRef } from 'react';
import { FieldTitle, useTranslate } from 'react-admin';

import { GalleryPicture } from './GalleryPicture';
import { IMAGE_TYPES } from './imageFileCheck';
import { useGallery, type GalleryItem } from './useGallery';

export { MAKE_MAIN, type GalleryItem } from './useGallery';

const srcOf = (item: GalleryItem) => (typeof item === 'string' ? item : item.src);

export interface GalleryInputProps {
    source: string;
    /** The owner's image field a picture can swap with ("Make main picture"); none, no such button. */
    mainSource?: string;
    helperText?: string;
}

/**
 * A gallery staff arrange: each picture with its alt text, moved by dragging or by its arrow buttons (keyboard
 * and touch), made the main picture, or removed; all of it goes with the product's save. The alt texts live in
 * `<source>Alt`, one per picture in the same order, new pictures anywhere among the saved ones; a picture over 2560 px is shrunk in the browser first so that it fits the 5 MB limit.
 */
export const GalleryInput = ({ source, mainSource, helperText }: GalleryInputProps) => {
    const translate = useTranslate();
    const gallery = useGallery(source, mainSource);
    const { items, fieldState, said, add } = gallery;
    const fileInput = useRef<HTMLInputElement>(null);

    return (
        <Box className={`ra-input ra-input-${source}`} sx={{ width: '100%', mb: 2 }}>
            <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
                <FieldTitle source={source} />
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
                {items.map((item, i) => (
                    <GalleryPicture key={srcOf(item)} gallery={gallery} item={item} index={i} mainSource={mainSource} />
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
