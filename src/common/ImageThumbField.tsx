import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { Avatar, Box } from '@mui/material';
import { useState } from 'react';
import {
    useFieldValue,
    useGetRecordRepresentation,
    useRecordContext,
    useResourceContext,
    useTranslate,
    type FieldProps,
} from 'react-admin';

import { sizedImage } from './sizedImage';

/**
 * A small square preview of a stored image path such as `/uploads/3f2a.png`, fetched at the size it is drawn.
 * A plain `img`, not an Avatar's: the Avatar checks its picture with `new Image()`, which loads every row's at
 * once (no lazy loading) and, with a `srcset`, twice.
 */
export const ImageThumbField = ({ source = 'image', record: recordProp, size = 48 }: Partial<FieldProps> & { size?: number }) => {
    const record = useRecordContext({ record: recordProp });
    const resource = useResourceContext();
    const getRecordRepresentation = useGetRecordRepresentation(resource);
    const translate = useTranslate();
    const src = useFieldValue({ source, record });
    const [failed, setFailed] = useState<unknown>(null);
    // The picture's own alt text (`imageAlt` beside `image`), else the record's name.
    const described = record?.[`${source}Alt`];
    const alt = typeof described === 'string' && described ? described : record ? String(getRecordRepresentation(record)) : '';
    if (src && failed !== src) {
        // The copy of the size drawn, fetched when it scrolls near (a list has 100 rows), its box set so nothing jumps.
        return (
            <Box
                component="img"
                {...sizedImage(String(src), size)}
                alt={alt}
                title={alt}
                loading="lazy"
                width={size}
                height={size}
                onError={() => setFailed(src)}
                sx={{ display: 'block', width: size, height: size, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
            />
        );
    }
    return (
        <Avatar
            variant="rounded"
            alt={alt}
            title={src ? alt : translate('app.list.no_image')}
            sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.disabled' }}
        >
            <ImageNotSupportedIcon fontSize="small" />
        </Avatar>
    );
};
