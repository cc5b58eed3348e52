import { Chip } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

/** Active / Inactive chip for a 1 / 0 status. */
export const StatusField = ({ source = 'status', record }: Partial<FieldProps>) => {
    const translate = useTranslate();
    const value = useFieldValue({ source, record });
    if (value == null) return null;
    const active = Number(value) === 1;
    return (
        <Chip
            size="small"
            color={active ? 'success' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            label={translate(active ? 'app.status.active' : 'app.status.inactive')}
        />
    );
};
