import { ImageField, ImageInput, type ImageInputProps } from 'react-admin';

// Stored images arrive as paths; ImageInput previews `{ src }` objects, and only new files carry a rawFile.
const toPreview = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(toPreview);
    return typeof value === 'string' ? { src: value } : value;
};

// react-admin shows a preview's remove button on hover only: invisible on touch screens, and easy to miss in
// a gallery. A single image keeps the hover button: the API keeps a stored image when none is sent, so
// removing one only undoes a new pick.
const visibleRemoveButtons = {
    '& .RaFileInput-removeButton button': {
        opacity: 1,
        bgcolor: 'background.paper',
        boxShadow: 1,
        '&:hover': { bgcolor: 'background.paper' },
    },
};

/** ImageInput that accepts images only and previews both the stored images and new picks. */
export const ImageUploadInput = ({ sx, ...props }: ImageInputProps) => (
    <ImageInput
        accept={{ 'image/*': [] }}
        format={toPreview}
        sx={[props.multiple ? visibleRemoveButtons : {}, ...(Array.isArray(sx) ? sx : [sx])]}
        {...props}
    >
        <ImageField source="src" title="title" />
    </ImageInput>
);
