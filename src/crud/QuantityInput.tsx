import { InputAdornment } from '@mui/material';
import { NumberInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';

import { isLoose, unitOf } from '../../schema/measure';
import type { Field } from '../../schema/types';

const emptiedAsText = (value: string) => {
    const amount = parseFloat(value);
    return Number.isNaN(amount) ? '' : amount;
};

/**
 * A quantity in the unit the form's `unitField` names as the user changes it: whole pieces, or kilograms and litres
 * to three decimals with the unit after the number. Emptied, it is sent as empty text (none: stock not tracked).
 */
export const QuantityInput = ({ source, field, validate }: { source: string; field: Field; validate: Validator[] }) => {
    const translate = useTranslate();
    const unit = useWatch({ name: field.unitField ?? source });
    const loose = field.unitField !== undefined && isLoose(unit);
    const symbol = loose ? { endAdornment: <InputAdornment position="end">{translate(`app.units.${unitOf(unit)}`)}</InputAdornment> } : undefined;
    return <NumberInput source={source} validate={validate} min={0} max={field.max} step={loose ? 0.001 : 1} parse={emptiedAsText} InputProps={symbol} />;
};
