import { ImageField, ImageInput, useNotify, useTranslate, type ImageInputProps, type Validator } from 'react-admin';

import { imageUrl } from '../config';
import { IMAGE_TYPES, imageFiles, MAX_IMAGE_BYTES } from './imageFileCheck';

// Stored images arrive as paths; ImageInput previews `{ src }` objects, and only new files carry a rawFile.
const toPreview = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(toPreview);
    return typeof value === 'string' ? { src: imageUrl(value) } : value;
};

// react-admin shows a preview's remove button on hover only: invisible on touch screens, and easy to miss.
const visibleRemoveButtons = {
    '& .RaFileInput-removeButton button': {
        opacity: 1,
        bgcolor: 'background.paper',
        boxShadow: 1,
        '&:hover': { bgcolor: 'background.paper' },
    },
};

const asList = <T,>(value: T | T[] | undefined): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

/**
 * ImageInput for the images the API stores: says the accepted types and the 5 MB limit beside the input,
 * refuses another type or a larger file at once (a notification, the file is not taken), and refuses under
 * the input a file whose content is no image (a text file named .png), before anything is sent.
 */
export const ImageUploadInput = ({ sx, validate, helperText, options, ...props }: ImageInputProps) => {
    const notify = useNotify();
    const translate = useTranslate();
    // react-dropzone's rejections, as far as they are read here.
    const onDropRejected = (rejections: ReadonlyArray<{ errors: ReadonlyArray<{ code: string }> }>) => {
        const codes = rejections.flatMap(rejection => rejection.errors.map(error => error.code));
        notify(codes.includes('file-invalid-type') ? 'app.upload.wrong_type' : 'app.upload.too_large', { type: 'error' });
    };
    return (
        <ImageInput
            accept={IMAGE_TYPES}
            maxSize={MAX_IMAGE_BYTES}
            options={{ ...options, onDropRejected }}
            format={toPreview}
            validate={[...asList<Validator>(validate), imageFiles]}
            helperText={typeof helperText === 'string' ? `${translate(helperText)} ${translate('app.upload.hint')}` : 'app.upload.hint'}
            sx={[visibleRemoveButtons, ...(Array.isArray(sx) ? sx : [sx])]}
            {...props}
        >
            <ImageField source="src" title="title" />
        </ImageInput>
    );
};
