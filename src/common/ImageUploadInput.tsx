import { ImageField, ImageInput, type ImageInputProps } from 'react-admin';

// Stored images arrive as paths; ImageInput previews `{ src }` objects, and only new files carry a rawFile.
const toPreview = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(toPreview);
    return typeof value === 'string' ? { src: value } : value;
};

/** ImageInput that accepts images only and previews both the stored image and a new pick. */
export const ImageUploadInput = (props: ImageInputProps) => (
    <ImageInput accept={{ 'image/*': [] }} format={toPreview} {...props}>
        <ImageField source="src" title="title" />
    </ImageInput>
);
