import { Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

import { formatRupees } from './MoneyField';
import { savingOf } from './saving';
import { isLoose, unitOf } from '../../schema/measure';

/** A saving below the price (or as the form's hint): "Save ₹12 (8%)", in the theme's success colour. */
export const SavingText = ({ price, ceiling }: { price: unknown; ceiling: unknown }) => {
    const translate = useTranslate();
    const saving = savingOf(price, ceiling);
    if (!saving) return null;
    return (
        <Typography component="span" variant="caption" color="success.main" sx={{ whiteSpace: 'nowrap' }} data-testid="saving">
            {translate('app.list.saving', saving)}
        </Typography>
    );
};

/**
 * A price that may not be above another amount of its row (a product's MRP): the price, the MRP when there is one,
 * and what a customer saves.
 */
export const PriceWithSaving = ({ source = 'price', ceiling, unitSource, align = 'flex-end' }: Partial<FieldProps> & { ceiling: string; unitSource?: string; align?: 'flex-start' | 'flex-end' }) => {
    const record = useRecordContext();
    const translate = useTranslate();
    const value = record?.[source];
    if (value == null || value === '') return null;
    const top = record?.[ceiling];
    return (
        <Stack component="span" alignItems={align}>
            <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatRupees(Number(value))}
            </Typography>
            {/* Loose goods are priced by the kilogram or litre, said under the price so the column keeps its width. */}
            {unitSource && isLoose(record?.[unitSource]) && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('app.list.per_unit', { unit: translate(`app.units.${unitOf(record?.[unitSource])}`) })}
                </Typography>
            )}
            {top != null && top !== '' && (
                <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {translate('app.list.mrp', { amount: formatRupees(Number(top)) })}
                </Typography>
            )}
            <SavingText price={value} ceiling={top} />
        </Stack>
    );
};
