import { fromEvent } from 'file-selector';
import { useWatch } from 'react-hook-form';
import { ImageInput, useNotify, useRecordContext, useTranslate, type ImageInputProps, type Validator } from 'react-admin';

import { imageUrl } from '../config';
import { IMAGE_TYPES, imageFiles, MAX_IMAGE_BYTES } from './imageFileCheck';
import { shrinkAll } from './shrinkImage';
import { sizedImage } from './sizedImage';

/** How wide a preview is drawn at most (react-admin's preview box is 15em high). */
const PREVIEW_WIDTH = 320;

/** A preview: a stored image at the size drawn, a new file as the browser has it; its box set so nothing jumps. */
const Preview = ({ altSource }: { altSource?: string }) => {
    const record = useRecordContext<{ src?: string; title?: string }>();
    const alt = useWatch({ name: altSource ?? '__none' }) as string | undefined;
    if (!record?.src) return null;
    return (
        <img
            {...sizedImage(record.src, PREVIEW_WIDTH)}
            alt={(altSource && alt) || record.title || ''}
            title={record.title}
            loading="lazy"
            style={{ display: 'block', margin: '0.5rem', maxWidth: PREVIEW_WIDTH, maxHeight: '10rem', objectFit: 'contain' }}
        />
    );
};

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
 * ImageInput for the images the API stores: shrinks a picture over 2560 px in the browser, says the accepted types and the 5 MB limit beside the input,
 * refuses another type or a larger file at once (a notification, the file is not taken), and refuses under
 * the input a file whose content is no image (a text file named .png), before anything is sent.
 */
export const ImageUploadInput = ({ sx, validate, helperText, options, altSource, ...props }: ImageInputProps & { altSource?: string }) => {
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
            // A phone photo over 2560 px is drawn smaller first (shrinkImage), so the 5 MB check judges what is sent.
            options={{ ...options, onDropRejected, getFilesFromEvent: async event => shrinkAll(await fromEvent(event)) }}
            format={toPreview}
            validate={[...asList<Validator>(validate), imageFiles]}
            helperText={typeof helperText === 'string' ? `${translate(helperText)} ${translate('app.upload.hint')}` : 'app.upload.hint'}
            sx={[visibleRemoveButtons, ...(Array.isArray(sx) ? sx : [sx])]}
            {...props}
        >
            <Preview altSource={altSource} />
        </ImageInput>
    );
};
