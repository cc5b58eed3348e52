import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';

const decimals = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 18 → '18%', 2.5 → '2.5%': the API sends percents as written, not as fractions. */
export const formatPercent = (percent: number) => `${decimals.format(percent)}%`;

export const PercentField = ({ source = 'percent', record }: Partial<FieldProps>) => {
    const value = useFieldValue({ source, record });
    if (value == null || value === '') return null;
    return (
        <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatPercent(Number(value))}
        </Typography>
    );
};
