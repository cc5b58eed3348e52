import { InputAdornment } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { NumberInput, type Validator } from 'react-admin';

import type { Field } from '../../schema/types';

const rupee = { startAdornment: <InputAdornment position="start">₹</InputAdornment> };
const percent = { endAdornment: <InputAdornment position="end">%</InputAdornment> };

const emptiedAsText = (value: string) => {
    const amount = parseFloat(value);
    return Number.isNaN(amount) ? '' : amount;
};

interface AmountInputProps {
    source: string;
    field: Field;
    validate: Validator[];
    places: number;
    max: number;
}

/**
 * A money or percent input with its sign: ₹ before rupees, % after a percentage; an amount that is a
 * percentage when another field says so (a coupon's discount, by its type) follows that field as it changes.
 */
export const AmountInput = ({ source, field, validate, places, max }: AmountInputProps) => {
    const other = useWatch({ name: field.percentWhen?.field ?? source });
    const isPercent = field.type === 'percent' || (field.percentWhen !== undefined && other === field.percentWhen.equals);
    // An optional amount emptied is sent as empty text, which the API stores as none (null is not sent at all).
    const parse = field.required ? undefined : emptiedAsText;
    return <NumberInput source={source} validate={validate} min={0} max={max} step={10 ** -places} parse={parse} InputProps={isPercent ? percent : rupee} />;
};
