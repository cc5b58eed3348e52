import ImageNotSupportedIcon from '@mui/icons-material/ImageNotSupported';
import { Avatar } from '@mui/material';
import {
    useFieldValue,
    useGetRecordRepresentation,
    useRecordContext,
    useResourceContext,
    useTranslate,
    type FieldProps,
} from 'react-admin';

import { imageUrl } from '../config';

/** A small square preview of a stored image path such as `/uploads/3f2a.png`. */
export const ImageThumbField = ({ source = 'image', record: recordProp, size = 48 }: Partial<FieldProps> & { size?: number }) => {
    const record = useRecordContext({ record: recordProp });
    const resource = useResourceContext();
    const getRecordRepresentation = useGetRecordRepresentation(resource);
    const translate = useTranslate();
    const src = useFieldValue({ source, record });
    const alt = record ? String(getRecordRepresentation(record)) : '';
    return (
        <Avatar
            variant="rounded"
            src={src ? imageUrl(String(src)) : undefined}
            alt={alt}
            title={src ? alt : translate('app.list.no_image')}
            sx={{ width: size, height: size, bgcolor: 'action.hover', color: 'text.disabled' }}
        >
            <ImageNotSupportedIcon fontSize="small" />
        </Avatar>
    );
};
