import { Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** ₹1,20,000.50: rupees with paise, Indian digit grouping. */
export const formatRupees = (amount: number) => rupees.format(amount);

/** An amount in rupees; in a table, align its column right. */
export const MoneyField = ({ source = 'price', record }: Partial<FieldProps>) => {
    const value = useFieldValue({ source, record });
    if (value == null || value === '') return null;
    return (
        <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatRupees(Number(value))}
        </Typography>
    );
};
