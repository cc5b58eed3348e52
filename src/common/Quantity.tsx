import { useEffect, useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

import { isLoose, unitOf } from '../../schema/measure';

/** A quantity as staff read it: "3" pieces, "0.75 kg", "1.5 l" (the unit's word in the screen's language). */
export const useQuantityText = () => {
    const translate = useTranslate();
    return (quantity: number, unit?: unknown) => {
        const amount = quantity.toLocaleString('en-IN', { maximumFractionDigits: 3 });
        return isLoose(unit) ? `${amount} ${translate(`app.units.${unitOf(unit)}`)}` : amount;
    };
};

/** A record's quantity with the unit its row names (`unitSource`, a product's `unit`). */
export const QuantityField = ({ source = 'stock', unitSource = 'unit' }: Partial<FieldProps> & { unitSource?: string }) => {
    const record = useRecordContext();
    const text = useQuantityText();
    const value = record?.[source];
    if (value == null || value === '') return null;
    return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text(Number(value), record?.[unitSource])}</span>;
};

interface QuantityBoxProps {
    value: number;
    unit?: unknown;
    /** Loose goods: the quantity the arrows add at a time (0.25 kg); pieces go one by one. */
    step?: number | null;
    max: number;
    label: string;
    onChange: (quantity: number) => void;
}

/** Whole pieces, or loose goods to the gram (three decimals), between 0 and `max`. */
const bounded = (value: number, loose: boolean, max: number) => Math.max(0, Math.min(max, loose ? Math.round(value * 1000) / 1000 : Math.floor(value)));

/**
 * A line's quantity at the order desk: pieces whole, loose goods in their unit with decimals ("0.75", kg after it).
 * The text typed is kept as typed ("0." on the way to "0.75"); the number it makes goes up.
 */
export const QuantityBox = ({ value, unit, step, max, label, onChange }: QuantityBoxProps) => {
    const translate = useTranslate();
    const loose = isLoose(unit);
    const [text, setText] = useState(String(value));
    useEffect(() => setText(typed => (Number(typed) === value ? typed : String(value))), [value]);
    return (
        <TextField
            type="number"
            size="small"
            value={text}
            onChange={event => {
                setText(event.target.value);
                const typed = Number(event.target.value);
                if (Number.isFinite(typed)) onChange(bounded(typed, loose, max));
            }}
            slotProps={{
                htmlInput: { min: 0, max, step: loose ? (step ?? 0.001) : 1, inputMode: loose ? 'decimal' : 'numeric', 'aria-label': label },
                input: loose ? { endAdornment: <InputAdornment position="end">{translate(`app.units.${unitOf(unit)}`)}</InputAdornment> } : undefined,
            }}
            sx={{ flex: `0 0 ${loose ? 120 : 84}px`, width: loose ? 120 : 84 }}
        />
    );
};
