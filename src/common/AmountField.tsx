import { Typography } from '@mui/material';
import { useFieldValue, useRecordContext, type FieldProps } from 'react-admin';

import { formatRupees } from './MoneyField';
import { formatPercent } from './PercentField';

/** An amount that is rupees, or a percent when another field of the row says so (a coupon's discount). */
export const AmountField = ({ source, percentWhen }: Partial<FieldProps> & { source: string; percentWhen: { field: string; equals: string } }) => {
    const record = useRecordContext();
    const value = useFieldValue({ source, record });
    if (value == null || value === '') return null;
    const percent = record?.[percentWhen.field] === percentWhen.equals;
    return (
        <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {percent ? formatPercent(Number(value)) : formatRupees(Number(value))}
        </Typography>
    );
};
