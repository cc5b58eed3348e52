import { Chip } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

const COLOURS = { scheduled: 'info', active: 'success', expired: 'default' } as const;

/** Scheduled / Active / Expired: where a dated row (a coupon) stands today, as the API answers it. */
export const WindowStateField = ({ source = 'state', record }: Partial<FieldProps>) => {
    const translate = useTranslate();
    const state = useFieldValue({ source, record }) as keyof typeof COLOURS | undefined;
    if (!state) return null;
    return <Chip size="small" variant="outlined" color={COLOURS[state] ?? 'default'} label={translate(`app.window.${state}`)} />;
};
